import { formatPaise } from '@tarang/shared/format/money';
import type { TBlueprint } from '@tarang/shared/plans/plan.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '@/components/form/fields/money-field';
import { ReadOnlyField } from '@/components/form/fields/read-only-field';
import { FormCard, FormSection } from '@/components/form/form-card';
import { RecordLoader } from '@/components/form/record-loader';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { usePlanShare } from '../api/get-plan-share';
import { useUpdatePlanShare } from '../api/update-plan-share';
import { usePlanMessages } from '../utils/messages';
import { shareEditSchema } from '../utils/share-form-schema';
import { useLiveMargin } from './margin-hint';

/** The share screen a share was made from: the plan's for staff, the sharer's own blueprint's for an organisation. */
export const shareScreenHref = (share: Pick<TBlueprint, 'parentBlueprintId' | 'planId'>, isStaff: boolean) =>
  `/plans/share/${encodeURIComponent(isStaff ? share.planId : (share.parentBlueprintId ?? share.planId))}`;

type TShareEditFormProps = {
  share: TBlueprint;
  /** The caller's organisation (null for staff): its own share is its seller's to change, not its own. */
  ownOrganizationId: string | null;
  onSaved: (share: TBlueprint) => void;
  /** Leaves the form (back to the share screen it belongs to). */
  onCancel: (share: TBlueprint) => void;
};

function PriceField({ sharerPrice, label }: { sharerPrice: number; label: string }) {
  return <MoneyField name="price" label={label} required hint={useLiveMargin(sharerPrice)} />;
}

/**
 * A share's new price (spec §2 /plans/share/edit/{id}): the plan and organisation, the sharer's own price, and the
 * price with the margin it makes. A new price applies to activations made after it.
 */
export function ShareEditForm({ share, ownOrganizationId, onSaved, onCancel }: TShareEditFormProps) {
  const { t } = useTranslation('plans');
  const messages = usePlanMessages();
  // The floor is what the seller pays (none when the provider shared it); staff changing a reseller's price see it as
  // the seller's, an organisation as its own.
  const floor = share.parentBlueprintId === null ? null : share.sharerPrice;
  const schema = useMemo(() => shareEditSchema(floor, ownOrganizationId === null ? 'the seller' : 'you'), [floor, ownOrganizationId]);
  const form = useSchemaForm(schema, { defaultValues: { price: share.price } });
  const update = useUpdatePlanShare();
  const ownShare = ownOrganizationId !== null && share.organizationId === ownOrganizationId;
  // An organisation's own share shows its own price (what its seller paid is not its to see).
  const sharerLabel =
    ownShare || (share.parentBlueprintId !== null && share.sharedBy.organizationId === ownOrganizationId)
      ? t('fields.yourPrice')
      : share.parentBlueprintId === null
        ? t('fields.basePrice')
        : t('fields.sharerPrice', { name: share.sharedBy.label });

  return (
    <FormCard
      form={form}
      messages={messages}
      readOnly={ownShare}
      label={t('shareEdit.formLabel')}
      submitLabel={t('actions.save')}
      notice={ownShare ? t('shareEdit.ownShare') : t('shareEdit.newActivationsOnly')}
      onCancel={() => onCancel(share)}
      onSubmit={async (values) => {
        const saved = await update.mutateAsync({ id: share.id, data: { price: values.price } });
        notify.success(messages.success(saved.message, 'priceUpdated'));
        onSaved(saved.share);
      }}
    >
      <FormSection title={t('shareEdit.details')}>
        <ReadOnlyField label={t('fields.plan')} value={share.plan.name} />
        <ReadOnlyField label={t('fields.organization')} value={share.organization.tradeName} />
        <ReadOnlyField label={sharerLabel} value={formatPaise(share.sharerPrice)} />
        <PriceField sharerPrice={share.sharerPrice} label={t('fields.sharePrice')} />
      </FormSection>
    </FormCard>
  );
}

/** Loads a share and shows the form. */
export function EditShare({ id, ...props }: Omit<TShareEditFormProps, 'share'> & { id: string }) {
  const { failure } = usePlanMessages();
  return (
    <RecordLoader query={usePlanShare(id)} failure={failure}>
      {(share) => <ShareEditForm key={share.id} share={share} {...props} />}
    </RecordLoader>
  );
}
