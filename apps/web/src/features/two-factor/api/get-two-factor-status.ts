import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTwoFactorStatus } from '@tarang/shared/auth/two-factor.schemas';
import { api } from '@/lib/api-client';

/** GET /auth/two-factor: whether the signed-in user has two-factor sign-in, must have it, and codes left. */
export async function getTwoFactorStatus(signal?: AbortSignal): Promise<TTwoFactorStatus> {
  const response = await api.get<TTwoFactorStatus>('/auth/two-factor', { signal });
  return response.data;
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: ['two-factor', 'status'], queryFn: ({ signal }) => getTwoFactorStatus(signal) });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
