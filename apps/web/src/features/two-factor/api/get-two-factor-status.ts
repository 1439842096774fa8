import { useQuery } from '@tanstack/react-query';
import type { TTwoFactorStatus } from '@tarang/shared/auth/two-factor.schemas';
import { api } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';

/** The signed-in user's two-factor sign-in: /auth/two-factor and its actions. */
export const twoFactorResource = defineResource<TTwoFactorStatus>('two-factor', '/auth/two-factor');

/** GET /auth/two-factor: whether the signed-in user has two-factor sign-in, must have it, and codes left. */
export const twoFactorStatusQueryOptions = () =>
  twoFactorResource.readOptions(
    twoFactorResource.keys.of('status'),
    async (signal) => (await api.get<TTwoFactorStatus>(twoFactorResource.path, { signal })).data,
  );

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());
