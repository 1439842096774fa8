import { newId } from '@tarang/shared/common/ids';
import type { TReconcilePass } from '@tarang/shared/whitelists/whitelist.schemas';
import { sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../db/database';
import { GatewayError, gatewayFor, type TAppliedWhitelist, withTimeout } from '../operators/gateway';
import { getGatewaySettings } from '../operators/operators.service';
import { enqueue, registerQueueHandler, type TQueueContext, type TQueueResult } from '../queue/queue';

/**
 * The whitelist reconcile (issue 15, docs/decisions/026-whitelisting.md): a queue job that goes over every profile
 * whose whitelist the operator confirmed (its task SUCCEEDED), in batches by ICCID, asks each operator what it holds
 * on them, and marks those that differ DRIFTED with what was found (a profile found in line again is APPLIED again).
 * Each batch's findings and the pass's position commit together, so a pass cut short goes on where it stopped. A
 * finished pass arms the next one (TARANG_WHITELIST_RECONCILE_MINUTES); POST /whitelist/reconcile starts one now.
 */

export const RECONCILE_JOB = 'whitelist.reconcile';
const RECONCILE_KEY = 'whitelist-reconcile';
const BATCH = 5000;
const SLICE_MS = 4000;

export async function startReconcile(db: TExecutor, at?: Date): Promise<void> {
  await enqueue(db, { kind: RECONCILE_JOB, key: RECONCILE_KEY, payload: {}, runAt: at, maxAttempts: 20 });
}

/** When a process starts running queue jobs: the reconcile is armed (a pass due sooner is kept). */
export async function armReconcile(db: TExecutor, everyMs: number): Promise<void> {
  await startReconcile(db, new Date(Date.now() + everyMs));
}

type TPass = { id: string; after_iccid: string | null; after_kind: string | null };
type TProfile = { iccid: string; kind: 'IP' | 'NUMBER'; operator: string; items: unknown[] | null; drifted: boolean };

async function openPass(db: TDb): Promise<TPass> {
  const { rows } = await db.execute<TPass>(sql`
    SELECT id, after_iccid, after_kind FROM whitelist_reconciles WHERE finished_at IS NULL ORDER BY started_at LIMIT 1`);
  if (rows[0]) return rows[0];
  const id = newId();
  await db.execute(sql`INSERT INTO whitelist_reconciles (id) VALUES (${id})`);
  return { id, after_iccid: null, after_kind: null };
}

/** The same whitelist, whatever the order of its entries. */
const canonical = (items: unknown[] | null) =>
  items === null
    ? null
    : items
        .map((i) => JSON.stringify(i))
        .sort()
        .join('\n');

/** What differs between what a profile should hold and what its operator holds, in words; null when they agree. */
export function driftOf(operator: string, kind: 'IP' | 'NUMBER', desired: unknown[], held: unknown[] | null): string | null {
  if (canonical(desired) === canonical(held)) return null;
  const noun = kind === 'IP' ? 'entries' : 'numbers';
  if (held === null || held.length === 0) return `${operator} holds no ${kind === 'IP' ? 'IP' : 'number'} whitelist on this SIM`;
  const want = new Set(desired.map((i) => JSON.stringify(i)));
  const have = new Set(held.map((i) => JSON.stringify(i)));
  const missing = [...want].filter((i) => !have.has(i)).length;
  const extra = [...have].filter((i) => !want.has(i)).length;
  const parts = [
    missing ? `${missing} of the ${want.size} ${noun} missing` : null,
    extra ? `${extra} ${noun} that are not in the group` : null,
  ];
  return `${operator} holds ${parts.filter(Boolean).join(' and ')}`;
}

/** One batch: the next profiles after the pass's position, compared with what their operators hold. */
async function reconcileBatch(ctx: TQueueContext, pass: TPass): Promise<boolean> {
  const { db } = ctx;
  const after = pass.after_iccid === null ? sql`true` : sql`(w.iccid, w.kind) > (${pass.after_iccid}, ${pass.after_kind})`;
  const { rows } = await db.execute<TProfile>(sql`
    SELECT w.iccid, w.kind, w.operator, w.items, w.drifted_at IS NOT NULL AS drifted
    FROM sim_whitelists w JOIN job_tasks t ON t.id = w.task_id
    WHERE ${after} AND t.status = 'SUCCEEDED' AND w.group_id IS NOT NULL
    ORDER BY w.iccid, w.kind LIMIT ${BATCH}`);
  if (rows.length === 0) return false;

  const findings: { iccid: string; kind: string; note: string | null }[] = [];
  let skipped = 0;
  const byOperator = new Map<string, TProfile[]>();
  for (const row of rows) byOperator.set(row.operator, [...(byOperator.get(row.operator) ?? []), row]);
  for (const [operator, profiles] of byOperator) {
    const settings = await getGatewaySettings(db, operator);
    const gateway = gatewayFor(db, settings);
    let held: TAppliedWhitelist[] | null = null;
    if (gateway) {
      try {
        held = await withTimeout(gateway.appliedWhitelists(profiles.map((p) => p.iccid)), settings.timeoutMs, `${operator} whitelists`);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        ctx.logger.warn(
          { operator, err: error.message },
          'whitelist reconcile: the operator did not answer; its profiles are left as they were',
        );
      }
    }
    if (held === null) {
      skipped += profiles.length;
      continue;
    }
    const holds = new Map(held.map((h) => [`${h.iccid}:${h.kind}`, h.items]));
    for (const p of profiles) {
      findings.push({
        iccid: p.iccid,
        kind: p.kind,
        note: driftOf(operator, p.kind, p.items ?? [], holds.get(`${p.iccid}:${p.kind}`) ?? null),
      });
    }
  }

  const last = rows[rows.length - 1]!;
  const wasDrifted = new Map(rows.map((r) => [`${r.iccid}:${r.kind}`, r.drifted]));
  const drifted = findings.filter((f) => f.note !== null).length;
  const restored = findings.filter((f) => f.note === null && wasDrifted.get(`${f.iccid}:${f.kind}`)).length;
  await db.transaction(async (tx) => {
    if (findings.length) {
      await tx.execute(sql`
        UPDATE sim_whitelists w SET
          drifted_at = CASE WHEN f.note IS NULL THEN NULL ELSE coalesce(w.drifted_at, now()) END,
          drift_note = f.note
        FROM unnest(${sql.param(findings.map((f) => f.iccid))}::text[], ${sql.param(findings.map((f) => f.kind))}::text[],
          ${sql.param(findings.map((f) => f.note))}::text[]) AS f(iccid, kind, note)
        WHERE w.iccid = f.iccid AND w.kind = f.kind
          AND (w.drift_note IS DISTINCT FROM f.note OR (f.note IS NULL) <> (w.drifted_at IS NULL))`);
    }
    await tx.execute(sql`UPDATE whitelist_reconciles SET after_iccid = ${last.iccid}, after_kind = ${last.kind},
        checked = checked + ${findings.length}, drifted = drifted + ${drifted}, restored = restored + ${restored},
        skipped = skipped + ${skipped}
      WHERE id = ${pass.id}`);
  });
  pass.after_iccid = last.iccid;
  pass.after_kind = last.kind;
  return true;
}

export async function listPasses(db: TExecutor): Promise<TReconcilePass[]> {
  const { rows } = await db.execute<{
    id: string;
    started_at: Date;
    finished_at: Date | null;
    checked: number;
    drifted: number;
    restored: number;
    skipped: number;
  }>(
    sql`SELECT id, started_at, finished_at, checked, drifted, restored, skipped FROM whitelist_reconciles ORDER BY started_at DESC LIMIT 20`,
  );
  return rows.map((r) => ({
    id: r.id,
    startedAt: new Date(r.started_at).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    checked: Number(r.checked),
    drifted: Number(r.drifted),
    restored: Number(r.restored),
    skipped: Number(r.skipped),
  }));
}

export async function runReconcile(ctx: TQueueContext): Promise<TQueueResult> {
  const pass = await openPass(ctx.db);
  const deadline = Date.now() + SLICE_MS;
  while (Date.now() < deadline && !ctx.signal.aborted) {
    if (!(await reconcileBatch(ctx, pass))) {
      await ctx.db.execute(sql`UPDATE whitelist_reconciles SET finished_at = now() WHERE id = ${pass.id}`);
      return { again: ctx.config.whitelistReconcileEveryMs };
    }
  }
  return { again: 0 };
}

registerQueueHandler(RECONCILE_JOB, async (ctx) => runReconcile(ctx));
