import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { chainDisabled } from '../organizations/organizations.repository';
import { organizations } from '../organizations/organizations.table';
import { roles } from '../roles/roles.table';
import { users } from '../users/users.table';
import { refreshTokens, sessions } from './auth.table';

export async function insertSession(db: TExecutor, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function insertRefreshToken(db: TExecutor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: TExecutor, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a refresh token used; false when another request used it first. */
export async function markRefreshTokenRotated(db: TExecutor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ h: refreshTokens.tokenHash });
  return rows.length === 1;
}

export async function touchSession(db: TExecutor, sessionId: string) {
  await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: TExecutor, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: TExecutor, userId: string, reason: string, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : undefined),
    );
}

/**
 * The session behind an access token, with the user, role and organisation the request acts as. Every API request
 * asks it, so it is a named prepared statement: each connection parses it once and PostgreSQL may keep its plan
 * (planning the four joins was most of its time).
 */
export async function findSessionActor(db: TExecutor, sessionId: string, userId: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      lastUsedAt: sessions.lastUsedAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      userId: users.id,
      email: users.email,
      phone: users.phone,
      status: users.status,
      organizationId: users.organizationId,
      orgPath: organizations.path,
      orgDisabled: chainDisabled(),
      roleId: roles.id,
      roleName: roles.name,
      authScopes: roles.authScopes,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .prepare('session_actor')
    .execute({ sessionId, userId });
  return row ?? null;
}
