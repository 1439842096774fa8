import { useQuery } from '@tanstack/react-query';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { api, isApiError } from '@/lib/api-client';
import { walletsResource } from './get-wallets';

/**
 * GET /wallet?populate=organization&organizationId={id}: the organisation's own wallet (spec §3), the one whose
 * `organizationId` is the organisation's. Null when the server has none for it (404), so the header shows nothing.
 */
async function getOwnWallet(organizationId: string, signal?: AbortSignal): Promise<TWallet | null> {
  try {
    const response = await api.get<TWallet[]>(walletsResource.path, { params: { populate: 'organization', organizationId }, signal });
    const rows = Array.isArray(response.data) ? response.data : [];
    return rows.find((wallet) => wallet.organizationId === organizationId) ?? null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * The signed-in organisation's wallet, for the header chip and the wallet screen (one read for both). Under the
 * wallet resource's key, so every money call reads it again; read every 30 seconds besides, so money that others move
 * (a margin earned, a transfer from the parent, staff's Send Money) shows without a reload.
 */
export function useOwnWallet(organizationId: string | null) {
  const id = organizationId ?? '';
  return useQuery({
    ...walletsResource.readOptions(walletsResource.keys.of('own', id), (signal) => getOwnWallet(id, signal), {
      staleTime: 15_000,
      refetch: 30_000,
      enabled: Boolean(organizationId),
    }),
    retry: false,
  });
}
