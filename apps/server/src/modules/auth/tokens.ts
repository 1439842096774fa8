import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens: short-lived HS256 JWTs naming the user and the session; the session is checked on every request. */
export type TAccessClaims = { sub: string; sid: string };

export function createAccessTokenSigner(secret: Uint8Array, ttlSeconds: number) {
  return {
    async sign(claims: TAccessClaims): Promise<{ token: string; expires: Date }> {
      const expires = new Date(Math.floor(Date.now() / 1000 + ttlSeconds) * 1000);
      const token = await new SignJWT({ sid: claims.sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        // A unique id, so two tokens issued in the same second (a refresh right after sign-in) differ.
        .setJti(randomBytes(12).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expires.getTime() / 1000))
        .setIssuer('tarang')
        .sign(secret);
      return { token, expires };
    },
    async verify(token: string): Promise<TAccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: 'tarang' });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { sub: payload.sub, sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type TAccessTokenSigner = ReturnType<typeof createAccessTokenSigner>;

/** Opaque random tokens (refresh tokens, reset handles); only their SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
