import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { TLoginKey } from './auth.schemas';

/** Seals a password with the server's login key (docs/decisions/004-password-sealing.md). */
export async function sealPassword(loginKey: Pick<TLoginKey, 'keyId' | 'jwk' | 'nonce'>, password: string): Promise<string> {
  const key = await importJWK(loginKey.jwk as JWK, 'RSA-OAEP-256');
  const plaintext = new TextEncoder().encode(JSON.stringify({ password, nonce: loginKey.nonce }));
  return await new CompactEncrypt(plaintext).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: loginKey.keyId }).encrypt(key);
}
