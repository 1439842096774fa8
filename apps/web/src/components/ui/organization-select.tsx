import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { type Ref, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { depthById } from '@/lib/organization-tree';

type TChoice = { id: string; label: string; depth: number };

type TOrganizationSelectProps = {
  /** The organisations of the caller's reach, parents before their children (`useOrganizationOptions`). */
  organizations: readonly Pick<TOrganization, 'id' | 'tradeName' | 'parentId'>[];
  value: string | null;
  onChange: (id: string | null) => void;
  label: string;
  loading?: boolean;
  /** Organisations not to offer (the caller's own, as an allocation target; an organisation and its subtree, as its parent). */
  exclude?: string | Iterable<string> | null;
  /** A first choice that is not an organisation ("Provider stock"), under this id. */
  extra?: { id: string; label: string };
  required?: boolean;
  size?: 'small' | 'medium';
  helperText?: string;
  error?: boolean;
  sx?: object;
  /** The choice cannot be emptied (an organisation user's new records stay inside their organisation). */
  disableClearable?: boolean;
  disabled?: boolean;
  /** For a form: its field's name, focus target and blur. */
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
};

/** Picks one organisation of the caller's reach, children indented below their parents. */
export function OrganizationSelect({
  organizations,
  value,
  onChange,
  label,
  loading,
  exclude,
  extra,
  required,
  size,
  helperText,
  error,
  sx,
  disableClearable,
  disabled,
  name,
  inputRef,
  onBlur,
}: TOrganizationSelectProps) {
  const { t } = useTranslation('ui');
  const choices = useMemo((): TChoice[] => {
    const depth = depthById(organizations);
    const excluded = new Set(typeof exclude === 'string' ? [exclude] : (exclude ?? []));
    const list = organizations
      .filter((o) => !excluded.has(o.id))
      .map((o) => ({ id: o.id, label: o.tradeName, depth: depth.get(o.id) ?? 0 }));
    return extra ? [{ ...extra, depth: 0 }, ...list] : list;
  }, [organizations, exclude, extra]);
  return (
    <Autocomplete
      size={size}
      options={choices}
      value={choices.find((c) => c.id === value) ?? null}
      onChange={(_e, choice) => onChange(choice?.id ?? null)}
      onBlur={onBlur}
      disableClearable={disableClearable}
      disabled={disabled}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      noOptionsText={t('noOrganizations')}
      renderOption={({ key, ...props }, choice) => (
        <li key={key} {...props} style={{ paddingLeft: 16 + choice.depth * 20 }}>
          {choice.label}
        </li>
      )}
      sx={sx}
      renderInput={(props) => (
        <TextField {...props} name={name} inputRef={inputRef} label={label} required={required} helperText={helperText} error={error} />
      )}
    />
  );
}
