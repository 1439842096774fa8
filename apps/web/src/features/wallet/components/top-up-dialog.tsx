import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '@/components/form/fields/money-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCreateTopUp } from '../api/create-top-up';
import { postToGateway } from '../utils/gateway-form';
import { useWalletMessages } from '../utils/messages';
import { ZTopUpForm } from '../utils/money-forms';

/**
 * Top up: the amount, then the browser goes to the payment gateway's page (PayU's hosted checkout, or the simulator
 * that ships with the product) with the form the API prepared; the wallet is credited when the gateway says paid.
 */
export function TopUpDialog({ wallet, onClose }: { wallet: TWallet; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const messages = useWalletMessages();
  const topUp = useCreateTopUp();
  const form = useSchemaForm(ZTopUpForm, { defaultValues: { amount: null } });

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('topUp.title')}
      text={t('topUp.text')}
      submitLabel={t('topUp.submit')}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async ({ amount }) => {
        postToGateway(await topUp.mutateAsync({ walletId: wallet.id, amount }));
      }}
    >
      <MoneyField name="amount" label={t('form.amount')} required autoFocus />
    </FormDialog>
  );
}
