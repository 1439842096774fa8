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

/**
 * Password reset challenges: a 6-digit OTP (hashed) or a link token (hashed). A code asked for an unknown or
 * disabled account is stored too, without a user, so both answer after the same work and no code opens it.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: idPk(),
    userId: idRef('user_id').references(() => users.id),
    kind: text('kind', { enum: ['OTP', 'LINK'] }).notNull(),
    /** SHA-256 of the handle the client holds (otpToken, or the link token). */
    handleHash: text('handle_hash').notNull().unique(),
    /** argon2id hash of the OTP (OTP kind only). */
    otpHash: text('otp_hash'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** Whose limits the challenge counts against: `user:<id>`, or `name:<normalised username>` for an unknown one. */
    account: text('account'),
    /** The client address that asked for the code: a new code replaces only earlier ones from that address. */
    requestedIp: text('requested_ip'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_account_idx').on(t.account, t.requestedIp)],
);

/** Counters of the limits on unauthenticated endpoints: per account, per client address, per both (throttle.repository.ts). */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  /** Spaced attempts: when the next one is due. Request rates: the bucket's theoretical arrival time. */
  nextAllowedAt: ts('next_allowed_at'),
  /** Requests refused since the last admitted one (0 = the last request was admitted). */
  refused: integer('refused').notNull().default(0),
});
