import { useQuery } from '@tanstack/react-query';
import type { TLedgerType, TWalletEntry } from '@tarang/shared/wallets/wallet.schemas';
import { walletsResource } from './get-wallets';

export type TWalletEntriesParams = {
  type?: TLedgerType;
  /** YYYY-MM-DD. */
  from?: string;
  to?: string;
  limit: number;
  cursor: string | null;
};

/** GET /wallet/{id}/transactions: the wallet's statement, newest first, one keyset page. */
export const useWalletEntries = (walletId: string, params: TWalletEntriesParams, enabled = true) =>
  useQuery(
    walletsResource.readOptions(
      walletsResource.keys.of('transactions', walletId, params),
      (signal) => walletsResource.fetchCursorPage<TWalletEntry>(params, signal, walletsResource.itemPath(walletId, '/transactions')),
      { keepPrevious: true, enabled },
    ),
  );
