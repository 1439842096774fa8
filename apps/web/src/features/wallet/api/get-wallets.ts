import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { defineResource, type TPageParams } from '@/lib/resource';

/**
 * The organisations' wallets: /wallet, /wallet/{id} and what hangs below a wallet (its statement, its holds). Every
 * money call changes this resource, so the header's balance, the cards and the lists are read again after one.
 */
export const walletsResource = defineResource<TWallet>('wallet', '/wallet');

export type TWalletListParams = TPageParams & { organizationId?: string };

/** GET /wallet?populate=organization: one page of the wallets the caller sees, each with its organisation's name. */
export const useWallets = (params: TWalletListParams) => walletsResource.usePage({ ...params, populate: 'organization' });
