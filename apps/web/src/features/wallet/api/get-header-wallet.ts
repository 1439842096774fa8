import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** What the header needs of a wallet; amounts are integer paise. */
export type THeaderWallet = { id: string; available: number };

/**
 * GET /wallet?populate=organization&organization={id}: the organisation's wallets; the header uses the
 * first (spec §3). Null when the server has no wallet service (404), so the header shows nothing.
 */
export async function getHeaderWallet(organizationId: string): Promise<THeaderWallet | null> {
  try {
    const response = await api.get<THeaderWallet[]>('/wallet', { params: { populate: 'organization', organization: organizationId } });
    const first = Array.isArray(response.data) ? response.data[0] : undefined;
    return first && typeof first.available === 'number' ? { id: first.id, available: first.available } : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function headerWalletQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ['wallet', 'header', organizationId],
    queryFn: () => getHeaderWallet(organizationId),
    staleTime: 60_000,
    retry: false,
  });
}

export function useHeaderWallet(organizationId: string | null) {
  return useQuery({ ...headerWalletQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
