import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import type { TRole, TRoleUpdate } from '@tarang/shared/roles/role.schemas';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { ReadOnlyField } from '@/components/form/fields/read-only-field';
import { useFormField } from '@/components/form/fields/use-form-field';
import { FormCard, FormSection, FULL_ROW, recordFormWords } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';
import { useRoleMessages } from '../utils/messages';
import { ZRoleForm } from '../utils/role-form-schema';
import { normalizeScopes, type TGrantable } from '../utils/scopes';
import { AuthScopesEditor } from './auth-scopes-editor';

type TRoleFormProps = {
  /** The role being edited; none to add one. */
  role?: TRole;
  /** Staff (a user with no organisation) choose the kind and may make platform roles. */
  isStaff: boolean;
  ownOrganizationId: string | null;
  /** The editor's own permissions: nobody can grant what they don't hold. */
  grantable?: TAuthScopes;
  /** Whether the role allows saving (add or edit); otherwise the form is read-only. */
  canSave: boolean;
  /** Whether the role may list organisations (for the organisation select). */
  canListOrganizations?: boolean;
  onSaved: (role: TRole) => void;
  onCancel: () => void;
};

/** The permission matrix as a field of the form. */
function PermissionsField({ grantable }: { grantable?: TGrantable }) {
  const { field, error, helperText, readOnly } = useFormField('authScopes');
  return (
    <AuthScopesEditor
      value={field.value as TAuthScopes}
      onChange={field.onChange}
      grantable={grantable}
      readOnly={readOnly}
      error={error ? (helperText as string) : undefined}
    />
  );
}

/**
 * Add or edit a role: name, description, kind (staff only), organisation, and the permission
 * matrix. Built-in (system) roles are shown read-only.
 */
export function RoleForm({
  role,
  isStaff,
  ownOrganizationId,
  grantable,
  canSave,
  canListOrganizations = true,
  onSaved,
  onCancel,
}: TRoleFormProps) {
  const { t } = useTranslation('roles');
  const messages = useRoleMessages();
  const editing = Boolean(role);
  const system = role?.system === true;
  const readOnly = !canSave || system;
  const organizations = useOrganizationOptions(canListOrganizations && Boolean(role?.organizationId)).data;

  const form = useSchemaForm(ZRoleForm, {
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      kind: role?.kind ?? 'ORGANIZATION',
      organizationId: role ? (role.organizationId ?? '') : isStaff ? '' : (ownOrganizationId ?? ''),
      authScopes: role?.authScopes ?? {},
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();

  const organizationName =
    kind === 'STAFF' || !role?.organizationId
      ? t('form.platformRole')
      : (organizations?.find((o) => o.id === role.organizationId)?.tradeName ?? t('form.ownOrganization'));

  return (
    <FormCard
      form={form}
      messages={messages}
      readOnly={readOnly}
      {...recordFormWords(t, editing, readOnly)}
      notice={system ? t('form.system') : readOnly ? t('form.readOnly') : undefined}
      onCancel={onCancel}
      onSubmit={async (values) => {
        const authScopes = normalizeScopes(values.authScopes);
        const description = values.description ?? null;
        let saved: { role: TRole; message?: string };
        if (!role) {
          saved = await createRole.mutateAsync({
            name: values.name,
            description,
            kind: isStaff ? values.kind : 'ORGANIZATION',
            organizationId: values.kind === 'STAFF' ? null : (values.organizationId ?? null),
            authScopes,
          });
        } else {
          const data: TRoleUpdate = { name: values.name, description, authScopes };
          saved = await updateRole.mutateAsync({ id: role.id, data });
        }
        notify.success(messages.success(saved.message, role ? 'updated' : 'created'));
        onSaved(saved.role);
      }}
    >
      <FormSection title={t('form.details')}>
        <FormTextField name="name" label={t('fields.name')} required autoComplete="off" />
        {isStaff && !editing ? (
          <FormSelect
            name="kind"
            label={t('fields.kind')}
            hint={t(`form.kindHint.${kind}`)}
            options={[
              { value: 'ORGANIZATION', label: t('kind.ORGANIZATION') },
              { value: 'STAFF', label: t('kind.STAFF') },
            ]}
            onValueChange={(value) => {
              if (value === 'STAFF') form.setValue('organizationId', '');
            }}
          />
        ) : (
          isStaff && <ReadOnlyField label={t('fields.kind')} value={role ? t(`kind.${role.kind}`) : ''} />
        )}
        <FormTextField name="description" label={t('fields.description')} autoComplete="off" multiline minRows={1} sx={FULL_ROW} />
        {editing || kind === 'STAFF' ? (
          <ReadOnlyField label={t('fields.organization')} value={organizationName} />
        ) : (
          <OrganizationField
            name="organizationId"
            label={t('fields.organization')}
            canList={canListOrganizations}
            none={isStaff ? t('form.platformRole') : undefined}
            known={[ownOrganizationId ? { id: ownOrganizationId, tradeName: t('form.ownOrganization'), parentId: null } : null]}
            hint={t('form.organizationHint')}
          />
        )}
      </FormSection>
      <FormSection divider grid={false} title={t('form.permissions')} hint={t('form.permissionsHint')}>
        <PermissionsField grantable={grantable} />
      </FormSection>
    </FormCard>
  );
}
