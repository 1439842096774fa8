import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { useMemo } from 'react';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { OrganizationSelect } from '@/components/ui/organization-select';
import { useFormField } from './use-form-field';

type TKnownOrganization = Pick<TOrganization, 'id' | 'tradeName' | 'parentId'>;

type TOrganizationFieldProps = {
  /** The form value: an organisation's id, or '' for the `none` choice. */
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** Whether the caller's role may list organisations; without it only `known` ones are offered. */
  canList?: boolean;
  /** Organisations not to offer (an organisation and its subtree, as its own parent). */
  exclude?: Iterable<string>;
  /**
   * A first choice that is no organisation, held as '' ("No parent", "No organisation (staff)"); without it the choice
   * cannot be emptied.
   */
  none?: string;
  /** Organisations offered even when the list does not hold them (the record's own, the editor's own). */
  known?: readonly (TKnownOrganization | null | undefined)[];
};

/**
 * An organisation of the caller's reach (their subtree; everything for staff), children indented under their
 * parents, from the one list every select of the console shares (`useOrganizationOptions`).
 */
export function OrganizationField({ name, label, hint, required, canList = true, exclude, none, known = [] }: TOrganizationFieldProps) {
  const { field, error, helperText, readOnly } = useFormField(name, hint);
  const query = useOrganizationOptions(canList && !readOnly);
  const organizations = useMemo(() => {
    const list: TKnownOrganization[] = [...(query.data ?? [])];
    for (const organization of known) {
      if (organization && !list.some((o) => o.id === organization.id)) list.push(organization);
    }
    return list;
  }, [query.data, known]);
  const extra = useMemo(() => (none === undefined ? undefined : { id: '', label: none }), [none]);
  return (
    <OrganizationSelect
      organizations={organizations}
      loading={query.isFetching}
      value={field.value as string}
      onChange={(id) => field.onChange(id ?? '')}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      exclude={exclude}
      extra={extra}
      disableClearable={none === undefined}
      disabled={readOnly}
      label={label}
      required={required}
      error={error}
      helperText={helperText as string | undefined}
    />
  );
}
