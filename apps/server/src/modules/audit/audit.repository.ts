import type { TAuditQuery } from '@tarang/shared/audit/audit.schemas';
import { newId } from '@tarang/shared/common/ids';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { integerCursor, readKeysetPage, type TKeysetList } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';
import { auditEvents } from './audit.table';

export type TAuditInsert = Omit<typeof auditEvents.$inferInsert, 'seq' | 'id' | 'hash' | 'prevHash'>;

export async function insertAuditEvent(db: TExecutor, event: TAuditInsert): Promise<void> {
  await db.insert(auditEvents).values({ ...event, id: newId() });
}

/** The advisory lock the audit inbox's sealer holds (one sealer at a time). */
export const AUDIT_SEALER_LOCK = 7238462;

/** The INSERT of events into the audit inbox, for a caller that sends it along with its own statement. */
export function auditInboxInsert(events: TAuditInsert[]): SQL {
  return sql`INSERT INTO audit_inbox (event) VALUES ${sql.join(
    events.map((event) => sql`(${JSON.stringify(event)}::jsonb)`),
    sql`, `,
  )}`;
}

/** Seals up to `limit` waiting events into the chain, in the order they were written, keeping when they happened. */
export async function sealInboxBatch(db: TExecutor, limit: number): Promise<number> {
  const { rows } = await db.execute<{ id: number; event: TAuditInsert; occurred_at: Date }>(sql`
    DELETE FROM audit_inbox WHERE id IN (SELECT id FROM audit_inbox ORDER BY id LIMIT ${limit}) RETURNING id, event, occurred_at`);
  if (rows.length === 0) return 0;
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  await db.insert(auditEvents).values(rows.map((r) => ({ ...r.event, occurredAt: new Date(r.occurred_at), id: newId() })));
  return rows.length;
}

/** Newest first; the cursor is the last event's seq. */
const newestEvents: TKeysetList<TAuditRow, [number]> = {
  columns: [auditEvents.seq],
  descending: true,
  cursor: integerCursor,
  positionOf: (event) => [event.seq],
};

type TAuditRow = typeof auditEvents.$inferSelect;

export async function listAuditEvents(db: TExecutor, scope: TTenantScope, query: TAuditQuery) {
  const conditions: (SQL | undefined)[] = [
    inScope(scope, auditEvents.organizationId),
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.actorType ? eq(auditEvents.actorType, query.actorType) : undefined,
    query.entityType ? eq(auditEvents.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEvents.entityId, query.entityId) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.organizationId ? eq(auditEvents.organizationId, query.organizationId) : undefined,
    query.from ? gte(auditEvents.occurredAt, new Date(query.from)) : undefined,
    query.to ? lte(auditEvents.occurredAt, new Date(query.to)) : undefined,
  ];
  return await readKeysetPage(newestEvents, query, async ({ after, orderBy, limit }) =>
    db
      .select()
      .from(auditEvents)
      .where(and(...conditions, after))
      .orderBy(orderBy)
      .limit(limit),
  );
}

/**
 * Recomputes the hash chain; returns the seq of the first broken event, or null when intact.
 * An event that was changed or removed breaks its own hash or the next event's link; a removed newest event
 * leaves the chain head pointing past the last event, and its seq is returned.
 */
export async function verifyAuditChain(db: TExecutor): Promise<number | null> {
  const broken = await db.execute<{ seq: number }>(sql`
    SELECT seq FROM (
      SELECT seq, hash, prev_hash,
        lag(hash, 1, '') OVER (ORDER BY seq) AS expected_prev,
        audit_event_hash(prev_hash, id, occurred_at, actor_type, actor_id, actor_label, organization_id, action,
          entity_type, entity_id, before, after, ip, user_agent, request_id) AS expected_hash
      FROM audit_events
    ) chain
    WHERE hash <> expected_hash OR prev_hash <> expected_prev
    ORDER BY seq LIMIT 1`);
  if (broken.rows[0]) return Number(broken.rows[0].seq);
  const head = await db.execute<{ seq: number }>(sql`
    SELECT head.seq FROM audit_chain_head head
    LEFT JOIN LATERAL (SELECT seq, hash FROM audit_events ORDER BY seq DESC LIMIT 1) last ON true
    WHERE head.seq <> coalesce(last.seq, 0) OR head.hash <> coalesce(last.hash, '')`);
  return head.rows[0] ? Number(head.rows[0].seq) : null;
}
