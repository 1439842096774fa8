import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TOrganization, TOrganizationUpdate } from '@tarang/shared/organizations/organization.schemas';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { notify } from '@/lib/notify';
import { depthById, selfAndDescendants } from '@/lib/organization-tree';
import { applyServerErrors } from '@/lib/server-errors';
import { useCreateOrganization } from '../api/create-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { useOrganizationMessages } from '../utils/messages';
import {
  ORGANIZATION_FORM_FIELDS,
  type TOrganizationFormInput,
  type TOrganizationFormOutput,
  ZOrganizationForm,
} from '../utils/organization-form-schema';

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

type TParentChoice = { id: string; label: string; depth: number };

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
  const own = organization !== undefined && organization.id === ownOrganizationId;
  const optionsQuery = useOrganizationOptions(canListOrganizations && !readOnly);

  const defaultParent = organization ? (organization.parentId ?? '') : isStaff ? '' : (ownOrganizationId ?? '');
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TOrganizationFormInput, unknown, TOrganizationFormOutput>({
    resolver: zodResolver(ZOrganizationForm),
    defaultValues: {
      tradeName: organization?.tradeName ?? '',
      brandName: organization?.brandName ?? '',
      email: organization?.email ?? '',
      parentId: defaultParent,
      status: organization?.status ?? 'ACTIVE',
    },
  });

  const parentChoices = useMemo((): TParentChoice[] => {
    const list = optionsQuery.data ?? [];
    const excluded = organization ? selfAndDescendants(organization.id, list) : new Set<string>();
    const depth = depthById(list);
    const choices = list.filter((o) => !excluded.has(o.id)).map((o) => ({ id: o.id, label: o.tradeName, depth: depth.get(o.id) ?? 0 }));
    if (defaultParent && !choices.some((c) => c.id === defaultParent)) {
      choices.unshift({ id: defaultParent, label: t('form.currentParent'), depth: 0 });
    }
    return isStaff ? [{ id: '', label: t('form.noParent'), depth: 0 }, ...choices] : choices;
  }, [optionsQuery.data, organization, isStaff, defaultParent, t]);

  const createMutation = useCreateOrganization();
  const updateMutation = useUpdateOrganization();

  const onSubmit = handleSubmit(async (values) => {
    try {
      let saved: { organization: TOrganization; message?: string };
      if (!organization) {
        saved = await createMutation.mutateAsync({
          tradeName: values.tradeName,
          brandName: values.brandName,
          email: values.email,
          parentId: values.parentId,
        });
      } else {
        const data: TOrganizationUpdate = {
          tradeName: values.tradeName,
          brandName: values.brandName,
          email: values.email,
          ...(own ? {} : { parentId: values.parentId, status: values.status }),
        };
        saved = await updateMutation.mutateAsync({ id: organization.id, data });
      }
      notify.success(messages.success(saved.message, organization ? 'updated' : 'created'));
      onSaved(saved.organization);
    } catch (error) {
      const placed = applyServerErrors(error, setError, ORGANIZATION_FORM_FIELDS, messages.message);
      if (!placed) notify.error(messages.failure(error));
    }
  });

  const fieldError = (name: (typeof ORGANIZATION_FORM_FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? { error: true, helperText: messages.message(message) } : {};
  };

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <CardContent
        component="form"
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
            {...register('tradeName')}
            label={t('fields.tradeName')}
            required
            disabled={readOnly}
            autoComplete="off"
            {...fieldError('tradeName')}
          />
          <TextField
            {...register('brandName')}
            label={t('fields.brandName')}
            disabled={readOnly}
            autoComplete="off"
            {...fieldError('brandName')}
          />
          <TextField
            {...register('email')}
            type="email"
            label={t('fields.email')}
            disabled={readOnly}
            autoComplete="off"
            {...(errors.email ? fieldError('email') : { helperText: t('form.emailHint') })}
          />
          {own || readOnly ? (
            <TextField
              label={t('fields.parent')}
              value={parentChoices.find((c) => c.id === defaultParent)?.label ?? (defaultParent ? '' : t('form.noParent'))}
              disabled
              helperText={own ? t('form.ownLocked') : undefined}
            />
          ) : (
            <Controller
              control={control}
              name="parentId"
              render={({ field }) => (
                <Autocomplete
                  options={parentChoices}
                  value={parentChoices.find((c) => c.id === field.value) ?? null}
                  onChange={(_e, option) => field.onChange(option?.id ?? (isStaff ? '' : defaultParent))}
                  onBlur={field.onBlur}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  disableClearable={!isStaff}
                  loading={optionsQuery.isFetching}
                  noOptionsText={t('list.noOrganizations')}
                  renderOption={({ key, ...props }, option) => (
                    <li key={key} {...props} style={{ paddingLeft: 16 + option.depth * 20 }}>
                      {option.label}
                    </li>
                  )}
                  renderInput={(props) => (
                    <TextField
                      {...props}
                      inputRef={field.ref}
                      label={t('fields.parent')}
                      required={!isStaff}
                      {...(errors.parentId
                        ? fieldError('parentId')
                        : { helperText: isStaff ? t('form.parentHintStaff') : t('form.parentHint') })}
                    />
                  )}
                />
              )}
            />
          )}
          {editing && !own && (
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <TextField select label={t('fields.status')} disabled={readOnly} {...field} {...fieldError('status')}>
                  <MenuItem value="ACTIVE">{t('status.ACTIVE')}</MenuItem>
                  <MenuItem value="DISABLED">{t('status.DISABLED')}</MenuItem>
                </TextField>
              )}
            />
          )}
        </Box>
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
