import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { isScopeSubset } from '@tarang/shared/roles/auth-scopes';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import type { TUser, TUserUpdate } from '@tarang/shared/users/user.schemas';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { FormRadioGroup } from '@/components/form/fields/form-radio-group';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { PasswordField } from '@/components/form/fields/password-field';
import { PhoneField } from '@/components/form/fields/phone-field';
import { ReadOnlyField } from '@/components/form/fields/read-only-field';
import { FieldGrid, FormCard, FormSection, FULL_ROW, recordFormWords } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { findPasswordRefusal, PasswordStrengthMeter, translatePasswordMessage } from '@/components/ui/password-strength-meter';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { notify } from '@/lib/notify';
import { useCreateUser } from '../api/create-user';
import { useRoleOptions } from '../api/get-role-options';
import { useUpdateUser } from '../api/update-user';
import { useUserMessages } from '../utils/messages';
import { ZUserForm } from '../utils/user-form-schema';

type TOrgOption = Pick<TOrganization, 'id' | 'tradeName' | 'parentId'>;

/** The organisation and its ancestors (as far as the loaded list knows them). */
function lineage(organizationId: string, byId: Map<string, TOrgOption>): Set<string> {
  const out = new Set<string>([organizationId]);
  let current = byId.get(organizationId)?.parentId ?? null;
  while (current && !out.has(current)) {
    out.add(current);
    current = byId.get(current)?.parentId ?? null;
  }
  return out;
}

/**
 * Roles that fit a user placed in `organizationId` (null = staff): STAFF roles for staff users;
 * for organisation users the ORGANIZATION roles of the platform or of the organisation's line.
 */
export function rolesFor(roles: readonly TRole[], organizationId: string | null, organizations: readonly TOrgOption[]): TRole[] {
  if (organizationId === null) return roles.filter((r) => r.kind === 'STAFF');
  const line = lineage(organizationId, new Map(organizations.map((o) => [o.id, o])));
  return roles.filter((r) => r.kind === 'ORGANIZATION' && (r.organizationId === null || line.has(r.organizationId)));
}

type TUserFormProps = {
  /** The user being edited; none to add one. */
  user?: TUser;
  /** After a successful save: with the user after an edit; without one after a creation (POST /users names none). */
  onSaved: (user?: TUser) => void;
  onCancel: () => void;
};

/**
 * Add or edit a user: name, e-mail and/or phone, avatar, organisation (staff may choose "No
 * organisation (staff)"), a role of the matching kind, the status, and for a new user either an
 * initial password (sealed before sending) or an invitation by mail. Users editing themselves
 * cannot change their own role, status or organisation; without the edit permission the form is read-only.
 */
export function UserForm({ user, onSaved, onCancel }: TUserFormProps) {
  const { t } = useTranslation('users');
  const messages = useUserMessages();
  const { user: me, role: myRole } = useSignedIn();
  const isStaff = me.organization === null;
  const editing = Boolean(user);
  const self = user?.id === me.id;
  const readOnly = !useCan('user', editing ? 'edit' : 'add');
  const accessLocked = self || readOnly;
  const canListOrganizations = useCan('organisation');
  const canListRoles = useCan('role');
  const organizationsQuery = useOrganizationOptions(canListOrganizations && !accessLocked);
  const rolesQuery = useRoleOptions(canListRoles && !accessLocked);

  const form = useSchemaForm(ZUserForm, {
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      avatar: user?.avatar ?? '',
      organizationId: user ? (user.organization?.id ?? '') : (me.organization?.id ?? ''),
      role: user?.role.id ?? '',
      status: user?.status ?? 'ACTIVE',
      access: 'invite',
      password: '',
    },
  });
  const { control, getValues, setValue } = form;
  const [organizationId, access, password, firstName, lastName, email, phone] = useWatch({
    control,
    name: ['organizationId', 'access', 'password', 'firstName', 'lastName', 'email', 'phone'],
  });
  const passwordRefused = Boolean(form.formState.errors.password);

  // Without the organisation list, the organisations at hand: the user's own and the editor's own.
  const known = useMemo(
    () => [user?.organization, me.organization].map((o) => (o ? { id: o.id, tradeName: o.tradeName, parentId: null } : null)),
    [user?.organization, me.organization],
  );
  const organizations = useMemo((): TOrgOption[] => {
    const list: TOrgOption[] = [...(organizationsQuery.data ?? [])];
    for (const o of known) if (o && !list.some((l) => l.id === o.id)) list.push(o);
    return list;
  }, [organizationsQuery.data, known]);

  const roleOptions = useMemo(() => {
    const grantable = (rolesQuery.data ?? []).filter((r) => isScopeSubset(r.authScopes, myRole.authScopes));
    const fitting = rolesFor(grantable, organizationId || null, organizations);
    if (user && !fitting.some((r) => r.id === user.role.id) && (user.organization?.id ?? '') === organizationId) {
      // The user's current role stays selectable even when it is not one the editor could hand out.
      fitting.unshift({ id: user.role.id, name: user.role.name } as TRole);
    }
    return fitting;
  }, [rolesQuery.data, myRole.authScopes, organizationId, organizations, user]);

  // A role that does not fit the chosen organisation is cleared.
  useEffect(() => {
    if (accessLocked || !rolesQuery.data) return;
    const current = getValues('role');
    if (current && !roleOptions.some((r) => r.id === current)) setValue('role', '');
  }, [roleOptions, rolesQuery.data, accessLocked, getValues, setValue]);

  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const formMessages = useMemo(
    () => ({ message: (m: string) => translatePasswordMessage(m) ?? messages.message(m), failure: messages.failure }),
    [messages],
  );
  const rolesUnavailable = !accessLocked && (!canListRoles || rolesQuery.isError);

  return (
    <FormCard
      form={form}
      messages={formMessages}
      readOnly={readOnly}
      {...recordFormWords(t, editing, readOnly)}
      onCancel={onCancel}
      check={async (values) =>
        !user && values.access === 'password' ? { password: await findPasswordRefusal(values.password, values) } : null
      }
      onSubmit={async (values) => {
        const details = {
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email ?? null,
          phone: values.phone ?? null,
          avatar: values.avatar ?? null,
        };
        // A new user is not named in the answer (POST /users), so only an edit hands the saved user on.
        let saved: { user?: TUser; message?: string };
        if (!user) {
          saved = await createUser.mutateAsync({
            ...details,
            role: values.role,
            organizationId: values.organizationId ?? null,
            ...(values.access === 'password' ? { initialPassword: values.password } : {}),
          });
        } else {
          const data: TUserUpdate = {
            ...details,
            ...(self ? {} : { role: values.role, organizationId: values.organizationId ?? null, status: values.status }),
          };
          saved = await updateUser.mutateAsync({ id: user.id, data });
        }
        notify.success(messages.success(saved.message, user ? 'updated' : 'created'));
        onSaved(saved.user);
      }}
    >
      <FormSection title={t('form.details')}>
        <FormTextField name="firstName" label={t('fields.firstName')} required autoComplete="off" />
        <FormTextField name="lastName" label={t('fields.lastName')} required autoComplete="off" />
        <FormTextField name="email" type="email" label={t('fields.email')} autoComplete="off" />
        <PhoneField name="phone" label={t('fields.phone')} autoComplete="off" hint={t('form.phoneHint')} />
        <FormTextField name="avatar" type="url" label={t('fields.avatar')} hint={t('form.avatarHint')} sx={FULL_ROW} />
      </FormSection>

      <FormSection divider grid={false} title={t('form.access')}>
        {self && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('form.selfLocked')}
          </Alert>
        )}
        <FieldGrid>
          {accessLocked ? (
            <>
              <ReadOnlyField label={t('fields.organization')} value={user?.organization?.tradeName ?? t('staffOrganization')} />
              <ReadOnlyField label={t('fields.role')} value={user?.role.name ?? ''} />
            </>
          ) : (
            <>
              <OrganizationField
                name="organizationId"
                label={t('fields.organization')}
                required
                canList={canListOrganizations}
                none={isStaff ? t('staffOrganization') : undefined}
                known={known}
                hint={isStaff ? t('form.organizationHintStaff') : undefined}
              />
              <FormSelect
                name="role"
                label={t('fields.role')}
                required
                disabled={rolesUnavailable}
                emptyText={t('form.noRoles')}
                options={roleOptions.map((r) => ({ value: r.id, label: r.name, description: r.description ?? undefined }))}
                hint={
                  rolesUnavailable ? t('form.rolesUnavailable') : organizationId ? t('form.roleHintOrganization') : t('form.roleHintStaff')
                }
              />
            </>
          )}
          {editing &&
            (accessLocked ? (
              <ReadOnlyField label={t('fields.status')} value={user ? t(`status.${user.status}`) : ''} />
            ) : (
              <FormSelect
                name="status"
                label={t('fields.status')}
                options={[
                  { value: 'ACTIVE', label: t('status.ACTIVE') },
                  { value: 'INVITED', label: t('status.INVITED'), disabled: true },
                  { value: 'DISABLED', label: t('status.DISABLED') },
                ]}
              />
            ))}
        </FieldGrid>

        {!editing && (
          <Box sx={{ mt: 3 }}>
            <FormRadioGroup
              name="access"
              label={t('form.signIn')}
              options={[
                { value: 'invite', label: t('form.sendInvitation') },
                { value: 'password', label: t('form.setPassword') },
              ]}
            />
            {access === 'password' ? (
              <Box sx={{ maxWidth: { md: 'calc(50% - 8px)' }, mt: 1 }}>
                <PasswordField
                  name="password"
                  label={t('fields.password')}
                  required
                  fullWidth
                  autoComplete="new-password"
                  hint={t('form.passwordHint')}
                />
                <Box sx={{ mt: 2 }}>
                  <PasswordStrengthMeter password={password} owner={{ firstName, lastName, email, phone }} hideReason={passwordRefused} />
                </Box>
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('form.invitationHint')}
              </Typography>
            )}
          </Box>
        )}
      </FormSection>
    </FormCard>
  );
}
