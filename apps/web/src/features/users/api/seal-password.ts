import { type TLoginKey, ZLoginKey } from '@tarang/shared/auth/auth.schemas';
import { api } from '@/lib/api-client';

/**
 * Seals a new user's initial password with the server's login key (docs/decisions/004-password-sealing.md):
 * GET /auth/login-key, then the shared sealing code, loaded on first use.
 */
export async function sealInitialPassword(password: string): Promise<string> {
  const [response, { sealPassword }] = await Promise.all([
    api.get<TLoginKey>('/auth/login-key', { auth: false }),
    import('@tarang/shared/auth/seal-password'),
  ]);
  return await sealPassword(ZLoginKey.parse(response.data), password);
}
