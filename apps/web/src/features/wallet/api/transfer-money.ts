import type { TWalletTransferBody } from '@tarang/shared/wallets/wallet.schemas';
import { useResourceMutation } from '@/lib/resource';
import { walletsResource } from './get-wallets';
import { moveMoney, type TMoneyCall } from './move-money';

/** POST /wallet/transfer: an organisation to one of its children, or back from a child by the parent. */
export const transferMoney = ({ body, key }: TMoneyCall<TWalletTransferBody>) =>
  moveMoney('post', `${walletsResource.path}/transfer`, body, key);

export const useTransferMoney = () => useResourceMutation(walletsResource, transferMoney);
