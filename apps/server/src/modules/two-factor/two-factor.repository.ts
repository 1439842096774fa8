import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { twoFactorChallenges, twoFactorRecoveryCodes, userTwoFactor } from './two-factor.table';

/** The only SQL of the two-factor tables. Spending a code or a challenge is one conditional statement each. */

export async function findTwoFactor(db: TExecutor, userId: string) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row ?? null;
}

/** Keeps a new key waiting for its first code (replacing any earlier waiting one); the confirmed key stays as it is. */
export async function savePendingSecret(db: TExecutor, userId: string, sealed: string): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, pendingSecret: sealed, pendingCreatedAt: new Date() })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { pendingSecret: sealed, pendingCreatedAt: new Date(), updatedAt: new Date() },
    });
}

/** Makes the waiting key the user's key, with the step of the code that confirmed it. False when it is no longer waiting. */
export async function confirmPendingSecret(db: TExecutor, userId: string, sealed: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ secret: sealed, enabledAt: new Date(), pendingSecret: null, pendingCreatedAt: null, lastUsedStep: step, updatedAt: new Date() })
    .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.pendingSecret, sealed), isNull(userTwoFactor.enabledAt)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Spends a time step: true unless a code of this step or a later one was accepted already (a replay). */
export async function claimTimeStep(db: TExecutor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step, updatedAt: new Date() })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        isNotNull(userTwoFactor.enabledAt),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Removes everything two-factor of a user: key, waiting key, recovery codes, open sign-in challenges. */
export async function deleteTwoFactor(db: TExecutor, userId: string): Promise<boolean> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  const rows = await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId)).returning({ enabledAt: userTwoFactor.enabledAt });
  return rows.some((r) => r.enabledAt !== null);
}

export async function replaceRecoveryCodes(db: TExecutor, userId: string, hashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code: true when an unused one with this hash existed (and is now used). */
export async function useRecoveryCode(db: TExecutor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: TExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Stores a sign-in challenge; the user's expired ones go at the same time. */
export async function insertChallenge(
  db: TExecutor,
  values: { userId: string; handleHash: string; purpose: 'VERIFY' | 'ENROL'; expiresAt: Date },
): Promise<void> {
  await db
    .delete(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.userId, values.userId), lt(twoFactorChallenges.expiresAt, sql`now()`)));
  await db.insert(twoFactorChallenges).values(values);
}

/** A challenge that can still be answered: not used, not expired. */
export async function findOpenChallenge(db: TExecutor, handleHash: string) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.handleHash, handleHash),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** Uses a challenge up: false when another request used it first or it has expired. */
export async function consumeChallenge(db: TExecutor, id: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, sql`now()`)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length > 0;
}
