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
});
