import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { isScopeSubset } from '@tarang/shared/roles/auth-scopes';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import type { TUser, TUserUpdate } from '@tarang/shared/users/user.schemas';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { findPasswordRefusal, PasswordStrengthMeter, translatePasswordMessage } from '@/components/ui/password-strength-meter';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { notify } from '@/lib/notify';
import { applyServerErrors } from '@/lib/server-errors';
import { useCreateUser } from '../api/create-user';
import { useRoleOptions } from '../api/get-role-options';
import { useUpdateUser } from '../api/update-user';
import { useUserMessages } from '../utils/messages';
import { type TUserFormInput, type TUserFormOutput, USER_FORM_FIELDS, ZUserForm } from '../utils/user-form-schema';
import { PasswordInput } from './password-input';

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
  const formId = useId();
  const { user: me, role: myRole } = useSignedIn();
  const isStaff = me.organization === null;
  const editing = Boolean(user);
  const self = user?.id === me.id;
  const canSave = useCan('user', editing ? 'edit' : 'add');
  const readOnly = !canSave;
  const accessLocked = self || readOnly;
  const canListOrganizations = useCan('organisation');
  const canListRoles = useCan('role');

  const organizationsQuery = useOrganizationOptions(canListOrganizations && !accessLocked);
  const rolesQuery = useRoleOptions(canListRoles && !accessLocked);

  const defaultOrganizationId = user ? (user.organization?.id ?? '') : (me.organization?.id ?? '');
  const form = useForm<TUserFormInput, unknown, TUserFormOutput>({
    resolver: zodResolver(ZUserForm),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      avatar: user?.avatar ?? '',
      organizationId: defaultOrganizationId,
      role: user?.role.id ?? '',
      status: user?.status ?? 'ACTIVE',
      access: 'invite',
      password: '',
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const organizationId = useWatch({ control, name: 'organizationId' });
  const access = useWatch({ control, name: 'access' });
  const [password, firstName, lastName, email, phone] = useWatch({
    control,
    name: ['password', 'firstName', 'lastName', 'email', 'phone'],
  });

  const organizations = useMemo((): TOrgOption[] => {
    const list: TOrgOption[] = organizationsQuery.data ? [...organizationsQuery.data] : [];
    // Without the organisation list, the organisations at hand: the user's own and the editor's own.
    for (const known of [user?.organization, me.organization]) {
      if (known && !list.some((o) => o.id === known.id)) list.push({ id: known.id, tradeName: known.tradeName, parentId: null });
    }
    return list;
  }, [organizationsQuery.data, user?.organization, me.organization]);

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

  const createMutation = useCreateUser();
  const updateMutation = useUpdateUser();

  const onSubmit = handleSubmit(async (values) => {
    if (!user && values.access === 'password') {
      const owner = { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone };
      const refusal = await findPasswordRefusal(values.password ?? '', owner);
      if (refusal) {
        setError('password', { type: 'strength', message: refusal }, { shouldFocus: true });
        return;
      }
    }
    try {
      // A new user is not named in the answer (POST /users), so only an edit hands the saved user on.
      let saved: { user?: TUser; message?: string };
      if (!user) {
        saved = await createMutation.mutateAsync({
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email ?? null,
          phone: values.phone ?? null,
          avatar: values.avatar ?? null,
          role: values.role,
          organizationId: values.organizationId ?? null,
          ...(values.access === 'password' ? { initialPassword: values.password } : {}),
        });
      } else {
        const data: TUserUpdate = {
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email ?? null,
          phone: values.phone ?? null,
          avatar: values.avatar ?? null,
          ...(self ? {} : { role: values.role, organizationId: values.organizationId ?? null, status: values.status }),
        };
        saved = await updateMutation.mutateAsync({ id: user.id, data });
      }
      notify.success(messages.success(saved.message, user ? 'updated' : 'created'));
      onSaved(saved.user);
    } catch (error) {
      const placed = applyServerErrors(error, setError, USER_FORM_FIELDS, (m) => translatePasswordMessage(m) ?? messages.message(m));
      if (!placed) notify.error(messages.failure(error));
    }
  });

  const organizationChoices = useMemo(() => {
    const byId = new Map(organizations.map((o) => [o.id, o]));
    // Children are indented under their parent (the list comes parents first).
    const list = organizations.map((o) => ({ id: o.id, label: o.tradeName, depth: lineage(o.id, byId).size - 1 }));
    return isStaff ? [{ id: '', label: t('staffOrganization'), depth: 0 }, ...list] : list;
  }, [organizations, isStaff, t]);

  const fieldError = (name: (typeof USER_FORM_FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? { error: true, helperText: messages.message(message) } : {};
  };

  const rolesUnavailable = !accessLocked && (!canListRoles || rolesQuery.isError);

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <CardContent
        component="form"
        id={formId}
        noValidate
        onSubmit={onSubmit}
        aria-label={editing ? t('form.editLabel') : t('form.addLabel')}
        sx={{ p: { xs: 2, md: 3 } }}
      >
        {readOnly && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('form.readOnly')}
          </Alert>
        )}
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 2 }}>
          {t('form.details')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField
            {...register('firstName')}
            label={t('fields.firstName')}
            required
            disabled={readOnly}
            autoComplete="off"
            {...fieldError('firstName')}
          />
          <TextField
            {...register('lastName')}
            label={t('fields.lastName')}
            required
            disabled={readOnly}
            autoComplete="off"
            {...fieldError('lastName')}
          />
          <TextField
            {...register('email')}
            type="email"
            label={t('fields.email')}
            disabled={readOnly}
            autoComplete="off"
            {...fieldError('email')}
          />
          <TextField
            {...register('phone')}
            type="tel"
            label={t('fields.phone')}
            disabled={readOnly}
            autoComplete="off"
            {...(errors.phone ? fieldError('phone') : { helperText: t('form.phoneHint') })}
          />
          <TextField
            {...register('avatar')}
            type="url"
            label={t('fields.avatar')}
            disabled={readOnly}
            sx={{ gridColumn: { md: '1 / -1' } }}
            {...(errors.avatar ? fieldError('avatar') : { helperText: t('form.avatarHint') })}
          />
        </Box>

        <Divider sx={{ my: 3 }} />
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 2 }}>
          {t('form.access')}
        </Typography>
        {self && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('form.selfLocked')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {accessLocked ? (
            <>
              <TextField label={t('fields.organization')} value={user?.organization?.tradeName ?? t('staffOrganization')} disabled />
              <TextField label={t('fields.role')} value={user?.role.name ?? ''} disabled />
            </>
          ) : (
            <>
              <Controller
                control={control}
                name="organizationId"
                render={({ field }) => (
                  <Autocomplete
                    options={organizationChoices}
                    value={organizationChoices.find((o) => o.id === field.value) ?? null}
                    onChange={(_e, option) => field.onChange(option?.id ?? (isStaff ? '' : defaultOrganizationId))}
                    onBlur={field.onBlur}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    renderOption={({ key, ...props }, option) => (
                      <li key={key} {...props} style={{ paddingLeft: 16 + option.depth * 20 }}>
                        {option.label}
                      </li>
                    )}
                    disableClearable={!isStaff}
                    loading={organizationsQuery.isFetching}
                    noOptionsText={t('list.noOrganizations')}
                    renderInput={(props) => (
                      <TextField
                        {...props}
                        inputRef={field.ref}
                        label={t('fields.organization')}
                        required
                        {...(errors.organizationId
                          ? fieldError('organizationId')
                          : { helperText: isStaff ? t('form.organizationHintStaff') : undefined })}
                      />
                    )}
                  />
                )}
              />
              <Controller
                control={control}
                name="role"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('fields.role')}
                    required
                    value={roleOptions.some((r) => r.id === field.value) ? field.value : ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    disabled={rolesUnavailable}
                    {...(errors.role
                      ? fieldError('role')
                      : {
                          helperText: rolesUnavailable
                            ? t('form.rolesUnavailable')
                            : organizationId
                              ? t('form.roleHintOrganization')
                              : t('form.roleHintStaff'),
                        })}
                  >
                    {roleOptions.length === 0 && (
                      <MenuItem value="" disabled>
                        {t('form.noRoles')}
                      </MenuItem>
                    )}
                    {roleOptions.map((r) => (
                      <MenuItem key={r.id} value={r.id}>
                        <ListItemText primary={r.name} secondary={r.description ?? undefined} />
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </>
          )}
          {editing &&
            (accessLocked ? (
              <TextField label={t('fields.status')} value={user ? t(`status.${user.status}`) : ''} disabled />
            ) : (
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <TextField select label={t('fields.status')} {...field} {...fieldError('status')}>
                    <MenuItem value="ACTIVE">{t('status.ACTIVE')}</MenuItem>
                    <MenuItem value="INVITED" disabled>
                      {t('status.INVITED')}
                    </MenuItem>
                    <MenuItem value="DISABLED">{t('status.DISABLED')}</MenuItem>
                  </TextField>
                )}
              />
            ))}
        </Box>

        {!editing && (
          <Box sx={{ mt: 3 }}>
            <FormControl>
              <FormLabel id={`${formId}-access`}>{t('form.signIn')}</FormLabel>
              <Controller
                control={control}
                name="access"
                render={({ field }) => (
                  <RadioGroup row aria-labelledby={`${formId}-access`} {...field}>
                    <FormControlLabel value="invite" control={<Radio />} label={t('form.sendInvitation')} />
                    <FormControlLabel value="password" control={<Radio />} label={t('form.setPassword')} />
                  </RadioGroup>
                )}
              />
            </FormControl>
            {access === 'password' ? (
              <Box sx={{ maxWidth: { md: 'calc(50% - 8px)' }, mt: 1 }}>
                <PasswordInput
                  {...register('password')}
                  label={t('fields.password')}
                  required
                  fullWidth
                  autoComplete="new-password"
                  {...(errors.password ? fieldError('password') : { helperText: t('form.passwordHint') })}
                />
                <Box sx={{ mt: 2 }}>
                  <PasswordStrengthMeter
                    password={password ?? ''}
                    owner={{ firstName, lastName, email, phone }}
                    hideReason={Boolean(errors.password)}
                  />
                </Box>
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('form.invitationHint')}
              </Typography>
            )}
          </Box>
        )}

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
