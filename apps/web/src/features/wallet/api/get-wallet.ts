import { walletsResource } from './get-wallets';

/** GET /wallet/{id}: one wallet, with its organisation. */
export const useWallet = (id: string, enabled = true) => walletsResource.useOne(id, { enabled });
