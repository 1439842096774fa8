import { createHash } from 'node:crypto';
import { stableJson } from '@tarang/shared/common/stable-json';
import { text } from '@tarang/shared/common/text';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TExecutor } from '../db/database';
import { AppError } from './app-error';

/**
 * `Idempotency-Key`, one mechanism for every call that must not happen twice (requests, money). The key is kept per
 * caller in `idempotency_keys` with a fingerprint of what it was first used for, written in the same database
 * transaction as the change itself: the change and its key commit together or not at all, so a key is applied once
 * even across a crash, and a retry after a lost answer gets the first answer again.
 */
const keyText = text()
  .min(1, 'Idempotency-Key must not be empty')
  .max(255, 'Idempotency-Key must be at most 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces');

const DESCRIPTION =
  'Makes the call safe to repeat: the same key and body answer the first result again; the same key with another body is a 422';

/** The headers schema of a call that may take a key. */
export const ZOptionalIdempotencyHeaders = z.looseObject({ [IDEMPOTENCY_HEADER]: keyText.optional().describe(DESCRIPTION) });

/** The headers schema of a call that must take one (every money movement): missing → 400 naming it. */
export const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: keyText.describe(`Required. ${DESCRIPTION}`),
});

export function idempotencyKeyOf(headers: Record<string, unknown>): string | null {
  const value = headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' ? value : null;
}

/** A fingerprint of what a key is used for: key order in objects does not matter. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex');
}

export function keyReusedError(): AppError {
  return new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used with another request body', {
    errors: [{ path: `headers.${IDEMPOTENCY_HEADER}`, message: 'Already used with another request body' }],
  });
}

/** What a key was first used for, or null; another fingerprint under it is a 422 naming the header. */
export async function findIdempotencyKey(
  db: TExecutor,
  scope: string,
  key: string,
  fingerprint: string,
): Promise<{ entityType: string; entityId: string } | null> {
  const { rows } = await db.execute<{ fingerprint: string; entity_type: string; entity_id: string }>(sql`
    SELECT fingerprint, entity_type, entity_id FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`);
  const row = rows[0];
  if (!row) return null;
  if (row.fingerprint !== fingerprint) throw keyReusedError();
  return { entityType: row.entity_type, entityId: row.entity_id };
}

/**
 * Claims the key inside the caller's transaction. False when another call holds it: that call's transaction is
 * waited for, so once it commits the caller answers with its result (findIdempotencyKey after rolling back).
 */
export async function claimIdempotencyKey(
  tx: TExecutor,
  claim: { scope: string; key: string; fingerprint: string; entityType: string; entityId: string },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`INSERT INTO idempotency_keys (scope, key, fingerprint, entity_type, entity_id)
    VALUES (${claim.scope}, ${claim.key}, ${claim.fingerprint}, ${claim.entityType}, ${claim.entityId})
    ON CONFLICT DO NOTHING RETURNING 1`);
  return rows.length > 0;
}
