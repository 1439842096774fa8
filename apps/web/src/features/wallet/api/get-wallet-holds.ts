import { useQuery } from '@tanstack/react-query';
import type { THold } from '@tarang/shared/wallets/wallet.schemas';
import { walletsResource } from './get-wallets';

export type TWalletHoldsParams = { limit: number; cursor: string | null };

/** GET /wallet/{id}/blocked: the money held on the wallet for activations, newest first, one keyset page. */
export const useWalletHolds = (walletId: string, params: TWalletHoldsParams, enabled = true) =>
  useQuery(
    walletsResource.readOptions(
      walletsResource.keys.of('blocked', walletId, params),
      (signal) => walletsResource.fetchCursorPage<THold>(params, signal, walletsResource.itemPath(walletId, '/blocked')),
      { keepPrevious: true, enabled },
    ),
  );
