import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';

/** The name a wallet goes by: its organisation's trade name (the API sends it with `populate=organization`). */
export const walletName = (wallet: Pick<TWallet, 'organization' | 'organizationId'>): string =>
  wallet.organization?.tradeName ?? wallet.organizationId;
