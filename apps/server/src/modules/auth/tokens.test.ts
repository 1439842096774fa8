import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokenSigner } from './tokens';

const secret = new Uint8Array(32).fill(7);
const claims = { sub: 'a'.repeat(24), sid: 'b'.repeat(24) };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token again and again, and no longer once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const signer = createAccessTokenSigner(secret, 60);
    const { token, expires } = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date(expires.getTime() - 1));
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(expires);
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token changed after signing, or signed with another secret, even when the original was verified', async () => {
    const signer = createAccessTokenSigner(secret, 60);
    const { token } = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'c'.repeat(24) }),
    ).toString('base64url');
    expect(await signer.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await signer.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await signer.verify(`${none}.${payload}.`)).toBeNull();
    const stranger = createAccessTokenSigner(new Uint8Array(32).fill(9), 60);
    expect(await stranger.verify(token)).toBeNull();
  });

  /** A token as the server signs it, with some claims changed: what someone holding the secret could forge. */
  async function forge(edit: (jwt: SignJWT, now: number) => SignJWT): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('tarang');
    return await edit(jwt, now).sign(secret);
  }

  it('refuses a correctly signed token without an expiry or issue time', async () => {
    const signer = createAccessTokenSigner(secret, 60);
    expect(await signer.verify(await forge((jwt, now) => jwt.setIssuedAt(now).setExpirationTime(now + 60)))).toEqual(claims);
    expect(await signer.verify(await forge((jwt, now) => jwt.setIssuedAt(now)))).toBeNull();
    expect(await signer.verify(await forge((jwt) => jwt))).toBeNull();
    expect(await signer.verify(await forge((jwt, now) => jwt.setExpirationTime(now + 60)))).toBeNull();
  });

  it('refuses a token that claims to live longer than the configured lifetime', async () => {
    const signer = createAccessTokenSigner(secret, 60);
    expect(await signer.verify(await forge((jwt, now) => jwt.setIssuedAt(now).setExpirationTime(now + 3600)))).toBeNull();
    expect(await signer.verify(await forge((jwt, now) => jwt.setIssuedAt(now).setExpirationTime(now + 10 * 365 * 86_400)))).toBeNull();
    // Issued long ago with a long life, so that only part of it is left: still more than one lifetime in all.
    expect(await signer.verify(await forge((jwt, now) => jwt.setIssuedAt(now - 3000).setExpirationTime(now + 30)))).toBeNull();
  });
});
