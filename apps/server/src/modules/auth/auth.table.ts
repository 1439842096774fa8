import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef } from '../../db/columns';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A signed-in session: one refresh-token family (docs/decisions/003-tokens-and-sessions.md). */
export const sessions = pgTable(
  'sessions',
  {
    id: idPk(),
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 of the token. A token is used once; reuse revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: idRef('session_id')
      .notNull()
      .references(() => sessions.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** RSA-OAEP-256 key pairs that seal passwords in transit. */
export const loginKeys = pgTable('login_keys', {
  id: text('id').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
});

/** Single-use nonces issued with the login key. */
export const loginNonces = pgTable(
  'login_nonces',
  {
    nonce: text('nonce').primaryKey(),
    keyId: text('key_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('login_nonces_expires_idx').on(t.expiresAt)],
);

/** Server secrets generated on first start (token signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Password reset challenges: a 6-digit OTP (hashed) or a link token (hashed). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: idPk(),
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['OTP', 'LINK'] }).notNull(),
    /** SHA-256 of the handle the client holds (otpToken, or the link token). */
    handleHash: text('handle_hash').notNull().unique(),
    /** argon2id hash of the OTP (OTP kind only). */
    otpHash: text('otp_hash'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Failed sign-in counters per account and per client IP. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});
