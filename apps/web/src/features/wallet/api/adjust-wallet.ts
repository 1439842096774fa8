import type { TWalletManualBody } from '@tarang/shared/wallets/wallet.schemas';
import { useResourceMutation } from '@/lib/resource';
import { walletsResource } from './get-wallets';
import { moveMoney, type TMoneyCall } from './move-money';

/** POST /wallet/manual/{id}: Adjust Wallet, a signed correction with its reason (staff). */
export const adjustWallet = ({ walletId, body, key }: TMoneyCall<TWalletManualBody> & { walletId: string }) =>
  moveMoney('post', `${walletsResource.path}/manual/${encodeURIComponent(walletId)}`, body, key);

export const useAdjustWallet = () => useResourceMutation(walletsResource, adjustWallet);
