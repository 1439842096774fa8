import { randomInt } from 'node:crypto';
import type { TLoginResponseData } from '@tarang/shared/auth/auth.schemas';
import type { TLoginResult } from '@tarang/shared/auth/two-factor.schemas';
import { normalizeUsername } from '@tarang/shared/format/username';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { TActor, TRequestContext } from '../../http/request-context';
import { aboutUser, recordAudit } from '../audit/audit.service';
import { flushAuditTally, recordRepeatedAudit } from '../audit/audit-tallies';
import { isOrganizationChainActive } from '../organizations/organizations.repository';
import { twoFactorStepFor } from '../two-factor/two-factor-gate';
import { findUserForLogin, findUserRecord, findUserView, updateUserRow } from '../users/users.repository';
import { clientKey, limitAccountRequests, tooManyRequests } from './anonymous-limits';
import { passwordResets } from './auth.table';
import { issueLoginKey, openSealedPasswords } from './login-keys';
import { assertAcceptablePassword, assertAcceptablePasswordForUser, hashPassword, verifyPassword } from './passwords';
import {
  findRefreshToken,
  findSessionActor,
  insertRefreshToken,
  insertSession,
  markRefreshTokenRotated,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './sessions.repository';
import { clearThrottle, recordFailure, releaseAttempt, reserveAttempt, reserveSpacedAttempt, type TSpacing } from './throttle.repository';
import { newOpaqueToken, sha256 } from './tokens';

const ALL = { kind: 'all' as const };

export async function getLoginKey(deps: TDeps) {
  return await issueLoginKey(deps.db, deps.config.loginNonceTtlSeconds);
}

/**
 * Whose limits an attempt counts against: the account (`user:<id>`), whichever of its email and phone is typed;
 * an identifier that names no account counts under its normalised form (`name:<username>`), so unknown and known
 * identifiers meet the same limits.
 */
function accountOf(user: { id: string } | null, username: string): string {
  return user ? `user:${user.id}` : `name:${username}`;
}

const accountKey = (account: string) => `acct:${account}`;
const ipKey = (ip: string | null) => `ip:${clientKey(ip)}`;

/** Failures from one address are spaced out, never locked: the address may be a whole office behind one NAT. */
function ipSpacing(deps: TDeps): TSpacing {
  return {
    free: deps.config.loginMaxFailuresPerIp,
    baseSeconds: 1,
    capSeconds: Math.max(deps.config.loginIpDelayCapSeconds, 1),
    windowSeconds: deps.config.loginThrottleWindowSeconds,
  };
}

type THardLimit = { key: string; max: number };

/**
 * Counts one guess (a password, a reset code, a link token) before it is checked: against each hard limit (a
 * 429 when one is spent or locked) and against the address's spacing. Refused, it gives back what it counted.
 */
async function admitGuess(deps: TDeps, ip: string | null, hard: THardLimit[]): Promise<void> {
  const window = deps.config.loginThrottleWindowSeconds;
  const counted: string[] = [];
  const refuse = async (wait: number) => {
    for (const key of counted) await releaseAttempt(deps.db, key);
    return tooManyRequests(wait);
  };
  for (const { key, max } of hard) {
    const wait = await reserveAttempt(deps.db, key, max, window);
    if (wait > 0) throw await refuse(wait);
    counted.push(key);
  }
  const wait = await reserveSpacedAttempt(deps.db, ipKey(ip), ipSpacing(deps));
  if (wait > 0) throw await refuse(wait);
}

/** The guess was wrong: its counts stay, and a hard limit that is reached locks its key. Answers the keys it locked. */
async function guessFailed(deps: TDeps, hard: THardLimit[]): Promise<string[]> {
  const locked: string[] = [];
  for (const { key, max } of hard) if (await recordFailure(deps.db, key, max, deps.config.loginThrottleWindowSeconds)) locked.push(key);
  return locked;
}

/** The guess was right, or never checked (a request refused for another reason): it no longer counts. */
async function guessReleased(deps: TDeps, ip: string | null, hard: THardLimit[]): Promise<void> {
  for (const { key } of hard) await releaseAttempt(deps.db, key);
  await releaseAttempt(deps.db, ipKey(ip));
}

const credentialLimits = (deps: TDeps, account: string): THardLimit[] => [
  { key: accountKey(account), max: deps.config.loginMaxFailuresPerAccount },
];

/**
 * Checks a username and a sealed current password, limits first: the account's request rate, its failure lock
 * and the address's spacing are settled before the password is opened and hashed.
 */
async function checkCredentials<K extends string>(
  deps: TDeps,
  ctx: TRequestContext,
  rawUsername: string,
  sealed: Record<K | 'password', string>,
  auditAction: string,
  accountCount: 'clear' | 'keep' = 'clear',
) {
  const username = normalizeUsername(rawUsername);
  const user = await findUserForLogin(deps.db, username);
  const account = accountOf(user, username);
  await limitAccountRequests(deps, account);
  const limits = credentialLimits(deps, account);
  await admitGuess(deps, ctx.ip, limits);
  let opened: Record<K | 'password', string>;
  try {
    opened = await openSealedPasswords(deps.db, sealed);
  } catch (error) {
    await guessReleased(deps, ctx.ip, limits);
    throw error;
  }
  const ok = await verifyPassword(user?.passwordHash ?? null, opened.password);
  // A user of a disabled organisation is refused like any other failure (its tokens would not work anyway).
  const orgActive = !user?.organizationId || !ok || (await isOrganizationChainActive(deps.db, user.organizationId));
  if (!user || !ok || user.status !== 'ACTIVE' || !orgActive) {
    const locked = await guessFailed(deps, limits);
    // Failures are aggregated per account (an unknown identifier: its normalised form) and window: one event and a summary.
    const tallyKey = account;
    await recordRepeatedAudit(deps.db, ctx, {
      action: auditAction,
      tallyKey,
      windowSeconds: deps.config.loginThrottleWindowSeconds,
      ...aboutUser(user),
      actorLabel: username,
      reason: !user ? 'unknown_user' : !ok ? 'wrong_password' : user.status !== 'ACTIVE' ? 'account_not_active' : 'organization_disabled',
    });
    if (locked.length > 0) await flushAuditTally(deps.db, auditAction, tallyKey, 'lock');
    throw new AppError('INVALID_CREDENTIALS');
  }
  // The right password ends the account's count (and any lock), or gives back only this attempt while a second
  // factor may still be due (`keep`: wrong codes add to the same count); the address gives this attempt back.
  if (accountCount === 'keep') await releaseAttempt(deps.db, accountKey(account));
  else await clearThrottle(deps.db, accountKey(account));
  await releaseAttempt(deps.db, ipKey(ctx.ip));
  return { user, opened };
}

async function startSession(deps: TDeps, db: TExecutor, ctx: TRequestContext, userId: string) {
  const now = Date.now();
  const session = await insertSession(db, {
    userId,
    absoluteExpiresAt: new Date(now + deps.config.sessionAbsoluteTtlSeconds * 1000),
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
  });
  return { session, tokens: await issueTokens(deps, db, session.id, userId, session.absoluteExpiresAt) };
}

async function issueTokens(deps: TDeps, db: TExecutor, sessionId: string, userId: string, absoluteExpiresAt: Date) {
  const refreshToken = newOpaqueToken();
  const refreshExpires = new Date(Math.min(absoluteExpiresAt.getTime(), Date.now() + deps.config.sessionIdleTtlSeconds * 1000));
  await insertRefreshToken(db, { tokenHash: sha256(refreshToken), sessionId, expiresAt: refreshExpires });
  const access = await deps.accessTokens.sign({ sub: userId, sid: sessionId });
  return {
    access: { token: access.token, expires: access.expires.toISOString() },
    refresh: { token: refreshToken, expires: refreshExpires.toISOString() },
  };
}

/**
 * Sign-in, first step: the password. When a second factor is due (docs/decisions/023-two-factor-sign-in.md) the
 * answer is its challenge and no session exists yet; `POST /auth/login/two-factor` completes it.
 */
export async function login(deps: TDeps, ctx: TRequestContext, body: { username: string; password: string }): Promise<TLoginResult> {
  const { user } = await checkCredentials(deps, ctx, body.username, { password: body.password }, 'auth.login_failed', 'keep');
  const secondStep = await twoFactorStepFor(deps, user);
  if (secondStep) return { twoFactor: secondStep };
  await clearThrottle(deps.db, accountKey(accountOf(user, '')));
  return await deps.db.transaction(async (tx) => await openSession(deps, tx, ctx, user));
}

/** Starts the session of a completed sign-in, audited as `auth.login` (with `after`, e.g. the second factor used). */
export async function openSession(
  deps: TDeps,
  tx: TExecutor,
  ctx: TRequestContext,
  user: { id: string; organizationId: string | null },
  after?: Record<string, unknown>,
): Promise<TLoginResponseData> {
  const { session, tokens } = await startSession(deps, tx, ctx, user.id);
  const view = (await findUserView(tx, ALL, user.id))!;
  const actorCtx = { ...ctx, actor: actorStub(user.id, session.id, view.email ?? view.phone ?? user.id, user.organizationId) };
  await recordAudit(tx, actorCtx, {
    action: 'auth.login',
    entityType: 'session',
    entityId: session.id,
    organizationId: user.organizationId,
    ...(after ? { after } : {}),
  });
  const actor = (await findSessionActor(tx, session.id, user.id))!;
  return { user: view, role: { name: actor.roleName, authScopes: actor.authScopes }, token: tokens };
}

/**
 * Checks the signed-in user's own password again (before a change to how they sign in), under the sign-in limits.
 * The account's count is kept, as at sign-in: only a complete sign-in or a right second factor ends it.
 */
export async function confirmOwnPassword(deps: TDeps, ctx: TRequestContext, sealedPassword: string): Promise<void> {
  const me = ctx.actor ? await findUserRecord(deps.db, ctx.actor.userId) : null;
  const username = me?.email ?? me?.phone;
  if (!username) throw new AppError('UNAUTHENTICATED');
  await checkCredentials(deps, ctx, username, { password: sealedPassword }, 'auth.password_check_failed', 'keep');
}

/**
 * Checks a second factor of a user (an authenticator code or a recovery code; `check` also spends it) under the
 * limits of the password: the account's request rate and failure lock, the address's spacing. A wrong code keeps
 * its count, is audited like a wrong password (aggregated) and answers OTP_INVALID; a right one ends the count.
 */
export async function checkSecondFactor(
  deps: TDeps,
  ctx: TRequestContext,
  user: { id: string; organizationId: string | null; label: string },
  check: () => Promise<boolean>,
): Promise<void> {
  const account = accountOf(user, '');
  await limitAccountRequests(deps, account);
  const limits = credentialLimits(deps, account);
  await admitGuess(deps, ctx.ip, limits);
  let right: boolean;
  try {
    right = await check();
  } catch (error) {
    await guessReleased(deps, ctx.ip, limits);
    throw error;
  }
  if (!right) {
    const locked = await guessFailed(deps, limits);
    const action = 'auth.two_factor_failed';
    await recordRepeatedAudit(deps.db, ctx, {
      action,
      tallyKey: account,
      windowSeconds: deps.config.loginThrottleWindowSeconds,
      ...aboutUser(user),
      actorLabel: user.label,
      reason: 'wrong_code',
    });
    if (locked.length > 0) await flushAuditTally(deps.db, action, account, 'lock');
    throw new AppError('OTP_INVALID');
  }
  await clearThrottle(deps.db, accountKey(account));
  await releaseAttempt(deps.db, ipKey(ctx.ip));
}

/** A minimal actor for audit events written before the request has one (sign-in). */
function actorStub(userId: string, sessionId: string, label: string, organizationId: string | null): TActor {
  return { type: 'USER', userId, sessionId, label, organizationId, roleId: '', roleName: '', authScopes: {}, scope: ALL };
}

function sessionUsable(deps: TDeps, s: { revokedAt: Date | null; lastUsedAt: Date; absoluteExpiresAt: Date }): boolean {
  const now = Date.now();
  return !s.revokedAt && s.absoluteExpiresAt.getTime() > now && s.lastUsedAt.getTime() + deps.config.sessionIdleTtlSeconds * 1000 > now;
}

/** A refresh token presented after it was used: the whole session (token family) ends, logged and audited. */
async function endSessionOnReuse(deps: TDeps, ctx: TRequestContext, session: { id: string; userId: string }): Promise<never> {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, session.id, 'refresh_token_reuse');
    await recordAudit(tx, ctx, {
      action: 'auth.refresh_token_reuse',
      entityType: 'session',
      entityId: session.id,
      actorLabel: session.userId,
      after: { sessionId: session.id, userId: session.userId },
    });
  });
  deps.logger.warn({ sessionId: session.id, userId: session.userId, ip: ctx.ip }, 'refresh token reuse: session revoked');
  throw new AppError('TOKEN_INVALID');
}

/** Refresh-token rotation with reuse detection (RFC 9700 §4.14.2). */
export async function refreshTokens(deps: TDeps, ctx: TRequestContext, refreshToken: string) {
  const hash = sha256(refreshToken);
  const found = await findRefreshToken(deps.db, hash);
  if (!found) throw new AppError('TOKEN_INVALID');
  const { token, session } = found;
  if (token.rotatedAt) return await endSessionOnReuse(deps, ctx, session);
  await limitAccountRequests(deps, accountOf({ id: session.userId }, ''));
  if (token.expiresAt.getTime() <= Date.now() || !sessionUsable(deps, session)) throw new AppError('TOKEN_INVALID');
  const actor = await findSessionActor(deps.db, session.id, session.userId);
  if (actor?.status !== 'ACTIVE' || actor.orgDisabled) throw new AppError('TOKEN_INVALID');
  const tokens = await deps.db.transaction(async (tx) => {
    // Two requests with the same token at once: one rotates it, the other is a reuse like any later one.
    if (!(await markRefreshTokenRotated(tx, hash))) return null;
    await touchSession(tx, session.id);
    return await issueTokens(deps, tx, session.id, session.userId, session.absoluteExpiresAt);
  });
  if (!tokens) return await endSessionOnReuse(deps, ctx, session);
  return tokens;
}

export async function logout(deps: TDeps, ctx: TRequestContext, refreshToken: string) {
  const found = await findRefreshToken(deps.db, sha256(refreshToken));
  if (!found || found.session.revokedAt) return;
  const { session } = found;
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, session.id, 'logout');
    const actor = await findSessionActor(tx, session.id, session.userId);
    const label = actor?.email ?? actor?.phone ?? session.userId;
    await recordAudit(
      tx,
      { ...ctx, actor: actorStub(session.userId, session.id, label, actor?.organizationId ?? null) },
      {
        action: 'auth.logout',
        entityType: 'session',
        entityId: session.id,
        organizationId: actor?.organizationId ?? null,
      },
    );
  });
}

/** Resolves the bearer token of a request into the actor it acts as; every failure is a 401. */
export async function authenticateRequest(deps: TDeps, request: FastifyRequest): Promise<TActor> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw new AppError('UNAUTHENTICATED');
  return await actorFromAccessToken(deps, match[1]!);
}

export async function actorFromAccessToken(deps: TDeps, token: string): Promise<TActor> {
  const claims = await deps.accessTokens.verify(token);
  if (!claims) throw new AppError('TOKEN_INVALID');
  const row = await findSessionActor(deps.db, claims.sid, claims.sub);
  if (!row || !sessionUsable(deps, row) || row.status !== 'ACTIVE' || row.orgDisabled) throw new AppError('TOKEN_INVALID');
  return {
    type: 'USER',
    userId: row.userId,
    sessionId: row.sessionId,
    label: row.email ?? row.phone ?? row.userId,
    organizationId: row.organizationId,
    roleId: row.roleId,
    roleName: row.roleName,
    authScopes: row.authScopes,
    scope: row.organizationId && row.orgPath ? { kind: 'subtree', organizationId: row.organizationId, path: row.orgPath } : ALL,
  };
}

export async function loggedInUser(deps: TDeps, token: string) {
  const actor = await actorFromAccessToken(deps, token);
  return (await findUserView(deps.db, ALL, actor.userId))!;
}

/**
 * Forgot password: a 6-digit OTP by e-mail or SMS. The answer is the same whether or not the account exists, and
 * so is the work behind it: the same limits, the same hash, the same statements (a code for an unknown or
 * disabled account is stored without a user, and no code opens it). Only a real account's message is extra.
 */
export async function forgotPassword(deps: TDeps, ctx: TRequestContext, rawUsername: string) {
  const username = normalizeUsername(rawUsername);
  const user = await findUserForLogin(deps.db, username);
  const account = accountOf(user, username);
  await limitAccountRequests(deps, account);
  // Codes per account and address, and per account from all addresses: nobody can flood a person's inbox or
  // phone, and a stranger's requests cannot use up the owner's.
  const window = deps.config.loginThrottleWindowSeconds;
  const fromHere = `reset-request:${account}@${clientKey(ctx.ip)}`;
  const waitHere = await reserveAttempt(deps.db, fromHere, deps.config.resetRequestsPerAccount, window);
  if (waitHere > 0) throw tooManyRequests(waitHere);
  const waitAll = await reserveAttempt(deps.db, `reset-request:${account}`, deps.config.resetRequestsPerAccountCap, window);
  if (waitAll > 0) {
    await releaseAttempt(deps.db, fromHere);
    throw tooManyRequests(waitAll);
  }
  const target = user && user.status !== 'DISABLED' ? user : null;
  const otpToken = newOpaqueToken();
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const otpHash = await hashPassword(otp);
  const requestedIp = clientKey(ctx.ip);
  const messageIds = await deps.db.transaction(async (tx) => {
    // A new code replaces the earlier ones asked from the same address (someone else's request leaves the owner's code alone).
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.account, account),
          eq(passwordResets.requestedIp, requestedIp),
          eq(passwordResets.kind, 'OTP'),
          isNull(passwordResets.usedAt),
        ),
      );
    await tx.insert(passwordResets).values({
      userId: target?.id ?? null,
      account,
      requestedIp,
      kind: 'OTP',
      handleHash: sha256(otpToken),
      otpHash,
      expiresAt: new Date(Date.now() + deps.config.otpTtlSeconds * 1000),
    });
    await recordRepeatedAudit(tx, ctx, {
      action: 'auth.password_reset_requested',
      tallyKey: account,
      windowSeconds: window,
      ...aboutUser(user),
      actorLabel: username,
      reason: !user ? 'unknown_user' : !target ? 'account_disabled' : null,
    });
    if (!target) return [];
    const minutes = Math.round(deps.config.otpTtlSeconds / 60);
    const text = `Your Tarang password reset code is ${otp}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`;
    const to = username.includes('@') ? target.email! : target.phone!;
    return [
      await deps.messenger.enqueue(tx, {
        channel: username.includes('@') ? 'EMAIL' : 'SMS',
        to,
        recipientUserId: target.id,
        subject: 'Your Tarang password reset code',
        body: text,
        template: 'password-reset-otp',
      }),
    ];
  });
  if (messageIds.length > 0) deps.messenger.deliverLater(deps.db, messageIds);
  return { otpToken };
}

/** Stores a new password hash (hashed before the transaction opens), ends the user's sessions but `keepSessionId` and unlocks the account. */
async function setPasswordAndEndSessions(
  db: TExecutor,
  ctx: TRequestContext,
  userId: string,
  hash: string,
  action: string,
  keepSessionId?: string,
) {
  const before = await findUserRecord(db, userId);
  await updateUserRow(db, userId, { passwordHash: hash, ...(before?.status === 'INVITED' ? { status: 'ACTIVE' as const } : {}) });
  await revokeUserSessions(db, userId, action, keepSessionId);
  // The new password is known to be the owner's: an earlier lock of the account no longer protects anything.
  for (const key of [accountKey(`user:${userId}`), resetKey(`user:${userId}`)]) await clearThrottle(db, key);
  await recordAudit(db, ctx, {
    action,
    entityType: 'user',
    entityId: userId,
    organizationId: before?.organizationId ?? null,
    actorLabel: before?.email ?? before?.phone ?? userId,
  });
}

const resetKey = (account: string) => `reset:${account}`;

/**
 * Wrong reset codes and link tokens lock the account's reset for one address (`otpMaxAttempts` per window), and
 * for every address only at a much higher count: a stranger guessing from elsewhere cannot lock the owner out.
 * A handle that names no challenge counts against the address alone.
 */
function resetLimits(deps: TDeps, account: string | null, ip: string | null): THardLimit[] {
  if (!account) return [];
  return [
    { key: `${resetKey(account)}@${clientKey(ip)}`, max: deps.config.otpMaxAttempts },
    { key: resetKey(account), max: deps.config.resetFailuresPerAccount },
  ];
}

function challengeAccount(reset: { account: string | null; userId: string | null } | undefined): string | null {
  return reset?.account ?? (reset?.userId ? `user:${reset.userId}` : null);
}

export async function resetPasswordWithOtp(deps: TDeps, ctx: TRequestContext, otp: string, otpToken: string, sealed: string) {
  const [reset] = await deps.db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.handleHash, sha256(otpToken)), eq(passwordResets.kind, 'OTP')));
  const account = challengeAccount(reset);
  if (account) await limitAccountRequests(deps, account);
  const limits = resetLimits(deps, account, ctx.ip);
  await admitGuess(deps, ctx.ip, limits);
  let password: string;
  try {
    ({ password } = await openSealedPasswords(deps.db, { password: sealed }));
    // The new password is checked first, so a weak choice does not cost one of the code's tries.
    assertAcceptablePassword(password, 'password');
  } catch (error) {
    await guessReleased(deps, ctx.ip, limits);
    throw error;
  }
  const usable = reset && !reset.usedAt && reset.expiresAt.getTime() > Date.now() && reset.attempts < deps.config.otpMaxAttempts;
  if (!reset || !usable) {
    await guessFailed(deps, limits);
    throw new AppError('OTP_INVALID');
  }
  // Count the try before checking, so parallel guesses cannot exceed the limit.
  const [counted] = await deps.db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(eq(passwordResets.id, reset.id), sql`${passwordResets.attempts} < ${deps.config.otpMaxAttempts}`, isNull(passwordResets.usedAt)),
    )
    .returning({ attempts: passwordResets.attempts });
  // A code stored for an unknown account has no user: no code opens it.
  if (!counted || !(await verifyPassword(reset.otpHash, otp)) || !reset.userId) {
    await guessFailed(deps, limits);
    throw new AppError('OTP_INVALID');
  }
  const userId = reset.userId;
  // The owner's details are checked only now: before the code, a refusal would tell whether the account exists.
  // Refused, the code keeps this try.
  await assertAcceptablePasswordForUser(deps.db, userId, password, 'password').catch(async (error: unknown) => {
    await deps.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} - 1` })
      .where(eq(passwordResets.id, reset.id));
    await guessReleased(deps, ctx.ip, limits);
    throw error;
  });
  const hash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) throw new AppError('OTP_INVALID');
    await setPasswordAndEndSessions(tx, ctx, userId, hash, 'auth.password_reset');
  });
  await guessReleased(deps, ctx.ip, limits);
}

/** Creates a link token for setting a password (invitations, "Send Mail"); returns the token to put in the link. */
export async function createPasswordLink(deps: TDeps, db: TExecutor, userId: string): Promise<string> {
  const token = newOpaqueToken();
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.kind, 'LINK'), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values({
    userId,
    account: `user:${userId}`,
    kind: 'LINK',
    handleHash: sha256(token),
    expiresAt: new Date(Date.now() + deps.config.resetLinkTtlSeconds * 1000),
  });
  return token;
}

/** Sets a password with a link token (an invitation, or "Send Mail"); limited like a reset code. */
export async function resetPasswordWithToken(deps: TDeps, ctx: TRequestContext, token: string, sealed: string) {
  const handleHash = sha256(token);
  const [reset] = await deps.db
    .select({ account: passwordResets.account, userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.handleHash, handleHash), eq(passwordResets.kind, 'LINK')));
  const account = challengeAccount(reset);
  if (account) await limitAccountRequests(deps, account);
  const limits = resetLimits(deps, account, ctx.ip);
  await admitGuess(deps, ctx.ip, limits);
  let hash: string;
  try {
    const { password } = await openSealedPasswords(deps.db, { password: sealed });
    // Only the holder of the link learns that its owner's details are refused.
    await assertAcceptablePasswordForUser(deps.db, reset?.userId ?? null, password, 'password');
    hash = await hashPassword(password);
  } catch (error) {
    await guessReleased(deps, ctx.ip, limits);
    throw error;
  }
  const done = await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.handleHash, handleHash),
          eq(passwordResets.kind, 'LINK'),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!used?.userId) return false;
    await setPasswordAndEndSessions(tx, ctx, used.userId, hash, 'auth.password_reset');
    return true;
  });
  if (!done) {
    await guessFailed(deps, limits);
    throw new AppError('TOKEN_INVALID', 'This link is invalid or has expired');
  }
  await guessReleased(deps, ctx.ip, limits);
}

export async function changePassword(deps: TDeps, ctx: TRequestContext, body: { username: string; password: string; newpassword: string }) {
  const { user, opened } = await checkCredentials(
    deps,
    ctx,
    body.username,
    { password: body.password, newpassword: body.newpassword },
    'auth.change_password_failed',
  );
  if (ctx.actor && ctx.actor.userId !== user.id) throw new AppError('FORBIDDEN', 'You can change only your own password');
  await assertAcceptablePasswordForUser(deps.db, user.id, opened.newpassword, 'newpassword');
  if (opened.newpassword === opened.password) {
    throw new AppError('VALIDATION_FAILED', 'The new password must differ from the current one', {
      errors: [{ path: 'newpassword', message: 'The new password must differ from the current one' }],
    });
  }
  const hash = await hashPassword(opened.newpassword);
  await deps.db.transaction(async (tx) => {
    await setPasswordAndEndSessions(tx, ctx, user.id, hash, 'auth.password_changed', ctx.actor?.sessionId);
  });
}
