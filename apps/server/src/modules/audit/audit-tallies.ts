import { and, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TRequestContext } from '../../http/request-context';
import { recordAudit, type TAuditRecord } from './audit.service';
import { auditTallies } from './audit.table';

/**
 * Events that an anonymous client can repeat at will (failed sign-ins, reset codes asked for) are aggregated:
 * per (action, key) and window, the first event is an audit event of its own, the others only count in
 * `audit_tallies`, and the window becomes one more audit event, `<action>_repeated`, with the count when it
 * closes (`flushClosedAuditTallies`, run every minute by each API process) or when it ends in a lock
 * (`flushAuditTally`). The audit trail stays append-only and hash-chained (docs/decisions/008-audit-trail.md):
 * a flood writes two events per key and window, not one per request.
 */

const MAX_SAMPLES = 10;

export type TRepeatedAudit = TAuditRecord & {
  /** What the events are grouped by, e.g. `user:<id>` or `ip:<address>`. */
  tallyKey: string;
  /** Why it happened (wrong_password, unknown_user …), counted per reason in the summary. */
  reason?: string | null;
  windowSeconds: number;
};

/** Records one repeated event: an audit event when it opens a window, otherwise one more in the window's count. */
export async function recordRepeatedAudit(db: TExecutor, ctx: TRequestContext, record: TRepeatedAudit): Promise<void> {
  for (let tries = 0; tries < 3; tries += 1) {
    const attempts = await countInWindow(db, ctx, record);
    if (attempts === null) {
      // The key's previous window has closed but is not summarised yet: summarise it, then open a new one.
      await flushAuditTally(db, record.action, record.tallyKey, 'window');
      continue;
    }
    if (attempts === 1) {
      const { tallyKey: _key, reason, windowSeconds: _window, ...event } = record;
      await recordAudit(db, ctx, { ...event, after: event.after ?? (reason ? { reason } : undefined) });
    }
    return;
  }
  throw new Error(`audit tally ${record.action} ${record.tallyKey} kept closing`);
}

/**
 * One statement, the same text whatever the values (so every caller does the same work): opens the window (1) or
 * counts in it (n); null when the stored window has already closed.
 */
async function countInWindow(db: TExecutor, ctx: TRequestContext, record: TRepeatedAudit): Promise<number | null> {
  const label = ctx.actor?.label ?? record.actorLabel ?? null;
  const reason = record.reason ?? null;
  const sample = (column: 'labels' | 'ips', value: string | null) => {
    const col = sql.raw(`a.${column}`);
    return sql`CASE WHEN ${value}::text IS NULL OR ${col} @> jsonb_build_array(${value}::text) OR jsonb_array_length(${col}) >= ${MAX_SAMPLES}
      THEN ${col} ELSE ${col} || jsonb_build_array(${value}::text) END`;
  };
  const first = (value: string | null) => sql`CASE WHEN ${value}::text IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(${value}::text) END`;
  const result = await db.execute<{ attempts: number }>(sql`
    INSERT INTO audit_tallies AS a (action, tally_key, window_ends_at, entity_type, entity_id, organization_id, labels, ips, reasons)
    VALUES (${record.action}, ${record.tallyKey}, now() + make_interval(secs => ${record.windowSeconds}), ${record.entityType},
      ${record.entityId ?? null}, ${record.organizationId ?? null}, ${first(label)}, ${first(ctx.ip)},
      CASE WHEN ${reason}::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object(${reason}::text, 1) END)
    ON CONFLICT (action, tally_key) DO UPDATE SET
      attempts = a.attempts + 1,
      last_at = now(),
      labels = ${sample('labels', label)},
      ips = ${sample('ips', ctx.ip)},
      reasons = CASE WHEN ${reason}::text IS NULL THEN a.reasons
        ELSE a.reasons || jsonb_build_object(${reason}::text, coalesce((a.reasons ->> ${reason}::text)::int, 0) + 1) END
    WHERE a.window_ends_at > now()
    RETURNING a.attempts`);
  const row = result.rows[0];
  return row ? Number(row.attempts) : null;
}

type TTallyRow = typeof auditTallies.$inferSelect;

async function summarise(db: TExecutor, row: TTallyRow, closedBy: 'window' | 'lock'): Promise<void> {
  // A window with one event needs nothing more: that event is in the trail already.
  if (row.attempts < 2) return;
  const ctx: TRequestContext = { actor: null, ip: row.ips[0] ?? null, userAgent: null, requestId: null };
  await recordAudit(db, ctx, {
    action: `${row.action}_repeated`,
    entityType: row.entityType,
    entityId: row.entityId,
    organizationId: row.organizationId,
    actorLabel: row.labels[0] ?? null,
    after: {
      attempts: row.attempts,
      firstAt: row.firstAt.toISOString(),
      lastAt: row.lastAt.toISOString(),
      closedBy,
      labels: row.labels,
      ips: row.ips,
      reasons: Object.entries(row.reasons).map(([reason, attempts]) => ({ reason, attempts })),
    },
  });
}

/** Ends the window of one key now (a lock, or a window found closed) and writes its summary. */
export async function flushAuditTally(db: TExecutor, action: string, tallyKey: string, closedBy: 'window' | 'lock'): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(auditTallies)
      .where(and(eq(auditTallies.action, action), eq(auditTallies.tallyKey, tallyKey)))
      .returning();
    for (const row of rows) await summarise(tx, row, closedBy);
  });
}

/**
 * Summarises every window that has closed, a batch at a time; safe to run in several processes at once (a row is
 * taken by one of them, and its summary commits with its removal). Returns how many windows it closed.
 */
export async function flushClosedAuditTallies(db: TExecutor, batch = 500): Promise<number> {
  let closed = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(auditTallies)
        .where(
          sql`(${auditTallies.action}, ${auditTallies.tallyKey}) IN (
            SELECT action, tally_key FROM audit_tallies WHERE window_ends_at <= now()
            ORDER BY window_ends_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)`,
        )
        .returning();
      for (const row of rows.sort((a, b) => a.firstAt.getTime() - b.firstAt.getTime())) await summarise(tx, row, 'window');
      return rows.length;
    });
    closed += taken;
    if (taken < batch) return closed;
  }
}
