import InputAdornment from '@mui/material/InputAdornment';
import { OVER_LIMIT_ACTIONS, type TPlan } from '@tarang/shared/plans/plan.schemas';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { MoneyField } from '@/components/form/fields/money-field';
import { FormCard, FormSection, FULL_ROW, recordFormWords } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useCreatePlan } from '../api/create-plan';
import { useUpdatePlan } from '../api/update-plan';
import { countText, wholeNumber } from '../utils/format';
import { usePlanMessages } from '../utils/messages';
import { type TPlanFormInput, ZPlanForm } from '../utils/plan-form-schema';
import { OperatorsField } from './operators-field';

type TPlanFormProps = {
  /** The plan being edited; none to add one. */
  plan?: TPlan;
  /** Whether the role allows saving; otherwise the form is read-only. */
  canSave: boolean;
  onSaved: (plan: TPlan) => void;
  onCancel: () => void;
};

/** A whole number of something (MB, SMS, days): digits only, its unit after it. */
function CountField({ name, label, unit, hint }: { name: string; label: string; unit: string; hint?: string }) {
  return (
    <FormTextField
      name={name}
      label={label}
      required
      autoComplete="off"
      hint={hint}
      parse={wholeNumber}
      format={countText}
      inputProps={{ inputMode: 'numeric' }}
      endAdornment={<InputAdornment position="end">{unit}</InputAdornment>}
    />
  );
}

/**
 * Add or edit a plan (staff): name, description, operators, the data and SMS allowances, validity, the base price
 * (typed in rupees, sent as integer paise) and what happens past the allowance.
 */
export function PlanForm({ plan, canSave, onSaved, onCancel }: TPlanFormProps) {
  const { t } = useTranslation('plans');
  const messages = usePlanMessages();
  const editing = Boolean(plan);
  const readOnly = !canSave;
  const defaultValues: TPlanFormInput = {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    operators: plan?.operators ?? [],
    dataMb: plan?.dataMb ?? null,
    smsCount: plan?.smsCount ?? null,
    validityDays: plan?.validityDays ?? null,
    basePrice: plan?.basePrice ?? null,
    overLimitAction: plan?.overLimitAction ?? 'BAR',
  };
  const form = useSchemaForm(ZPlanForm, { defaultValues });
  const overLimitAction = useWatch({ control: form.control, name: 'overLimitAction' });
  const createPlan = useCreatePlan();
  const updatePlan = useUpdatePlan();
  const words = recordFormWords(t, editing, readOnly);

  return (
    <FormCard
      form={form}
      messages={messages}
      readOnly={readOnly}
      {...words}
      notice={words.notice ?? (plan?.status === 'RETIRED' ? t('form.retired') : undefined)}
      onCancel={onCancel}
      onSubmit={async (values) => {
        const saved = plan ? await updatePlan.mutateAsync({ id: plan.id, data: values }) : await createPlan.mutateAsync(values);
        notify.success(messages.success(saved.message, plan ? 'updated' : 'created'));
        onSaved(saved.plan);
      }}
    >
      <FormSection title={t('form.details')}>
        <FormTextField name="name" label={t('fields.name')} required autoComplete="off" />
        <OperatorsField name="operators" label={t('fields.operators')} hint={t('form.operatorsHint')} required />
        <FormTextField name="description" label={t('fields.description')} autoComplete="off" multiline minRows={2} sx={FULL_ROW} />
      </FormSection>
      <FormSection divider title={t('form.allowances')} hint={t('form.allowancesHint')}>
        <CountField name="dataMb" label={t('fields.dataMb')} unit={t('units.mbUnit')} hint={t('form.dataHint')} />
        <CountField name="smsCount" label={t('fields.sms')} unit={t('units.smsUnit')} />
        <CountField name="validityDays" label={t('fields.validityDays')} unit={t('units.daysUnit')} />
        <FormSelect
          name="overLimitAction"
          label={t('fields.overLimitAction')}
          required
          hint={t(`overLimit.${overLimitAction}.text`, { defaultValue: '' })}
          // The chosen action's meaning is the field's hint: an option description would show it a second time in the field.
          options={OVER_LIMIT_ACTIONS.map((action) => ({ value: action, label: t(`overLimit.${action}.label`) }))}
        />
      </FormSection>
      <FormSection divider title={t('form.pricing')}>
        <MoneyField
          name="basePrice"
          label={t('fields.basePrice')}
          required
          hint={editing ? t('form.basePriceEditHint') : t('form.basePriceHint')}
        />
      </FormSection>
    </FormCard>
  );
}
