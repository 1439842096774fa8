import { bigserial, char, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idRef, timestampTz } from '../../db/columns';

/**
 * The audit trail. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, and a trigger
 * chains each event to the previous one with a SHA-256 hash (migration 0001).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: char('id', { length: 24 }).notNull().unique(),
    occurredAt: timestampTz('occurred_at').notNull().defaultNow(),
    actorType: text('actor_type', { enum: ['USER', 'API_KEY', 'SYSTEM', 'ANONYMOUS'] }).notNull(),
    actorId: idRef('actor_id'),
    actorLabel: text('actor_label'),
    organizationId: idRef('organization_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
  },
  (t) => [
    index('audit_events_actor_idx').on(t.actorId, t.seq),
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.seq),
    index('audit_events_org_idx').on(t.organizationId, t.seq),
    index('audit_events_action_idx').on(t.action, t.seq),
    index('audit_events_time_idx').on(t.occurredAt),
  ],
);

/**
 * Repeated events of one kind and key (failed sign-ins of one account, reset codes asked from one address …)
 * inside one window. The first event of a window is an audit event of its own; the rest only count here, and the
 * whole window becomes one more audit event (`<action>_repeated`) when it closes or when it ends in a lock
 * (audit-tallies.ts). The audit trail itself stays append-only: nothing in it is ever updated.
 */
export const auditTallies = pgTable(
  'audit_tallies',
  {
    action: text('action').notNull(),
    tallyKey: text('tally_key').notNull(),
    windowEndsAt: timestampTz('window_ends_at').notNull(),
    firstAt: timestampTz('first_at').notNull().defaultNow(),
    lastAt: timestampTz('last_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(1),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    organizationId: idRef('organization_id'),
    /** Up to 10 distinct labels (usernames tried) and client addresses seen in the window. */
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    ips: jsonb('ips').$type<string[]>().notNull().default([]),
    /** How many attempts gave each reason (wrong_password, unknown_user …). */
    reasons: jsonb('reasons').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.action, t.tallyKey] }), index('audit_tallies_window_idx').on(t.windowEndsAt)],
);

/**
 * Audit events written by busy paths (every money movement) in their own transaction, waiting to join the hash chain:
 * a sealer moves them into `audit_events` in order, many per transaction, so those paths do not queue one behind
 * another on the chain's head (docs/decisions/025-money-ledger.md). Rows leave only by being sealed.
 */
export const auditInbox = pgTable('audit_inbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  event: jsonb('event').notNull(),
  occurredAt: timestampTz('occurred_at').notNull().defaultNow(),
});
