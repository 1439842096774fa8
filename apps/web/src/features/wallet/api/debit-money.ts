import type { TWalletAmountBody } from '@tarang/shared/wallets/wallet.schemas';
import { useResourceMutation } from '@/lib/resource';
import { walletsResource } from './get-wallets';
import { moveMoney, type TMoneyCall } from './move-money';

/** PUT /wallet/deduct/{id}: Debit Money, back to the provider (staff). */
export const debitMoney = ({ walletId, body, key }: TMoneyCall<TWalletAmountBody> & { walletId: string }) =>
  moveMoney('put', `${walletsResource.path}/deduct/${encodeURIComponent(walletId)}`, body, key);

export const useDebitMoney = () => useResourceMutation(walletsResource, debitMoney);
