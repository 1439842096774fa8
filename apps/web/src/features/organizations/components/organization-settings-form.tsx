import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TOrganizationSettings } from '@tarang/shared/organizations/organization.schemas';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useOrganization } from '../api/get-organization';
import { useOrganizationSettings } from '../api/get-organization-settings';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings';
import { useOrganizationMessages } from '../utils/messages';
import { paiseToRupees, type TSettingsFormInput, type TSettingsFormOutput, ZSettingsForm } from '../utils/organization-form-schema';

type TSettingsProps = { id: string; canSave: boolean; onSaved: () => void; onCancel: () => void };

/** Loads an organisation's settings (spec §2 organisation/edit-settings/{id}) and shows their form. */
export function OrganizationSettings({ id, ...props }: TSettingsProps) {
  const messages = useOrganizationMessages();
  const organization = useOrganization(id);
  const settings = useOrganizationSettings(id);
  if (settings.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
        <CircularProgress aria-hidden="true" />
      </Box>
    );
  }
  if (!settings.data) {
    return (
      <Alert severity="error" role="alert">
        {messages.failure(settings.error)}
      </Alert>
    );
  }
  return <OrganizationSettingsForm id={id} name={organization.data?.tradeName} settings={settings.data} {...props} />;
}

/** Server field paths → form fields. */
const SERVER_FIELDS: Record<string, keyof TSettingsFormInput> = {
  lowBalanceAlertPaise: 'lowBalanceAlert',
  defaultPlanId: 'defaultPlanId',
  apiAccess: 'apiAccess',
};

export function OrganizationSettingsForm({
  id,
  name,
  settings,
  canSave,
  onSaved,
  onCancel,
}: TSettingsProps & { name?: string; settings: TOrganizationSettings }) {
  const { t } = useTranslation('organizations');
  const messages = useOrganizationMessages();
  const mutation = useUpdateOrganizationSettings();
  const readOnly = !canSave;
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSettingsFormInput, unknown, TSettingsFormOutput>({
    resolver: zodResolver(ZSettingsForm),
    defaultValues: {
      lowBalanceAlert: paiseToRupees(settings.lowBalanceAlertPaise),
      defaultPlanId: settings.defaultPlanId ?? '',
      apiAccess: settings.apiAccess,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync({
        id,
        data: { lowBalanceAlertPaise: values.lowBalanceAlert, defaultPlanId: values.defaultPlanId, apiAccess: values.apiAccess },
      });
      notify.success(messages.success(result.message, 'settingsSaved'));
      onSaved();
    } catch (error) {
      let placed = false;
      if (isApiError(error)) {
        for (const item of error.errors ?? []) {
          const field = SERVER_FIELDS[item.path.split('.').filter((p) => p !== 'body')[0] ?? ''];
          if (!field) continue;
          setError(field, { type: 'server', message: item.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) notify.error(messages.failure(error));
    }
  });

  const errorOf = (field: keyof TSettingsFormInput) => {
    const message = errors[field]?.message;
    return message ? { error: true, helperText: messages.message(message) } : {};
  };

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <CardContent component="form" noValidate onSubmit={onSubmit} aria-label={t('settings.label')} sx={{ p: { xs: 2, md: 3 } }}>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('form.readOnly')}
          </Alert>
        )}
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 2 }}>
          {name ? t('settings.for', { name }) : t('settings.label')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField
            {...register('lowBalanceAlert')}
            label={t('settings.lowBalanceAlert')}
            inputMode="decimal"
            disabled={readOnly}
            autoComplete="off"
            slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
            {...(errors.lowBalanceAlert ? errorOf('lowBalanceAlert') : { helperText: t('settings.lowBalanceAlertHint') })}
          />
          <TextField
            {...register('defaultPlanId')}
            label={t('settings.defaultPlanId')}
            disabled={readOnly}
            autoComplete="off"
            {...(errors.defaultPlanId ? errorOf('defaultPlanId') : { helperText: t('settings.defaultPlanIdHint') })}
          />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <Controller
              control={control}
              name="apiAccess"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      disabled={readOnly}
                    />
                  }
                  label={t('settings.apiAccess')}
                />
              )}
            />
            <FormHelperText error={Boolean(errors.apiAccess)}>
              {errors.apiAccess?.message ? messages.message(errors.apiAccess.message) : t('settings.apiAccessHint')}
            </FormHelperText>
          </Box>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {readOnly ? t('actions.back') : t('actions.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {t('settings.save')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
