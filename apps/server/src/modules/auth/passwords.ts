import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_REASONS, type TPasswordOwner } from '@tarang/shared/auth/password-rules';
import { assessPassword } from '@tarang/shared/auth/password-strength';
import type { TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findUserRecord } from '../users/users.repository';

/** argon2id with OWASP's parameters: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return await hash(password, ARGON2);
}

let dummyHash: Promise<string> | null = null;

/** Verifies a password; with no stored hash it still spends the same time, so unknown accounts do not answer faster. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('tarang-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return await verify(storedHash, password).catch(() => false);
}

/**
 * The policy for a newly chosen password (packages/shared/src/auth/password-rules.ts, the same in the console):
 * 8–255 characters compared as typed, nothing of the owner's e-mail, name or phone, and a strength estimate of
 * at least 3. Refused: 422 with the reason in words on the field (VALIDATION_FAILED for the length,
 * WEAK_PASSWORD otherwise).
 */
export function assertAcceptablePassword(password: string, field: string, owner: TPasswordOwner = {}): void {
  const { reason } = assessPassword(password, owner);
  if (!reason) return;
  const message = PASSWORD_REASONS[reason];
  const code = reason === 'tooShort' || reason === 'tooLong' ? 'VALIDATION_FAILED' : 'WEAK_PASSWORD';
  throw new AppError(code, message, { errors: [{ path: field, message }] });
}

/** The same policy with a stored user's e-mail, phone and name as the owner's details (none without a user). */
export async function assertAcceptablePasswordForUser(
  db: TExecutor,
  userId: string | null,
  password: string,
  field: string,
): Promise<void> {
  const user = userId ? await findUserRecord(db, userId) : null;
  assertAcceptablePassword(password, field, user ?? {});
}
