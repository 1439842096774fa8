import type { TOrganizationSettings } from '@tarang/shared/organizations/organization.schemas';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '@/components/form/fields/form-switch';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { MoneyField } from '@/components/form/fields/money-field';
import { FormCard, FormSection, FULL_ROW } from '@/components/form/form-card';
import { RecordLoader } from '@/components/form/record-loader';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useOrganization } from '../api/get-organization';
import { useOrganizationSettings } from '../api/get-organization-settings';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings';
import { useOrganizationMessages } from '../utils/messages';
import { ZSettingsForm } from '../utils/organization-form-schema';

type TSettingsProps = { id: string; canSave: boolean; onSaved: () => void; onCancel: () => void };

/** Loads an organisation's settings (spec §2 organisation/edit-settings/{id}) and shows their form. */
export function OrganizationSettings({ id, ...props }: TSettingsProps) {
  const { failure } = useOrganizationMessages();
  const organization = useOrganization(id);
  return (
    <RecordLoader query={useOrganizationSettings(id)} failure={failure}>
      {(settings) => <OrganizationSettingsForm id={id} name={organization.data?.tradeName} settings={settings} {...props} />}
    </RecordLoader>
  );
}

/** The low-balance alert (₹, kept in paise), the default plan and public API access of one organisation. */
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
  const updateSettings = useUpdateOrganizationSettings();
  const form = useSchemaForm(ZSettingsForm, {
    defaultValues: {
      lowBalanceAlertPaise: settings.lowBalanceAlertPaise,
      defaultPlanId: settings.defaultPlanId ?? '',
      apiAccess: settings.apiAccess,
    },
  });

  return (
    <FormCard
      form={form}
      messages={messages}
      readOnly={!canSave}
      label={t('settings.label')}
      notice={canSave ? undefined : t('form.readOnly')}
      submitLabel={t('settings.save')}
      onCancel={onCancel}
      onSubmit={async (data) => {
        const result = await updateSettings.mutateAsync({ id, data });
        notify.success(messages.success(result.message, 'settingsSaved'));
        onSaved();
      }}
    >
      <FormSection title={name ? t('settings.for', { name }) : t('settings.label')}>
        <MoneyField name="lowBalanceAlertPaise" label={t('settings.lowBalanceAlert')} hint={t('settings.lowBalanceAlertHint')} />
        <FormTextField name="defaultPlanId" label={t('settings.defaultPlanId')} autoComplete="off" hint={t('settings.defaultPlanIdHint')} />
        <FormSwitch name="apiAccess" label={t('settings.apiAccess')} hint={t('settings.apiAccessHint')} sx={FULL_ROW} />
      </FormSection>
    </FormCard>
  );
}
