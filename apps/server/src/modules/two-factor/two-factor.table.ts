import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef } from '../../db/columns';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's authenticator (docs/decisions/023-two-factor-sign-in.md): the TOTP secret sealed with AES-256-GCM
 * (`v1.<iv>.<tag>.<ciphertext>`, bound to the user id), once confirmed; a key waiting for its first code; and the last
 * time step a code was accepted for, so no code is accepted twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: idRef('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  enabledAt: ts('enabled_at'),
  pendingSecret: text('pending_secret'),
  pendingCreatedAt: ts('pending_created_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One-time recovery codes: HMAC-SHA-256 of the code under a key derived from the two-factor key; used once. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: idPk(),
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in: a short-lived, single-use handle (stored as SHA-256) given after a correct password.
 * `VERIFY` asks for a code; `ENROL` (a staff user without two-factor sign-in) allows only setting it up.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: idPk(),
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    handleHash: text('handle_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['VERIFY', 'ENROL'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId), index('two_factor_challenges_expires_idx').on(t.expiresAt)],
);
