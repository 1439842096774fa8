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
import { useTransferMoney } from '../api/transfer-money';
import { useWalletMessages } from '../utils/messages';
import { ZTransferForm } from '../utils/money-forms';
import { walletName } from '../utils/wallet-name';

/** `give`: the organisation's money to its child (Send Money); `takeBack`: the child's money back to it (Debit Money). */
export type TTransferDirection = 'give' | 'takeBack';

type TTransferDialogProps = {
  /** The signed-in organisation's own wallet. */
  own: TWallet;
  /** The child's wallet. */
  child: TWallet;
  direction: TTransferDirection;
  onClose: () => void;
};

/**
 * A transfer between an organisation and one of its children: Transfer money (to the child) or Take back (from it),
 * the amount and an optional note, under one Idempotency-Key per submission.
 */
export function TransferDialog({ own, child, direction, onClose }: TTransferDialogProps) {
  const { t } = useTranslation('wallet');
  const messages = useWalletMessages();
  const transfer = useTransferMoney();
  const [keyFor] = useState(() => {
    const keeper = createIdempotencyKeeper();
    return (body: unknown) => keeper.keyFor(body);
  });
  const form = useSchemaForm(ZTransferForm, { defaultValues: { amount: null, note: '' } });
  const [from, to] = direction === 'give' ? [own, child] : [child, own];

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t(`transfer.${direction}Title`, { name: walletName(child) })}
      text={t('transfer.text', { from: walletName(from), to: walletName(to), available: formatPaise(from.available) })}
      submitLabel={t(`transfer.${direction}`)}
      submitColor={direction === 'takeBack' ? 'warning' : 'primary'}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async ({ amount, note }) => {
        const body = { fromWalletId: from.id, toWalletId: to.id, amount, ...(note ? { note } : {}) };
        const result = await transfer.mutateAsync({ body, key: keyFor(body) });
        notify.success(messages.success(result.message, 'transferred'));
        onClose();
      }}
    >
      <MoneyField name="amount" label={t('form.amount')} required autoFocus />
      <FormTextField name="note" label={t('form.note')} multiline minRows={2} />
    </FormDialog>
  );
}
