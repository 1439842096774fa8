import type { TWalletAmountBody } from '@tarang/shared/wallets/wallet.schemas';
import { useResourceMutation } from '@/lib/resource';
import { walletsResource } from './get-wallets';
import { moveMoney, type TMoneyCall } from './move-money';

/** PUT /wallet/add/{id}: Send Money, a credit from the provider (staff). */
export const sendMoney = ({ walletId, body, key }: TMoneyCall<TWalletAmountBody> & { walletId: string }) =>
  moveMoney('put', `${walletsResource.path}/add/${encodeURIComponent(walletId)}`, body, key);

export const useSendMoney = () => useResourceMutation(walletsResource, sendMoney);
