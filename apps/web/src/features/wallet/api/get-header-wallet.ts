import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';

/** What the header needs of a wallet; amounts are integer paise. */
export type THeaderWallet = { id: string; available: number };

/** The organisations' wallets: /wallet. */
const walletsResource = defineResource<THeaderWallet>('wallet', '/wallet');

/**
 * GET /wallet?populate=organization&organization={id}: the organisation's wallets; the header uses the
 * first (spec §3). Null when the server has no wallet service (404), so the header shows nothing.
 */
async function getHeaderWallet(organizationId: string): Promise<THeaderWallet | null> {
  try {
    const response = await api.get<THeaderWallet[]>(walletsResource.path, {
      params: { populate: 'organization', organization: organizationId },
    });
    const first = Array.isArray(response.data) ? response.data[0] : undefined;
    return first && typeof first.available === 'number' ? { id: first.id, available: first.available } : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useHeaderWallet(organizationId: string | null) {
  const id = organizationId ?? '';
  return useQuery({
    ...walletsResource.readOptions(walletsResource.keys.of('header', id), () => getHeaderWallet(id), {
      staleTime: 60_000,
      enabled: Boolean(organizationId),
    }),
    retry: false,
  });
}
