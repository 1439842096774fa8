import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tarang/shared/common/limits';
import { MESSAGES } from '@tarang/shared/common/messages';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../http/app-error';

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

const common = new Set<string>((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** The policy for a newly chosen password: 8–255 characters, compared as typed, not a common password. */
export function assertAcceptablePassword(password: string, field: string): void {
  if (password.length < PASSWORD_MIN)
    throw new AppError('VALIDATION_FAILED', MESSAGES.newPasswordTooShort, {
      errors: [{ path: field, message: MESSAGES.newPasswordTooShort }],
    });
  if (password.length > PASSWORD_MAX) {
    const message = `Password must be at most ${PASSWORD_MAX} characters`;
    throw new AppError('VALIDATION_FAILED', message, { errors: [{ path: field, message }] });
  }
  if (common.has(password.toLowerCase())) {
    throw new AppError('WEAK_PASSWORD', undefined, { errors: [{ path: field, message: 'This password is too common; choose another' }] });
  }
}
