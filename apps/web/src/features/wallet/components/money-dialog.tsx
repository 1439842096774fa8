import { formatPaise } from '@tarang/shared/format/money';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { MoneyField } from '@/components/form/fields/money-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { useDebitMoney } from '../api/debit-money';
import { useSendMoney } from '../api/send-money';
import { useWalletMessages } from '../utils/messages';
import { ZAmountForm } from '../utils/money-forms';
import { walletName } from '../utils/wallet-name';

export type TMoneyKind = 'send' | 'debit';

/**
 * Send Money (a credit from the provider) or Debit Money (back to the provider) on one wallet, by staff: the amount
 * in rupees (sent as integer paise) and the reason, under one Idempotency-Key per submission. Not enough money shows
 * under the amount.
 */
export function MoneyDialog({ wallet, kind, onClose }: { wallet: TWallet; kind: TMoneyKind; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const messages = useWalletMessages();
  const send = useSendMoney();
  const debit = useDebitMoney();
  const [keyFor] = useState(() => {
    const keeper = createIdempotencyKeeper();
    return (body: unknown) => keeper.keyFor(body);
  });
  const form = useSchemaForm(ZAmountForm, { defaultValues: { amount: null, reason: '' } });
  const name = walletName(wallet);

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t(`${kind}.title`, { name })}
      text={t(`${kind}.text`, { name, available: formatPaise(wallet.available) })}
      submitLabel={t(`${kind}.submit`)}
      submitColor={kind === 'debit' ? 'warning' : 'primary'}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async (body) => {
        const call = kind === 'send' ? send : debit;
        const result = await call.mutateAsync({ walletId: wallet.id, body, key: keyFor({ walletId: wallet.id, ...body }) });
        notify.success(messages.success(result.message, kind === 'send' ? 'added' : 'debited'));
        onClose();
      }}
    >
      <MoneyField name="amount" label={t('form.amount')} required autoFocus />
      <FormTextField name="reason" label={t('form.reason')} required multiline minRows={2} />
    </FormDialog>
  );
}
