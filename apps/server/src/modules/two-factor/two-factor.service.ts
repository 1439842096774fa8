import {
  TWO_FACTOR_MESSAGES as M,
  TOTP_ISSUER,
  type TRecoveryCodes,
  type TTwoFactorLoginRequest,
  type TTwoFactorLoginResponseData,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
} from '@tarang/shared/auth/two-factor.schemas';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { aboutUser, recordAudit } from '../audit/audit.service';
import { checkSecondFactor, confirmOwnPassword, openSession } from '../auth/auth.service';
import { revokeUserSessions } from '../auth/sessions.repository';
import { sha256 } from '../auth/tokens';
import { isOrganizationChainActive } from '../organizations/organizations.repository';
import { findUserRecord, findUserView } from '../users/users.repository';
import {
  hashRecoveryCode,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  sealSecret,
  twoFactorKeys,
} from './two-factor.crypto';
import {
  claimTimeStep,
  confirmPendingSecret,
  consumeChallenge,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  findOpenChallenge,
  findTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
} from './two-factor.repository';
import { twoFactorRequired } from './two-factor-gate';

/**
 * Two-factor sign-in (docs/decisions/023-two-factor-sign-in.md): setting up an authenticator and confirming it,
 * the second step of a sign-in, turning it off, new recovery codes, and the reset by an administrator. Every code is
 * checked under the sign-in limits of the account (auth.service `checkSecondFactor`); every change is audited.
 */

type TPerson = { id: string; organizationId: string | null; label: string };

const keysOf = (deps: TDeps) => twoFactorKeys(deps.db, deps.config.twoFactorKey);

async function personOf(db: TExecutor, userId: string) {
  const user = await findUserRecord(db, userId);
  if (!user) return null;
  return { user, person: { id: user.id, organizationId: user.organizationId, label: user.email ?? user.phone ?? user.id } as TPerson };
}

const challengeExpired = () => new AppError('TOKEN_INVALID', M.challengeExpired);

// ─── setting up ─────────────────────────────────────────────────────────────────────────────────

/** A new key waiting for its first code; it replaces any earlier waiting one. Refused while a confirmed key exists. */
async function beginSetup(deps: TDeps, person: TPerson): Promise<TTwoFactorSetup> {
  const row = await findTwoFactor(deps.db, person.id);
  if (row?.enabledAt) throw new AppError('CONFLICT', M.alreadyOn);
  const secret = newTotpSecret();
  await savePendingSecret(deps.db, person.id, sealSecret(await keysOf(deps), person.id, secret));
  return { secret, otpauthUri: otpauthUri(secret, person.label), issuer: TOTP_ISSUER, account: person.label };
}

type TPendingMatch = { sealed: string; step: number };

/** Whether a code is right for the waiting key; null when it is not. No waiting key: 422 (and nothing counted). */
async function matchPending(deps: TDeps, person: TPerson, code: string): Promise<TPendingMatch | null> {
  const row = await findTwoFactor(deps.db, person.id);
  if (row?.enabledAt) throw new AppError('CONFLICT', M.alreadyOn);
  if (!row?.pendingSecret) throw new AppError('UNPROCESSABLE', M.notStarted);
  const step = matchTotpStep(openSecret(await keysOf(deps), person.id, row.pendingSecret), code, Date.now(), null);
  return step === null ? null : { sealed: row.pendingSecret, step };
}

/** The first code of the waiting key, checked under the sign-in limits; wrong: OTP_INVALID. */
async function checkPendingCode(deps: TDeps, ctx: TRequestContext, person: TPerson, code: string): Promise<TPendingMatch> {
  const found: { match?: TPendingMatch } = {};
  await checkSecondFactor(deps, ctx, person, async () => {
    found.match = (await matchPending(deps, person, code)) ?? undefined;
    return found.match !== undefined;
  });
  return found.match!;
}

/** The waiting key becomes the user's, with ten new recovery codes (answered once, stored hashed). Audited. */
async function finishSetup(deps: TDeps, tx: TExecutor, ctx: TRequestContext, person: TPerson, match: TPendingMatch): Promise<string[]> {
  if (!(await confirmPendingSecret(tx, person.id, match.sealed, match.step))) throw new AppError('UNPROCESSABLE', M.notStarted);
  const codes = await storeNewRecoveryCodes(deps, tx, person.id);
  await recordAudit(tx, ctx, {
    action: 'auth.two_factor_enabled',
    ...aboutUser(person),
    actorLabel: person.label,
    after: { recoveryCodes: codes.length },
  });
  return codes;
}

async function storeNewRecoveryCodes(deps: TDeps, tx: TExecutor, userId: string): Promise<string[]> {
  const keys = await keysOf(deps);
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => hashRecoveryCode(keys, userId, c)),
  );
  return codes;
}

// ─── spending codes ─────────────────────────────────────────────────────────────────────────────

/** Spends an authenticator code: right for a step after the last one accepted, and that step not taken meanwhile. */
async function spendCode(deps: TDeps, person: TPerson, code: string): Promise<boolean> {
  const row = await findTwoFactor(deps.db, person.id);
  if (!row?.enabledAt || !row.secret) return false;
  const step = matchTotpStep(openSecret(await keysOf(deps), person.id, row.secret), code, Date.now(), row.lastUsedStep);
  return step !== null && (await claimTimeStep(deps.db, person.id, step));
}

async function spendRecoveryCode(deps: TDeps, person: TPerson, code: string): Promise<boolean> {
  return await useRecoveryCode(deps.db, person.id, hashRecoveryCode(await keysOf(deps), person.id, code));
}

async function auditRecoveryCodeUse(tx: TExecutor, ctx: TRequestContext, person: TPerson): Promise<void> {
  await recordAudit(tx, ctx, {
    action: 'auth.two_factor_recovery_code_used',
    ...aboutUser(person),
    actorLabel: person.label,
    after: { recoveryCodesLeft: await countRecoveryCodesLeft(tx, person.id) },
  });
}

// ─── the second step of a sign-in ───────────────────────────────────────────────────────────────

/** The open challenge of a sign-in and its user, who must still be allowed to sign in. */
async function openChallenge(deps: TDeps, handle: string) {
  const challenge = await findOpenChallenge(deps.db, sha256(handle));
  if (!challenge) throw challengeExpired();
  const found = await personOf(deps.db, challenge.userId);
  if (found?.user.status !== 'ACTIVE') throw challengeExpired();
  if (found.user.organizationId && !(await isOrganizationChainActive(deps.db, found.user.organizationId))) throw challengeExpired();
  return { challenge, person: found.person };
}

/** A staff user's sign-in that waits for set-up: the key to set up (the challenge allows nothing else). */
export async function startSetupAtSignIn(deps: TDeps, handle: string): Promise<TTwoFactorSetup> {
  const { challenge, person } = await openChallenge(deps, handle);
  if (challenge.purpose !== 'ENROL') throw challengeExpired();
  return await beginSetup(deps, person);
}

/**
 * Completes a sign-in: a code (or a recovery code) for the challenge a correct password gave. Wrong codes count
 * against the account's sign-in limit; the challenge is used once, in the transaction that starts the session.
 */
export async function completeSignIn(
  deps: TDeps,
  ctx: TRequestContext,
  body: TTwoFactorLoginRequest,
): Promise<TTwoFactorLoginResponseData> {
  const { challenge, person } = await openChallenge(deps, body.challenge);
  if (challenge.purpose === 'ENROL') {
    const code = body.code;
    if (code === undefined)
      throw fieldError('VALIDATION_FAILED', 'code', 'Confirm the new key with the 6-digit code your authenticator app shows');
    const confirmed = await checkPendingCode(deps, ctx, person, code);
    return await deps.db.transaction(async (tx) => {
      if (!(await consumeChallenge(tx, challenge.id))) throw challengeExpired();
      const recoveryCodes = await finishSetup(deps, tx, ctx, person, confirmed);
      return { ...(await openSession(deps, tx, ctx, person, { secondFactor: 'enrolled' })), recoveryCodes };
    });
  }
  const withRecovery = body.recoveryCode !== undefined;
  await checkSecondFactor(deps, ctx, person, async () =>
    withRecovery ? await spendRecoveryCode(deps, person, body.recoveryCode!) : await spendCode(deps, person, body.code!),
  );
  return await deps.db.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, challenge.id))) throw challengeExpired();
    if (withRecovery) await auditRecoveryCodeUse(tx, ctx, person);
    return await openSession(deps, tx, ctx, person, { secondFactor: withRecovery ? 'recovery_code' : 'authenticator' });
  });
}

// ─── the signed-in user's own ───────────────────────────────────────────────────────────────────

async function me(deps: TDeps, ctx: TRequestContext): Promise<TPerson> {
  const found = await personOf(deps.db, requireActor(ctx).userId);
  if (!found) throw new AppError('UNAUTHENTICATED');
  return found.person;
}

export async function getStatus(deps: TDeps, ctx: TRequestContext): Promise<TTwoFactorStatus> {
  const person = await me(deps, ctx);
  const row = await findTwoFactor(deps.db, person.id);
  const enabled = Boolean(row?.enabledAt);
  return {
    enabled,
    required: twoFactorRequired(deps.config, person),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(deps.db, person.id) : 0,
  };
}

/** A new key for the signed-in user, after their password: a session alone must not change how its owner signs in. */
export async function startSetup(deps: TDeps, ctx: TRequestContext, sealedPassword: string): Promise<TTwoFactorSetup> {
  const person = await me(deps, ctx);
  const row = await findTwoFactor(deps.db, person.id);
  if (row?.enabledAt) throw new AppError('CONFLICT', M.alreadyOn);
  await confirmOwnPassword(deps, ctx, sealedPassword);
  return await beginSetup(deps, person);
}

export async function confirmSetup(deps: TDeps, ctx: TRequestContext, code: string): Promise<TRecoveryCodes> {
  const person = await me(deps, ctx);
  const confirmed = await checkPendingCode(deps, ctx, person, code);
  return { recoveryCodes: await deps.db.transaction(async (tx) => await finishSetup(deps, tx, ctx, person, confirmed)) };
}

async function assertEnabled(deps: TDeps, person: TPerson): Promise<void> {
  const row = await findTwoFactor(deps.db, person.id);
  if (!row?.enabledAt) throw new AppError('UNPROCESSABLE', M.notOn);
}

/** Turns it off with a current code or a recovery code; refused where it is required. */
export async function disable(deps: TDeps, ctx: TRequestContext, body: { code?: string; recoveryCode?: string }): Promise<void> {
  const person = await me(deps, ctx);
  if (twoFactorRequired(deps.config, person)) throw new AppError('UNPROCESSABLE', M.requiredForStaff);
  await assertEnabled(deps, person);
  const withRecovery = body.recoveryCode !== undefined;
  await checkSecondFactor(deps, ctx, person, async () =>
    withRecovery ? await spendRecoveryCode(deps, person, body.recoveryCode!) : await spendCode(deps, person, body.code!),
  );
  await deps.db.transaction(async (tx) => {
    if (withRecovery) await auditRecoveryCodeUse(tx, ctx, person);
    await deleteTwoFactor(tx, person.id);
    await recordAudit(tx, ctx, {
      action: 'auth.two_factor_disabled',
      ...aboutUser(person),
      after: { with: withRecovery ? 'recovery_code' : 'authenticator' },
    });
  });
}

/** Ten new recovery codes for a current code; the earlier ones stop working. */
export async function regenerateRecoveryCodes(deps: TDeps, ctx: TRequestContext, code: string): Promise<TRecoveryCodes> {
  const person = await me(deps, ctx);
  await assertEnabled(deps, person);
  await checkSecondFactor(deps, ctx, person, async () => await spendCode(deps, person, code));
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const codes = await storeNewRecoveryCodes(deps, tx, person.id);
    await recordAudit(tx, ctx, {
      action: 'auth.two_factor_recovery_codes_regenerated',
      ...aboutUser(person),
      after: { recoveryCodes: codes.length },
    });
    return codes;
  });
  return { recoveryCodes };
}

// ─── an administrator's reset ───────────────────────────────────────────────────────────────────

/**
 * Clears another user's two-factor sign-in (a lost phone and no recovery code): their key and codes go, their
 * sessions end, the user is told by mail (or SMS) and the reset is audited. A user outside the caller's reach is
 * not found; nobody resets their own this way (they turn it off with a code).
 */
export async function resetUserTwoFactor(deps: TDeps, ctx: TRequestContext, userId: string): Promise<void> {
  const actor = requireActor(ctx);
  if (actor.userId === userId) throw new AppError('FORBIDDEN', M.notOwnReset);
  const view = await findUserView(deps.db, actor.scope, userId);
  if (!view) throw notFound('User not found');
  const messageIds = await deps.db.transaction(async (tx) => {
    if (!(await deleteTwoFactor(tx, userId))) throw new AppError('UNPROCESSABLE', M.userNotEnrolled);
    await revokeUserSessions(tx, userId, 'two_factor_reset');
    await recordAudit(tx, ctx, {
      action: 'user.two_factor_reset',
      ...aboutUser(view),
      after: { sessionsEnded: true },
    });
    const to = view.email ?? view.phone;
    if (!to) return [];
    const body = view.email
      ? `Two-factor sign-in on your Tarang account was reset by ${actor.label}. Your sessions have ended. Sign in with your password and set up your authenticator app again. If you did not ask for this, tell your administrator at once.`
      : `Tarang: two-factor sign-in on your account was reset by an administrator. Sign in and set it up again. Not you? Tell your administrator.`;
    return [
      await deps.messenger.enqueue(tx, {
        channel: view.email ? 'EMAIL' : 'SMS',
        to,
        recipientUserId: userId,
        subject: 'Two-factor sign-in on your Tarang account was reset',
        body,
        template: 'two-factor-reset',
      }),
    ];
  });
  if (messageIds.length > 0) deps.messenger.deliverLater(deps.db, messageIds);
}
