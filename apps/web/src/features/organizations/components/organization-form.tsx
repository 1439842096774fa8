import type { TOrganization, TOrganizationUpdate } from '@tarang/shared/organizations/organization.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { ReadOnlyField } from '@/components/form/fields/read-only-field';
import { FormCard, FormSection, recordFormWords } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { selfAndDescendants } from '@/lib/organization-tree';
import { useCreateOrganization } from '../api/create-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { useOrganizationMessages } from '../utils/messages';
import { ZOrganizationForm } from '../utils/organization-form-schema';

type TOrganizationFormProps = {
  /** The organisation being edited; none to add one. */
  organization?: TOrganization;
  /** Staff may place an organisation at the top level; organisation users only below their own. */
  isStaff: boolean;
  /** The editor's own organisation (the default parent of a new one for organisation users). */
  ownOrganizationId: string | null;
  /** Whether the role allows saving (add or edit); otherwise the form is read-only. */
  canSave: boolean;
  /** Whether the role may list organisations (for the parent select). */
  canListOrganizations?: boolean;
  onSaved: (organization: TOrganization) => void;
  onCancel: () => void;
};

/** Add or edit an organisation: trade name, brand name, e-mail, parent (and the status when editing). */
export function OrganizationForm({
  organization,
  isStaff,
  ownOrganizationId,
  canSave,
  canListOrganizations = true,
  onSaved,
  onCancel,
}: TOrganizationFormProps) {
  const { t } = useTranslation('organizations');
  const messages = useOrganizationMessages();
  const editing = Boolean(organization);
  const readOnly = !canSave;
  // Users cannot move or disable their own organisation.
  const own = organization !== undefined && organization.id === ownOrganizationId;
  const organizations = useOrganizationOptions(canListOrganizations && !readOnly).data;

  const defaultParent = organization ? (organization.parentId ?? '') : isStaff ? '' : (ownOrganizationId ?? '');
  const form = useSchemaForm(ZOrganizationForm, {
    defaultValues: {
      tradeName: organization?.tradeName ?? '',
      brandName: organization?.brandName ?? '',
      email: organization?.email ?? '',
      parentId: defaultParent,
      status: organization?.status ?? 'ACTIVE',
    },
  });
  const createOrganization = useCreateOrganization();
  const updateOrganization = useUpdateOrganization();

  // An organisation cannot move under itself or below; a parent out of the caller's reach still shows.
  const notParents = useMemo(
    () => (organization ? selfAndDescendants(organization.id, organizations ?? []) : undefined),
    [organization, organizations],
  );
  const parentName =
    organizations?.find((o) => o.id === defaultParent)?.tradeName ?? (defaultParent ? t('form.currentParent') : t('form.noParent'));
  const currentParent = defaultParent ? { id: defaultParent, tradeName: parentName, parentId: null } : null;

  return (
    <FormCard
      form={form}
      messages={messages}
      readOnly={readOnly}
      {...recordFormWords(t, editing, readOnly)}
      onCancel={onCancel}
      onSubmit={async (values) => {
        const { tradeName, brandName, email, parentId, status } = values;
        let saved: { organization: TOrganization; message?: string };
        if (!organization) {
          saved = await createOrganization.mutateAsync({ tradeName, brandName, email, parentId });
        } else {
          const data: TOrganizationUpdate = { tradeName, brandName, email, ...(own ? {} : { parentId, status }) };
          saved = await updateOrganization.mutateAsync({ id: organization.id, data });
        }
        notify.success(messages.success(saved.message, organization ? 'updated' : 'created'));
        onSaved(saved.organization);
      }}
    >
      <FormSection title={t('form.details')}>
        <FormTextField name="tradeName" label={t('fields.tradeName')} required autoComplete="off" />
        <FormTextField name="brandName" label={t('fields.brandName')} autoComplete="off" />
        <FormTextField name="email" type="email" label={t('fields.email')} autoComplete="off" hint={t('form.emailHint')} />
        {own || readOnly ? (
          <ReadOnlyField label={t('fields.parent')} value={parentName} hint={own ? t('form.ownLocked') : undefined} />
        ) : (
          <OrganizationField
            name="parentId"
            label={t('fields.parent')}
            required={!isStaff}
            canList={canListOrganizations}
            exclude={notParents}
            none={isStaff ? t('form.noParent') : undefined}
            known={[currentParent]}
            hint={isStaff ? t('form.parentHintStaff') : t('form.parentHint')}
          />
        )}
        {editing && !own && (
          <FormSelect
            name="status"
            label={t('fields.status')}
            options={[
              { value: 'ACTIVE', label: t('status.ACTIVE') },
              { value: 'DISABLED', label: t('status.DISABLED') },
            ]}
          />
        )}
      </FormSection>
    </FormCard>
  );
}
