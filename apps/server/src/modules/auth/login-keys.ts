import { randomBytes } from 'node:crypto';
import type { TLoginKey } from '@tarang/shared/auth/auth.schemas';
import { ZSealedPlaintext } from '@tarang/shared/auth/sealed-password';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { loginKeys, loginNonces } from './auth.table';

/**
 * Password sealing (docs/decisions/004-password-sealing.md): the client fetches an RSA-OAEP-256
 * public key and a single-use nonce, and sends `JWE(A256GCM){ password, nonce }`. A used or
 * expired nonce makes a captured ciphertext worthless.
 */
const KEY_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** A key is still accepted this long after a newer one replaced it, so in-flight forms still work. */
const KEY_OVERLAP_MS = 3600 * 1000;

type TKeyCache = Map<string, { privateKey: Awaited<ReturnType<typeof importJWK>>; expiresAt: Date }>;
const privateKeyCache: TKeyCache = new Map();

async function currentKey(db: TExecutor) {
  const [row] = await db
    .select()
    .from(loginKeys)
    .where(gt(loginKeys.expiresAt, new Date(Date.now() + KEY_OVERLAP_MS)))
    .orderBy(desc(loginKeys.createdAt))
    .limit(1);
  if (row) return row;
  const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
  const id = randomBytes(9).toString('base64url');
  const publicJwk = { ...(await exportJWK(publicKey)), kid: id, alg: 'RSA-OAEP-256', use: 'enc' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid: id, alg: 'RSA-OAEP-256' };
  const [created] = await db
    .insert(loginKeys)
    .values({ id, publicJwk, privateJwk, expiresAt: new Date(Date.now() + KEY_LIFETIME_MS) })
    .returning();
  return created!;
}

export async function issueLoginKey(db: TExecutor, nonceTtlSeconds: number): Promise<TLoginKey> {
  const key = await currentKey(db);
  const nonce = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + nonceTtlSeconds * 1000);
  await db.insert(loginNonces).values({ nonce, keyId: key.id, expiresAt });
  // Expired nonces are swept as new ones are issued.
  await db.delete(loginNonces).where(lt(loginNonces.expiresAt, sql`now() - interval '1 hour'`));
  return { keyId: key.id, jwk: key.publicJwk, nonce, expiresAt: expiresAt.toISOString() };
}

async function privateKeyFor(db: TExecutor, keyId: string) {
  const cached = privateKeyCache.get(keyId);
  if (cached && cached.expiresAt > new Date()) return cached.privateKey;
  const [row] = await db
    .select()
    .from(loginKeys)
    .where(and(eq(loginKeys.id, keyId), gt(loginKeys.expiresAt, new Date())));
  if (!row) return null;
  const privateKey = await importJWK(row.privateJwk as JWK, 'RSA-OAEP-256');
  privateKeyCache.set(keyId, { privateKey, expiresAt: row.expiresAt });
  return privateKey;
}

/**
 * Opens sealed passwords and spends their nonce. Several passwords of one request (current and new)
 * are sealed with the same nonce and spend it once. Any failure (unknown key, bad ciphertext, used
 * or expired nonce) is the same 400, so a replay learns nothing.
 */
export async function openSealedPasswords<K extends string>(db: TExecutor, sealed: Record<K, string>): Promise<Record<K, string>> {
  const fields = Object.keys(sealed) as K[];
  const fail = (field: string) =>
    new AppError('SEALED_VALUE_INVALID', undefined, {
      errors: [{ path: field, message: 'The sealed password could not be opened; fetch a new login key and try again' }],
    });
  const out = {} as Record<K, string>;
  let nonce: string | null = null;
  let keyId: string | null = null;
  for (const field of fields) {
    const opened = await openOne(db, sealed[field]).catch(() => null);
    if (!opened || (nonce !== null && (opened.nonce !== nonce || opened.keyId !== keyId))) throw fail(field);
    nonce = opened.nonce;
    keyId = opened.keyId;
    out[field] = opened.password;
  }
  if (nonce === null || keyId === null) throw fail(fields[0] ?? 'password');
  const spent = await db
    .delete(loginNonces)
    .where(and(eq(loginNonces.nonce, nonce), eq(loginNonces.keyId, keyId), gt(loginNonces.expiresAt, new Date())))
    .returning({ nonce: loginNonces.nonce });
  if (spent.length === 0) throw fail(fields[0]!);
  return out;
}

async function openOne(db: TExecutor, sealed: string): Promise<{ password: string; nonce: string; keyId: string }> {
  const header = JSON.parse(Buffer.from(sealed.split('.')[0]!, 'base64url').toString('utf8')) as {
    kid?: string;
    alg?: string;
    enc?: string;
  };
  if (header.alg !== 'RSA-OAEP-256' || header.enc !== 'A256GCM' || typeof header.kid !== 'string') throw new Error('header');
  const privateKey = await privateKeyFor(db, header.kid);
  if (!privateKey) throw new Error('key');
  const { plaintext } = await compactDecrypt(sealed, privateKey, {
    keyManagementAlgorithms: ['RSA-OAEP-256'],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  const parsed = ZSealedPlaintext.parse(JSON.parse(new TextDecoder().decode(plaintext)));
  return { ...parsed, keyId: header.kid };
}
