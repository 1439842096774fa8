import { bigserial, char, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, and a trigger
 * chains each event to the previous one with a SHA-256 hash (migration 0001).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: char('id', { length: 24 }).notNull().unique(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorType: text('actor_type', { enum: ['USER', 'API_KEY', 'SYSTEM', 'ANONYMOUS'] }).notNull(),
    actorId: char('actor_id', { length: 24 }),
    actorLabel: text('actor_label'),
    organizationId: char('organization_id', { length: 24 }),
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
