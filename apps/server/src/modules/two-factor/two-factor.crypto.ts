import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_ALGORITHM, TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@tarang/shared/auth/two-factor.schemas';
import { eq } from 'drizzle-orm';
import { HOTP, Secret, TOTP } from 'otpauth';
import type { TDb } from '../../db/database';
import { appSecrets } from '../auth/auth.table';

/**
 * The cryptography of two-factor sign-in (docs/decisions/023-two-factor-sign-in.md): RFC 6238 codes, the sealing of
 * stored authenticator secrets and the hashing of recovery codes. No SQL but the key's own row.
 */

const KEY_NAME = 'two-factor-key';

export type TTwoFactorKeys = {
  /** AES-256-GCM key sealing authenticator secrets. */
  seal: Buffer;
  /** HMAC-SHA-256 key of recovery-code hashes. */
  recovery: Buffer;
};

/** Reads TARANG_TWO_FACTOR_KEY: 32 bytes as 64 hex digits or as base64 / base64url. */
export function parseTwoFactorKey(raw: string): Buffer {
  const value = raw.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (bytes.length !== 32) throw new Error('TARANG_TWO_FACTOR_KEY must be 32 bytes, written as 64 hex digits or in base64');
  return bytes;
}

function deriveKeys(master: Buffer): TTwoFactorKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return { seal: derive('tarang two-factor secrets v1'), recovery: derive('tarang recovery codes v1') };
}

const loaded = new WeakMap<TDb, Promise<TTwoFactorKeys>>();

/**
 * The keys, once per process: from TARANG_TWO_FACTOR_KEY, or from a key generated on first use and kept in
 * `app_secrets` beside the token signing key. A failed load is tried again on the next use.
 */
export function twoFactorKeys(db: TDb, configured: string | null): Promise<TTwoFactorKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = (async () => {
      if (configured) return deriveKeys(parseTwoFactorKey(configured));
      await db
        .insert(appSecrets)
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, KEY_NAME));
      return deriveKeys(Buffer.from(row!.value, 'base64url'));
    })();
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

/** Seals a base32 secret for one user: `v1.<iv>.<tag>.<ciphertext>`, the user id bound in as associated data. */
export function sealSecret(keys: TTwoFactorKeys, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openSecret(keys: TTwoFactorKeys, userId: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', keys.seal, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new authenticator secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, account: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step a code is right for: the current one, the one before or the one after (one step either way for
 * clocks that drift), but only steps after `afterStep` (the last one accepted), so no code is accepted twice.
 */
export function matchTotpStep(secret: string, code: string, nowMs: number, afterStep: number | null): number | null {
  const key = Secret.fromBase32(secret);
  const current = timeStep(nowMs);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if (afterStep !== null && step <= afterStep) continue;
    const expected = HOTP.generate({ secret: key, algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, counter: step });
    // Every candidate is compared, in constant time, whichever matches.
    if (code.length === expected.length && timingSafeEqual(Buffer.from(code), Buffer.from(expected)) && found === null) found = step;
  }
  return found;
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand survives. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 12;

/** Ten recovery codes of 12 characters (60 random bits each), shown as `xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** The form a recovery code is hashed in: lower case, no dashes or spaces, look-alike letters read as digits. */
export function normaliseRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
}

export function hashRecoveryCode(keys: TTwoFactorKeys, userId: string, code: string): string {
  return createHmac('sha256', keys.recovery)
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('base64url');
}
