import { auditActionMatch, type TAuditBreakReason, type TAuditQuery } from '@tarang/shared/audit/audit.schemas';
import { newId } from '@tarang/shared/common/ids';
import { and, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { containsPattern, escapeLike, integerCursor, readKeysetPage, type TKeysetList, withinDates } from '../../lib/list-query';
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

/** The action filter: one action, or every action starting with a prefix (`sim.`, `sim.all*`). */
function actionCondition(value: string): SQL {
  const match = auditActionMatch(value);
  return 'exact' in match ? eq(auditEvents.action, match.exact) : sql`${auditEvents.action} LIKE ${`${escapeLike(match.prefix)}%`}`;
}

/**
 * A page of the audit trail inside `scope`, newest first. `organizationPath` (the path of the asked organisation, checked
 * to be in scope by the caller) narrows it to that organisation and the ones under it.
 */
export async function listAuditEvents(db: TExecutor, scope: TTenantScope, query: TAuditQuery, organizationPath?: string) {
  const conditions: (SQL | undefined)[] = [
    inScope(scope, auditEvents.organizationId),
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.actor ? ilike(auditEvents.actorLabel, containsPattern(query.actor)) : undefined,
    query.actorType ? eq(auditEvents.actorType, query.actorType) : undefined,
    query.entityType ? eq(auditEvents.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEvents.entityId, query.entityId) : undefined,
    query.action ? actionCondition(query.action) : undefined,
    organizationPath !== undefined
      ? sql`${auditEvents.organizationId} IN (SELECT id FROM organizations WHERE path LIKE ${`${escapeLike(organizationPath)}%`})`
      : undefined,
    ...withinDates(sql`${auditEvents.occurredAt}`, query.from, query.to),
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

// ─── verification of the hash chain ──────────────────────────────────────────────────────────────

/** Events one statement of a verification recomputes. */
export const AUDIT_VERIFY_BATCH = 5000;

export type TAuditChainBreak = { seq: number; occurredAt: Date | null; reason: TAuditBreakReason };

export type TAuditChainWalk = {
  /** The first and last seq checked; null when the range held no event. */
  fromSeq: number | null;
  toSeq: number | null;
  /** Events checked, up to and including the first broken one. */
  checked: number;
  firstBroken: TAuditChainBreak | null;
  /** Whether the chain's head names the newest event; only for a range that reaches the head. */
  headMatches?: boolean;
};

type TBatchRow = {
  n: number;
  first_seq: string | null;
  last_seq: string | null;
  last_hash: string | null;
  broken_seq: string | null;
  broken_at: Date | string | null;
  broken_reason: TAuditBreakReason | null;
  broken_position: number | null;
};

/**
 * One batch of a verification: up to `size` events after seq `after` (up to `end`), each hash recomputed by
 * `audit_event_hash` (migration 0001, the function the chaining trigger uses) and each link compared with the hash of
 * the event before it. The first event's link is compared with `carry` (the last hash of the batch before, or '' at the
 * chain's start); with `carry` null it is taken as it is (a range that starts inside the chain). Answers the batch's
 * size, its last event and the first break in it; only these rows leave the database.
 */
async function verifyBatch(db: TExecutor, after: number, end: number, carry: string | null, size: number): Promise<TBatchRow> {
  const { rows } = await db.execute<TBatchRow>(sql`
    WITH batch AS MATERIALIZED (
      SELECT seq, occurred_at, hash, prev_hash,
        audit_event_hash(prev_hash, id, occurred_at, actor_type, actor_id, actor_label, organization_id, action,
          entity_type, entity_id, before, after, ip, user_agent, request_id) AS expected_hash
      FROM audit_events
      WHERE seq > ${after} AND seq <= ${end}
      ORDER BY seq
      LIMIT ${size}
    ), walked AS (
      SELECT seq, occurred_at, hash, prev_hash, expected_hash,
        coalesce(lag(hash) OVER (ORDER BY seq), ${carry}::text, prev_hash) AS expected_prev,
        row_number() OVER (ORDER BY seq)::int AS position
      FROM batch
    )
    SELECT
      (SELECT count(*)::int FROM walked) AS n,
      (SELECT min(seq) FROM walked) AS first_seq,
      last.seq AS last_seq, last.hash AS last_hash,
      broken.seq AS broken_seq, broken.occurred_at AS broken_at, broken.reason AS broken_reason, broken.position AS broken_position
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT seq, hash FROM walked ORDER BY seq DESC LIMIT 1) last ON true
    LEFT JOIN LATERAL (
      SELECT seq, occurred_at, position,
        CASE WHEN prev_hash <> expected_prev THEN 'link_broken' ELSE 'hash_mismatch' END AS reason
      FROM walked WHERE prev_hash <> expected_prev OR hash <> expected_hash
      ORDER BY seq LIMIT 1
    ) broken ON true`);
  return rows[0]!;
}

/** The chain's head (the seq and hash the next event chains onto). */
async function readChainHead(db: TExecutor): Promise<{ seq: number; hash: string }> {
  const { rows } = await db.execute<{ seq: string; hash: string }>(sql`SELECT seq, hash FROM audit_chain_head`);
  return { seq: Number(rows[0]?.seq ?? 0), hash: rows[0]?.hash ?? '' };
}

/**
 * Recomputes the hash chain over the events `fromSeq`…`toSeq` (both optional: the whole chain), oldest first, in
 * batches of `batchSize` (one statement each, constant memory whatever the chain's length), and stops at the first
 * broken event. A range that starts at the chain's first event expects it to follow nothing (''); one that starts inside
 * the chain starts from its first event's own link. A range that reaches the newest event also compares the chain's
 * head with the newest event, in one statement, so a removed newest event shows (as the head's seq).
 */
export async function walkAuditChain(
  db: TExecutor,
  range: { fromSeq?: number; toSeq?: number } = {},
  batchSize = AUDIT_VERIFY_BATCH,
): Promise<TAuditChainWalk> {
  const head = await readChainHead(db);
  const end = Math.min(range.toSeq ?? Number.MAX_SAFE_INTEGER, head.seq);
  let after = (range.fromSeq ?? 1) - 1;
  let carry: string | null = '';
  if (after > 0) {
    const { rows } = await db.execute<{ earlier: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM audit_events WHERE seq <= ${after}) AS earlier`,
    );
    if (rows[0]?.earlier) carry = null;
  }
  const walk: TAuditChainWalk = { fromSeq: null, toSeq: null, checked: 0, firstBroken: null };
  while (after < end) {
    const batch = await verifyBatch(db, after, end, carry, batchSize);
    if (batch.n === 0) break;
    walk.fromSeq ??= Number(batch.first_seq);
    if (batch.broken_seq !== null) {
      walk.checked += batch.broken_position!;
      walk.toSeq = Number(batch.broken_seq);
      walk.firstBroken = {
        seq: Number(batch.broken_seq),
        occurredAt: batch.broken_at === null ? null : new Date(batch.broken_at),
        reason: batch.broken_reason!,
      };
      break;
    }
    walk.checked += batch.n;
    walk.toSeq = Number(batch.last_seq);
    after = Number(batch.last_seq);
    carry = batch.last_hash;
    if (batch.n < batchSize) break;
  }
  if (range.toSeq === undefined || range.toSeq >= head.seq) {
    const { rows } = await db.execute<{ head_seq: string; matches: boolean }>(sql`
      SELECT head.seq AS head_seq, head.seq = coalesce(last.seq, 0) AND head.hash = coalesce(last.hash, '') AS matches
      FROM audit_chain_head head
      LEFT JOIN LATERAL (SELECT seq, hash FROM audit_events ORDER BY seq DESC LIMIT 1) last ON true`);
    const now = rows[0];
    walk.headMatches = now ? now.matches : head.seq === 0;
    if (now && !now.matches && !walk.firstBroken) {
      walk.firstBroken = { seq: Number(now.head_seq), occurredAt: null, reason: 'head_mismatch' };
    }
  }
  return walk;
}

/**
 * Recomputes the whole hash chain; returns the seq of the first broken event, or null when intact.
 * An event that was changed or removed breaks its own hash or the next event's link; a removed newest event
 * leaves the chain head pointing past the last event, and its seq is returned.
 */
export async function verifyAuditChain(db: TExecutor): Promise<number | null> {
  return (await walkAuditChain(db)).firstBroken?.seq ?? null;
}
