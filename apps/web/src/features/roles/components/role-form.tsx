import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import type { TRole, TRoleUpdate } from '@tarang/shared/roles/role.schemas';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { notify } from '@/lib/notify';
import { applyServerErrors } from '@/lib/server-errors';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';
import { useRoleMessages } from '../utils/messages';
import { ROLE_FORM_FIELDS, type TRoleFormInput, type TRoleFormOutput, ZRoleForm } from '../utils/role-form-schema';
import { normalizeScopes } from '../utils/scopes';
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

type TChoice = { id: string; label: string };

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
  const organizationsQuery = useOrganizationOptions(canListOrganizations && (!editing || Boolean(role?.organizationId)));

  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<TRoleFormInput, unknown, TRoleFormOutput>({
    resolver: zodResolver(ZRoleForm),
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      kind: role?.kind ?? 'ORGANIZATION',
      organizationId: role ? (role.organizationId ?? '') : isStaff ? '' : (ownOrganizationId ?? ''),
      authScopes: role?.authScopes ?? {},
    },
  });
  const kind = useWatch({ control, name: 'kind' });

  const organizationChoices = useMemo((): TChoice[] => {
    const list = (organizationsQuery.data ?? []).map((o) => ({ id: o.id, label: o.tradeName }));
    if (ownOrganizationId && !list.some((o) => o.id === ownOrganizationId))
      list.unshift({ id: ownOrganizationId, label: t('form.ownOrganization') });
    return isStaff ? [{ id: '', label: t('form.platformRole') }, ...list] : list;
  }, [organizationsQuery.data, isStaff, ownOrganizationId, t]);

  const createMutation = useCreateRole();
  const updateMutation = useUpdateRole();

  const onSubmit = handleSubmit(async (values) => {
    const authScopes = normalizeScopes(values.authScopes);
    try {
      let saved: { role: TRole; message?: string };
      if (!role) {
        saved = await createMutation.mutateAsync({
          name: values.name,
          description: values.description ?? null,
          kind: isStaff ? values.kind : 'ORGANIZATION',
          organizationId: values.kind === 'STAFF' ? null : (values.organizationId ?? null),
          authScopes,
        });
      } else {
        const data: TRoleUpdate = { name: values.name, description: values.description ?? null, authScopes };
        saved = await updateMutation.mutateAsync({ id: role.id, data });
      }
      notify.success(messages.success(saved.message, role ? 'updated' : 'created'));
      onSaved(saved.role);
    } catch (error) {
      const placed = applyServerErrors(error, setError, ROLE_FORM_FIELDS, messages.message);
      if (!placed) notify.error(messages.failure(error));
    }
  });

  const fieldError = (name: (typeof ROLE_FORM_FIELDS)[number]) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message ? { error: true, helperText: messages.message(message) } : {};
  };
  const rawScopesError = errors.authScopes?.message ?? errors.authScopes?.root?.message;
  const scopesError = typeof rawScopesError === 'string' ? rawScopesError : undefined;

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <CardContent
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={editing ? t('form.editLabel') : t('form.addLabel')}
        sx={{ p: { xs: 2, md: 3 } }}
      >
        {system && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('form.system')}
          </Alert>
        )}
        {!system && readOnly && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('form.readOnly')}
          </Alert>
        )}
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 2 }}>
          {t('form.details')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField
            {...register('name')}
            label={t('fields.name')}
            required
            disabled={readOnly}
            autoComplete="off"
            {...fieldError('name')}
          />
          {isStaff && !editing ? (
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.kind')}
                  {...field}
                  onChange={(e) => {
                    field.onChange(e);
                    if (e.target.value === 'STAFF') setValue('organizationId', '');
                  }}
                  {...(errors.kind ? fieldError('kind') : { helperText: t(`form.kindHint.${kind}`) })}
                >
                  <MenuItem value="ORGANIZATION">{t('kind.ORGANIZATION')}</MenuItem>
                  <MenuItem value="STAFF">{t('kind.STAFF')}</MenuItem>
                </TextField>
              )}
            />
          ) : (
            isStaff && <TextField label={t('fields.kind')} value={role ? t(`kind.${role.kind}`) : ''} disabled />
          )}
          <TextField
            {...register('description')}
            label={t('fields.description')}
            disabled={readOnly}
            autoComplete="off"
            multiline
            minRows={1}
            sx={{ gridColumn: { md: '1 / -1' } }}
            {...fieldError('description')}
          />
          {editing || kind === 'STAFF' ? (
            <TextField
              label={t('fields.organization')}
              value={
                kind === 'STAFF' || !role?.organizationId
                  ? t('form.platformRole')
                  : (organizationChoices.find((o) => o.id === role.organizationId)?.label ?? t('form.ownOrganization'))
              }
              disabled
            />
          ) : (
            <Controller
              control={control}
              name="organizationId"
              render={({ field }) => (
                <Autocomplete
                  options={organizationChoices}
                  value={organizationChoices.find((o) => o.id === field.value) ?? null}
                  onChange={(_e, option) => field.onChange(option?.id ?? (isStaff ? '' : (ownOrganizationId ?? '')))}
                  onBlur={field.onBlur}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  disableClearable={!isStaff}
                  loading={organizationsQuery.isFetching}
                  noOptionsText={t('form.noOrganizations')}
                  renderInput={(props) => (
                    <TextField
                      {...props}
                      inputRef={field.ref}
                      label={t('fields.organization')}
                      {...(errors.organizationId ? fieldError('organizationId') : { helperText: t('form.organizationHint') })}
                    />
                  )}
                />
              )}
            />
          )}
        </Box>

        <Divider sx={{ my: 3 }} />
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 0.5 }}>
          {t('form.permissions')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('form.permissionsHint')}
        </Typography>
        <Controller
          control={control}
          name="authScopes"
          render={({ field }) => (
            <AuthScopesEditor
              value={field.value as TAuthScopes}
              onChange={field.onChange}
              grantable={grantable}
              readOnly={readOnly}
              error={scopesError ? messages.message(scopesError) : undefined}
            />
          )}
        />

        <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {readOnly ? t('actions.back') : t('actions.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {editing ? t('actions.save') : t('actions.create')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
