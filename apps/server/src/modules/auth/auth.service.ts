import { randomInt } from 'node:crypto';
import type { TLoginResponseData } from '@tarang/shared/auth/auth.schemas';
import { normalizeUsername } from '@tarang/shared/format/username';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { TActor, TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { isOrganizationChainActive } from '../organizations/organizations.repository';
import { findUserForLogin, findUserRecord, findUserView, updateUserRow } from '../users/users.repository';
import { passwordResets } from './auth.table';
import { issueLoginKey, openSealedPasswords } from './login-keys';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';
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
import { clearThrottle, lockedForSeconds, recordFailure, releaseAttempt, reserveAttempt } from './throttle.repository';
import { newOpaqueToken, sha256 } from './tokens';

const ALL = { kind: 'all' as const };

export async function getLoginKey(deps: TDeps) {
  return await issueLoginKey(deps.db, deps.config.loginNonceTtlSeconds);
}

const accountKey = (username: string) => `acct:${username}`;
const ipKey = (ip: string | null) => `ip:${ip ?? 'unknown'}`;

type TLimit = { key: string; max: number };

function credentialLimits(deps: TDeps, username: string, ip: string | null): TLimit[] {
  return [
    { key: accountKey(username), max: deps.config.loginMaxFailuresPerAccount },
    { key: ipKey(ip), max: deps.config.loginMaxFailuresPerIp },
  ];
}

const ipLimit = (deps: TDeps, ip: string | null): TLimit[] => [{ key: ipKey(ip), max: deps.config.loginMaxFailuresPerIp }];

function tooManyAttempts(waitSeconds: number) {
  return new AppError('TOO_MANY_REQUESTS', undefined, { headers: { 'retry-after': String(waitSeconds) } });
}

/** Counts the attempt against every limit before it is checked; a 429 when one of them is spent or locked. */
async function admitAttempt(deps: TDeps, limits: TLimit[]) {
  const counted: string[] = [];
  for (const { key, max } of limits) {
    const wait = await reserveAttempt(deps.db, key, max, deps.config.loginThrottleWindowSeconds);
    if (wait > 0) {
      for (const done of counted) await releaseAttempt(deps.db, done);
      throw tooManyAttempts(wait);
    }
    counted.push(key);
  }
}

/** The attempt failed: its count stays, and a limit that is reached locks its key. */
async function attemptFailed(deps: TDeps, limits: TLimit[]) {
  for (const { key, max } of limits) await recordFailure(deps.db, key, max, deps.config.loginThrottleWindowSeconds);
}

/** The attempt succeeded: it no longer counts. */
async function attemptSucceeded(deps: TDeps, limits: TLimit[]) {
  for (const { key } of limits) await releaseAttempt(deps.db, key);
}

/** Checks a username and current password; counts failures per account and per IP. */
async function checkCredentials(deps: TDeps, ctx: TRequestContext, rawUsername: string, password: string, auditAction: string) {
  const username = normalizeUsername(rawUsername);
  const limits = credentialLimits(deps, username, ctx.ip);
  await admitAttempt(deps, limits);
  const user = await findUserForLogin(deps.db, username);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  // A user of a disabled organisation is refused like any other failure (its tokens would not work anyway).
  const orgActive = !user?.organizationId || !ok || (await isOrganizationChainActive(deps.db, user.organizationId));
  if (!user || !ok || user.status !== 'ACTIVE' || !orgActive) {
    await attemptFailed(deps, limits);
    await recordAudit(deps.db, ctx, {
      action: auditAction,
      entityType: 'user',
      entityId: user?.id ?? null,
      organizationId: user?.organizationId ?? null,
      actorLabel: username,
      after: {
        reason: !user ? 'unknown_user' : !ok ? 'wrong_password' : user.status !== 'ACTIVE' ? 'account_not_active' : 'organization_disabled',
      },
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  // The right password ends the account's count (and any lock); the address gives this attempt back.
  await clearThrottle(deps.db, accountKey(username));
  await attemptSucceeded(deps, ipLimit(deps, ctx.ip));
  return user;
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

export async function login(deps: TDeps, ctx: TRequestContext, body: { username: string; password: string }): Promise<TLoginResponseData> {
  const { password } = await openSealedPasswords(deps.db, { password: body.password });
  const user = await checkCredentials(deps, ctx, body.username, password, 'auth.login_failed');
  return await deps.db.transaction(async (tx) => {
    const { session, tokens } = await startSession(deps, tx, ctx, user.id);
    const view = (await findUserView(tx, ALL, user.id))!;
    const actorCtx = { ...ctx, actor: actorStub(user.id, session.id, view.email ?? view.phone ?? user.id, user.organizationId) };
    await recordAudit(tx, actorCtx, {
      action: 'auth.login',
      entityType: 'session',
      entityId: session.id,
      organizationId: user.organizationId,
    });
    const actor = (await findSessionActor(tx, session.id, user.id))!;
    return { user: view, role: { name: actor.roleName, authScopes: actor.authScopes }, token: tokens };
  });
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

/** Forgot password: a 6-digit OTP by e-mail or SMS. The answer is the same whether or not the account exists. */
export async function forgotPassword(deps: TDeps, ctx: TRequestContext, rawUsername: string) {
  const username = normalizeUsername(rawUsername);
  // An address locked for guessing gets no new codes either (the answer does not depend on the account).
  const wait = await lockedForSeconds(deps.db, [ipKey(ctx.ip)]);
  if (wait > 0) throw tooManyAttempts(wait);
  // Each username gets a few codes per window, so nobody can flood a person's inbox or phone.
  const perAccount = await reserveAttempt(
    deps.db,
    `reset-request:${username}`,
    deps.config.resetRequestsPerAccount,
    deps.config.loginThrottleWindowSeconds,
  );
  if (perAccount > 0) throw tooManyAttempts(perAccount);
  const otpToken = newOpaqueToken();
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const otpHash = await hashPassword(otp);
  const user = await findUserForLogin(deps.db, username);
  if (!user || user.status === 'DISABLED') {
    // Audited like a real request (and about as slow to answer), so the answer tells nothing about the account.
    await deps.db.transaction(async (tx) => {
      await recordAudit(tx, ctx, {
        action: 'auth.password_reset_requested',
        entityType: 'user',
        entityId: user?.id ?? null,
        organizationId: user?.organizationId ?? null,
        actorLabel: username,
        after: { reason: user ? 'account_disabled' : 'unknown_user' },
      });
    });
    return { otpToken };
  }
  const messageIds = await deps.db.transaction(async (tx) => {
    // A new code replaces any earlier one.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), eq(passwordResets.kind, 'OTP'), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      kind: 'OTP',
      handleHash: sha256(otpToken),
      otpHash,
      expiresAt: new Date(Date.now() + deps.config.otpTtlSeconds * 1000),
    });
    await recordAudit(tx, ctx, {
      action: 'auth.password_reset_requested',
      entityType: 'user',
      entityId: user.id,
      organizationId: user.organizationId,
      actorLabel: username,
    });
    const minutes = Math.round(deps.config.otpTtlSeconds / 60);
    const text = `Your Tarang password reset code is ${otp}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`;
    const to = username.includes('@') ? user.email! : user.phone!;
    return [
      await deps.messenger.enqueue(tx, {
        channel: username.includes('@') ? 'EMAIL' : 'SMS',
        to,
        subject: 'Your Tarang password reset code',
        body: text,
        template: 'password-reset-otp',
      }),
    ];
  });
  deps.messenger.deliverLater(deps.db, messageIds);
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
  for (const username of [before?.email, before?.phone]) if (username) await clearThrottle(db, accountKey(username));
  await recordAudit(db, ctx, {
    action,
    entityType: 'user',
    entityId: userId,
    organizationId: before?.organizationId ?? null,
    actorLabel: before?.email ?? before?.phone ?? userId,
  });
}

export async function resetPasswordWithOtp(deps: TDeps, ctx: TRequestContext, otp: string, otpToken: string, sealed: string) {
  const { password } = await openSealedPasswords(deps.db, { password: sealed });
  // The new password is checked first, so a weak choice does not cost one of the code's tries.
  assertAcceptablePassword(password, 'password');
  const limits = ipLimit(deps, ctx.ip);
  await admitAttempt(deps, limits);
  const [reset] = await deps.db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.handleHash, sha256(otpToken)), eq(passwordResets.kind, 'OTP')));
  const usable = reset && !reset.usedAt && reset.expiresAt.getTime() > Date.now() && reset.attempts < deps.config.otpMaxAttempts;
  if (!reset || !usable) {
    await attemptFailed(deps, limits);
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
  if (!counted || !(await verifyPassword(reset.otpHash, otp))) {
    await attemptFailed(deps, limits);
    throw new AppError('OTP_INVALID');
  }
  const hash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) throw new AppError('OTP_INVALID');
    await setPasswordAndEndSessions(tx, ctx, reset.userId, hash, 'auth.password_reset');
  });
  await attemptSucceeded(deps, limits);
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
    kind: 'LINK',
    handleHash: sha256(token),
    expiresAt: new Date(Date.now() + deps.config.resetLinkTtlSeconds * 1000),
  });
  return token;
}

export async function resetPasswordWithToken(deps: TDeps, ctx: TRequestContext, token: string, sealed: string) {
  const { password } = await openSealedPasswords(deps.db, { password: sealed });
  assertAcceptablePassword(password, 'password');
  const limits = ipLimit(deps, ctx.ip);
  await admitAttempt(deps, limits);
  const hash = await hashPassword(password);
  const done = await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.handleHash, sha256(token)),
          eq(passwordResets.kind, 'LINK'),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!reset) return false;
    await setPasswordAndEndSessions(tx, ctx, reset.userId, hash, 'auth.password_reset');
    return true;
  });
  if (!done) {
    await attemptFailed(deps, limits);
    throw new AppError('TOKEN_INVALID', 'This link is invalid or has expired');
  }
  await attemptSucceeded(deps, limits);
}

export async function changePassword(deps: TDeps, ctx: TRequestContext, body: { username: string; password: string; newpassword: string }) {
  const opened = await openSealedPasswords(deps.db, { password: body.password, newpassword: body.newpassword });
  const user = await checkCredentials(deps, ctx, body.username, opened.password, 'auth.change_password_failed');
  if (ctx.actor && ctx.actor.userId !== user.id) throw new AppError('FORBIDDEN', 'You can change only your own password');
  assertAcceptablePassword(opened.newpassword, 'newpassword');
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
