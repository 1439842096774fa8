import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';

/** A login key like GET /auth/login-key gives, with the private half to open what the form sealed. */
export async function createTestLoginKey(nonce = 'test-nonce-1') {
  const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const key = { keyId: 'test-key', jwk, nonce, expiresAt: new Date(Date.now() + 300_000).toISOString() };
  const open = async (sealed: string) =>
    JSON.parse(new TextDecoder().decode((await compactDecrypt(sealed, privateKey)).plaintext)) as { password: string; nonce: string };
  return { key, open };
}
