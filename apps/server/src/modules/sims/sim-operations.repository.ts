import type { TSimOperation } from '@tarang/shared/sims/sim.schemas';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { whereOf } from '../../db/where';
import type { TTenantScope } from '../../http/request-context';
import { inScope } from '../../lib/tenancy';
import { simOperations } from './sims.table';

/** SQL for the operations table and for moving SIMs between stock and organisations, batch by batch. */

export type TOperationRow = typeof simOperations.$inferSelect;

/** Who asked for an operation, kept on it so a background run (even after a restart) acts and audits as them. */
export type TStoredActor = {
  userId: string;
  label: string;
  organizationId: string | null;
  scope: TTenantScope;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
};

export function toOperation(row: TOperationRow): TSimOperation {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    total: row.total,
    totalIsEstimate: row.totalIsEstimate,
    processed: row.processed,
    succeeded: row.succeeded,
    skipped: row.skipped,
    alreadyPresent: row.alreadyPresent,
    error: row.error,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function insertOperation(db: TExecutor, values: typeof simOperations.$inferInsert): Promise<TOperationRow> {
  const [row] = await db.insert(simOperations).values(values).returning();
  return row!;
}

export async function updateOperation(
  db: TExecutor,
  id: string,
  values: Partial<typeof simOperations.$inferInsert>,
): Promise<TOperationRow> {
  const [row] = await db.update(simOperations).set(values).where(eq(simOperations.id, id)).returning();
  return row!;
}

/** Adds to an operation's counters (one committed batch). */
export async function addProgress(
  db: TExecutor,
  id: string,
  d: { processed: number; succeeded: number; skipped: number; alreadyPresent?: number; cursor?: string | null; rejectedBytes?: number },
): Promise<void> {
  await db.execute(sql`UPDATE sim_operations SET
      processed = processed + ${d.processed}, succeeded = succeeded + ${d.succeeded}, skipped = skipped + ${d.skipped},
      already_present = already_present + ${d.alreadyPresent ?? 0},
      cursor = coalesce(${d.cursor ?? null}::text, cursor),
      rejected_bytes = coalesce(${d.rejectedBytes ?? null}::bigint, rejected_bytes),
      heartbeat_at = now()
    WHERE id = ${id}`);
}

export async function findOperation(db: TExecutor, scope: TTenantScope, id: string): Promise<TOperationRow | null> {
  const reach = inScope(scope, simOperations.organizationId);
  const rows = await db
    .select()
    .from(simOperations)
    .where(reach ? sql`${simOperations.id} = ${id} AND ${reach}` : eq(simOperations.id, id));
  return rows[0] ?? null;
}

/**
 * Claims the oldest operation waiting to run, or one whose runner stopped beating (a process that died):
 * `FOR UPDATE SKIP LOCKED` lets several server processes share the work without running one twice.
 */
export async function claimOperation(db: TExecutor, staleSeconds: number): Promise<TOperationRow | null> {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE sim_operations SET status = 'RUNNING', started_at = coalesce(started_at, now()), heartbeat_at = now()
    WHERE id = (
      SELECT id FROM sim_operations
      WHERE status = 'QUEUED' OR (status = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) return null;
  const [row] = await db.select().from(simOperations).where(eq(simOperations.id, id));
  return row ?? null;
}

export type TMoveTarget = { organizationId: string | null; status: 'ALLOCATED' | 'IN_STOCK' };

/**
 * The ICCID of the `count`-th SIM matching `conditions` after `cursor` in ICCID order — where a batch of that many
 * ends — or null when fewer are left.
 */
export async function moveBatchEnd(db: TExecutor, conditions: SQL[], cursor: string | null, count: number): Promise<string | null> {
  const all = cursor ? [...conditions, sql`s.primary_iccid > ${cursor}`] : conditions;
  const result = await db.execute<{ iccid: string }>(
    sql`SELECT s.primary_iccid AS iccid FROM sims s ${whereOf(all)} ORDER BY s.primary_iccid OFFSET ${count - 1} LIMIT 1`,
  );
  return result.rows[0]?.iccid ?? null;
}

/**
 * Moves up to `limit` SIMs matching `conditions`, after `cursor` (and up to `end`, when given) in ICCID order: sets
 * their organisation and status, bumps their version and links them to the batch for their history. One
 * statement; returns how many moved, the last ICCID (the next cursor) and the organisations they came from.
 */
export async function moveSimBatch(
  db: TExecutor,
  conditions: SQL[],
  cursor: string | null,
  limit: number,
  target: TMoveTarget,
  batchId: string,
  end: string | null = null,
): Promise<{ moved: number; last: string | null; fromOrganizations: (string | null)[] }> {
  const all = [...conditions];
  if (cursor) all.push(sql`s.primary_iccid > ${cursor}`);
  if (end) all.push(sql`s.primary_iccid <= ${end}`);
  const result = await db.execute<{ n: number; last: string | null; from_orgs: (string | null)[] | null }>(sql`
    WITH batch AS (
      SELECT s.id, s.organization_id AS from_org FROM sims s ${whereOf(all)}
      ORDER BY s.primary_iccid LIMIT ${limit} FOR UPDATE OF s
    ), moved AS (
      UPDATE sims t SET organization_id = ${target.organizationId}, status = ${target.status},
        version = t.version + 1, updated_at = now()
      FROM batch WHERE t.id = batch.id
      RETURNING t.id, t.primary_iccid, batch.from_org
    ), linked AS (
      INSERT INTO sim_history (sim_id, operation_id) SELECT id, ${batchId} FROM moved
    )
    SELECT count(*)::int AS n, max(primary_iccid) AS last,
      (SELECT array_agg(DISTINCT from_org) FROM moved) AS from_orgs
    FROM moved`);
  const row = result.rows[0];
  return { moved: row?.n ?? 0, last: row?.last ?? null, fromOrganizations: row?.from_orgs ?? [] };
}
