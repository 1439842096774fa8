import type { TLoginKey } from '@tarang/shared/auth/auth.schemas';
import { MESSAGES } from '@tarang/shared/common/messages';
import { api } from './api-client';

/** GET /auth/login-key: the server's public key and a single-use nonce. */
async function getLoginKey(): Promise<TLoginKey> {
  const { data } = await api.get<TLoginKey>('/auth/login-key', { auth: false });
  if (typeof data?.keyId !== 'string' || typeof data.nonce !== 'string' || typeof data.jwk !== 'object')
    throw new Error(MESSAGES.genericClientError);
  return data;
}

/**
 * Seals passwords for the server (docs/decisions/004-password-sealing.md): one login-key fetch, so
 * every password of one request carries the same nonce. The sealing code loads on first use.
 */
export async function sealPasswords(passwords: readonly string[]): Promise<string[]> {
  const [key, { sealPassword }] = await Promise.all([getLoginKey(), import('@tarang/shared/auth/seal-password')]);
  return await Promise.all(passwords.map((p) => sealPassword(key, p)));
}
