import { formatPaise } from '@tarang/shared/format/money';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRadioGroup } from '@/components/form/fields/form-radio-group';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { MoneyField } from '@/components/form/fields/money-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { useAdjustWallet } from '../api/adjust-wallet';
import { useWalletMessages } from '../utils/messages';
import { ZAdjustForm } from '../utils/money-forms';
import { walletName } from '../utils/wallet-name';

/**
 * Adjust Wallet (staff): a correction in either direction — a credit (+) or a debit (−), its amount and the reason,
 * which is required. The body's amount is signed; `organization` names the wallet's organisation, as the API checks.
 */
export function AdjustDialog({ wallet, onClose }: { wallet: TWallet; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const messages = useWalletMessages();
  const adjust = useAdjustWallet();
  const [keyFor] = useState(() => {
    const keeper = createIdempotencyKeeper();
    return (body: unknown) => keeper.keyFor(body);
  });
  const form = useSchemaForm(ZAdjustForm, { defaultValues: { direction: 'credit', amount: null, reason: '' } });
  const name = walletName(wallet);

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('adjust.title', { name })}
      text={t('adjust.text', { name, available: formatPaise(wallet.available) })}
      submitLabel={t('adjust.submit')}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async ({ amount, reason }) => {
        const body = { organization: wallet.organizationId, amount, reason };
        const result = await adjust.mutateAsync({ walletId: wallet.id, body, key: keyFor({ walletId: wallet.id, ...body }) });
        notify.success(messages.success(result.message, 'adjusted'));
        onClose();
      }}
    >
      <FormRadioGroup
        name="direction"
        label={t('adjust.direction')}
        options={[
          { value: 'credit', label: t('adjust.credit') },
          { value: 'debit', label: t('adjust.debit') },
        ]}
      />
      <MoneyField name="amount" label={t('form.amount')} required />
      <FormTextField name="reason" label={t('form.reason')} required multiline minRows={2} />
    </FormDialog>
  );
}
