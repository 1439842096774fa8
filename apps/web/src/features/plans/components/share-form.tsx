import Alert from '@mui/material/Alert';
import type { TPlan } from '@tarang/shared/plans/plan.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { MoneyField } from '@/components/form/fields/money-field';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { FormCard, FormSection } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCan } from '@/lib/authorization';
import { notify } from '@/lib/notify';
import { useSharePlan } from '../api/share-plan';
import { usePlanMessages } from '../utils/messages';
import { shareFormSchema } from '../utils/share-form-schema';
import { useLiveMargin } from './margin-hint';

type TShareFormProps = {
  plan: TPlan;
  /** The caller's organisation (it shares to its direct children), or null: staff share to any organisation. */
  ownOrganizationId: string | null;
  /** Organisations that hold the plan already (a second share to them is refused). */
  holders: ReadonlySet<string>;
};

/** The price field, with the margin it makes over the caller's own price. */
function PriceField({ ownPrice, label }: { ownPrice: number; label: string }) {
  const margin = useLiveMargin(ownPrice);
  return <MoneyField name="price" label={label} required hint={margin} />;
}

/**
 * Share the plan with an organisation at a price: staff with any organisation, an organisation with one of its
 * direct children, at a price at least the caller's own. The margin over the caller's price shows as it is typed.
 */
export function ShareForm({ plan, ownOrganizationId, holders }: TShareFormProps) {
  const { t } = useTranslation('plans');
  const messages = usePlanMessages();
  const canListOrganizations = useCan('organisation');
  const organizations = useOrganizationOptions(canListOrganizations);
  // An organisation sells on at its own price or more; the provider's own shares have no floor.
  const floor = ownOrganizationId === null ? null : plan.price;
  const schema = useMemo(() => shareFormSchema(floor), [floor]);
  const form = useSchemaForm(schema, { defaultValues: { organizationId: '', price: null } });
  const share = useSharePlan();
  const retired = plan.status === 'RETIRED';

  // Not offered: organisations that hold the plan already, and for an organisation anything but its own children.
  const exclude = useMemo(() => {
    const out = new Set(holders);
    for (const o of organizations.data ?? []) if (ownOrganizationId !== null && o.parentId !== ownOrganizationId) out.add(o.id);
    return out;
  }, [holders, organizations.data, ownOrganizationId]);
  const nobody = organizations.isSuccess && (organizations.data ?? []).every((o) => exclude.has(o.id));

  return (
    <FormCard
      form={form}
      messages={messages}
      readOnly={retired}
      label={t('share.formLabel')}
      submitLabel={t('actions.shareSubmit')}
      notice={retired ? t('share.retired') : undefined}
      onSubmit={async (values) => {
        const saved = await share.mutateAsync({ planId: plan.id, organizationId: values.organizationId, price: values.price });
        notify.success(messages.success(saved.message, 'shared'));
        form.reset({ organizationId: '', price: null });
      }}
    >
      <FormSection title={t('share.formTitle')} hint={ownOrganizationId ? t('share.formHintOrganization') : t('share.formHintStaff')}>
        <OrganizationField
          name="organizationId"
          label={t('fields.organization')}
          required
          canList={canListOrganizations}
          exclude={exclude}
          hint={nobody ? t('share.nobody') : undefined}
        />
        <PriceField ownPrice={plan.price} label={t('fields.sharePrice')} />
      </FormSection>
      {!canListOrganizations && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('share.cannotListOrganizations')}
        </Alert>
      )}
    </FormCard>
  );
}
