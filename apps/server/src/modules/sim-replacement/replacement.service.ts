import { newId } from '@tarang/shared/common/ids';
import {
  REPLACE_ROWS_REPORTED_MAX,
  REPLACEABLE_STATUSES,
  REPLACEMENT_STATUSES,
  type TReplacement,
  type TReplacementListQuery,
  type TReplaceRefusal,
  type TReplaceResult,
} from '@tarang/shared/sims/replacement.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import { claimIdempotencyKey, findIdempotencyKey, fingerprintOf } from '../../http/idempotency';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { inScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { bumpCounters } from '../requests/jobs.repository';
import { createRequest } from '../requests/request-create.service';
import { enqueueMnoJob } from '../requests/request-engine';
import { getRequestView } from '../requests/requests.service';

/**
 * SIM replacement (issue 16, docs/decisions/030-sim-replacement.md): pairs checked together, set-based, then one REPLACE
 * request with a task per pair, run by the request engine (replacement-settle.ts does its part there). A pair is
 * refused with the field it is about and why; a file's good pairs go and its others are listed by line.
 */

export type TPair = { row: number; oldIccid: string; newIccid: string; reason: string };
type TCheckedPair = TPair & { oldSimId: string; newSimId: string; oldPrimary: string; newPrimary: string; operator: string };

const ACTIVE_TASKS = sql`('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED')`;

/** Every pair checked at once: both SIMs in reach, the old one replaceable, the new one free to take over. */
export async function checkPairs(
  db: TExecutor,
  actor: TActor,
  pairs: TPair[],
): Promise<{ valid: TCheckedPair[]; refused: TReplaceRefusal[] }> {
  if (pairs.length === 0) return { valid: [], refused: [] };
  const reach = (alias: string) => inScope(actor.scope, sql.raw(`${alias}.organization_id`)) ?? sql`true`;
  const { rows } = await db.execute<{
    row: number;
    old_id: string | null;
    old_status: string;
    old_org: string | null;
    old_primary: string;
    old_ops: string;
    old_busy: boolean;
    new_id: string | null;
    new_status: string;
    new_org: string | null;
    new_primary: string;
    new_ops: string;
    new_busy: boolean;
  }>(sql`
    SELECT x.row, o.id AS old_id, o.status AS old_status, o.organization_id AS old_org, o.primary_iccid AS old_primary,
      (SELECT string_agg(operator, '+' ORDER BY position) FROM sim_profiles WHERE sim_id = o.id) AS old_ops,
      EXISTS (SELECT 1 FROM job_tasks t WHERE t.sim_id = o.id AND t.status IN ${ACTIVE_TASKS}) AS old_busy,
      n.id AS new_id, n.status AS new_status, n.organization_id AS new_org, n.primary_iccid AS new_primary,
      (SELECT string_agg(operator, '+' ORDER BY position) FROM sim_profiles WHERE sim_id = n.id) AS new_ops,
      EXISTS (SELECT 1 FROM job_tasks t WHERE t.sim_id = n.id AND t.status IN ${ACTIVE_TASKS})
        OR EXISTS (SELECT 1 FROM sim_replacements r JOIN job_tasks t ON t.id = r.task_id
          WHERE r.new_sim_id = n.id AND r.completed_at IS NULL AND t.status IN ${ACTIVE_TASKS}) AS new_busy
    FROM unnest(${sql.param(pairs.map((p) => p.row))}::int[], ${sql.param(pairs.map((p) => p.oldIccid))}::text[],
      ${sql.param(pairs.map((p) => p.newIccid))}::text[]) AS x(row, old_iccid, new_iccid)
    LEFT JOIN LATERAL (SELECT s.* FROM sim_profiles p JOIN sims s ON s.id = p.sim_id
      WHERE p.iccid = x.old_iccid AND ${reach('s')}) o ON true
    LEFT JOIN LATERAL (SELECT s.* FROM sim_profiles p JOIN sims s ON s.id = p.sim_id
      WHERE p.iccid = x.new_iccid AND (${reach('s')} OR (s.organization_id IS NULL AND ${actor.scope.kind === 'all'}))) n ON true`);
  const byRow = new Map(rows.map((r) => [Number(r.row), r]));
  const valid: TCheckedPair[] = [];
  const refused: TReplaceRefusal[] = [];
  const seen = new Map<string, number>();
  for (const pair of pairs) {
    const r = byRow.get(pair.row)!;
    const refuse = (field: TReplaceRefusal['field'], reason: string) =>
      refused.push({ row: pair.row, oldIccid: pair.oldIccid, newIccid: pair.newIccid, field, reason });
    if (!r.old_id) refuse('oldIccid', 'SIM not found');
    else if (!r.new_id) refuse('newIccid', 'SIM not found');
    else if (r.old_id === r.new_id) refuse('newIccid', 'The new SIM must be another SIM');
    else if (!(REPLACEABLE_STATUSES as readonly string[]).includes(r.old_status))
      refuse('oldIccid', `SIM ${pair.oldIccid} is ${r.old_status}: only an active, suspended or barred SIM can be replaced`);
    else if (r.old_busy) refuse('oldIccid', `SIM ${pair.oldIccid} is in another request`);
    else if (!(REPLACEMENT_STATUSES as readonly string[]).includes(r.new_status))
      refuse('newIccid', `SIM ${pair.newIccid} is ${r.new_status}: the new SIM must be in stock or allocated`);
    else if (r.new_org !== null && r.new_org !== r.old_org)
      refuse('newIccid', `SIM ${pair.newIccid} is allocated to another organisation than SIM ${pair.oldIccid}`);
    else if (r.new_ops !== r.old_ops)
      refuse(
        'newIccid',
        `SIM ${pair.newIccid} is ${r.new_ops} and SIM ${pair.oldIccid} is ${r.old_ops}: the new SIM must be of the same operator`,
      );
    else if (r.new_busy) refuse('newIccid', `SIM ${pair.newIccid} is in another request`);
    else if (seen.has(r.old_id)) refuse('oldIccid', `SIM ${pair.oldIccid} is already in this file (row ${seen.get(r.old_id)})`);
    else if (seen.has(r.new_id)) refuse('newIccid', `SIM ${pair.newIccid} is already in this file (row ${seen.get(r.new_id)})`);
    else {
      seen.set(r.old_id, pair.row);
      seen.set(r.new_id, pair.row);
      valid.push({
        ...pair,
        oldSimId: r.old_id,
        newSimId: r.new_id,
        oldPrimary: r.old_primary,
        newPrimary: r.new_primary,
        operator: r.old_ops.split('+')[0]!,
      });
    }
  }
  return { valid, refused };
}

/** Another call holds the Idempotency-Key: this one's transaction is rolled back and answers with that call's result. */
class KeyTaken extends Error {}

const FIRST = (refused: TReplaceRefusal[]) => refused.slice(0, REPLACE_ROWS_REPORTED_MAX);

/**
 * Makes the REPLACE request for the pairs (or, with `dryRun`, only checks them). `source` names where they came from in
 * errors: a single pair's refusal is a 422 naming its field; a file with no usable pair is a 422 naming `file`.
 */
export async function replaceSims(
  deps: TDeps,
  ctx: TRequestContext,
  pairs: TPair[],
  options: { source: 'pair' | 'file'; reason: string; dryRun: boolean; idempotencyKey: string | null; fileName?: string },
): Promise<TReplaceResult> {
  const actor = requireActor(ctx);
  const scope = `replace:user:${actor.userId}`;
  const print = fingerprintOf({ pairs: pairs.map((p) => [p.oldIccid, p.newIccid, p.reason]), reason: options.reason });
  if (options.idempotencyKey && !options.dryRun) {
    const replay = await findIdempotencyKey(deps.db, scope, options.idempotencyKey, print);
    if (replay) return await replayed(deps, ctx, replay.entityId);
  }
  const { valid, refused } = await checkPairs(deps.db, actor, pairs);
  if (valid.length === 0) {
    if (options.source === 'pair') {
      const r = refused[0]!;
      throw new AppError(r.reason === 'SIM not found' ? 'NOT_FOUND' : 'UNPROCESSABLE', `${r.field}: ${r.reason}`, {
        errors: [{ path: r.field, message: r.reason }],
      });
    }
    throw new AppError('UNPROCESSABLE', 'file: The file holds no pair that can be replaced', {
      errors: [
        { path: 'file', message: 'The file holds no pair that can be replaced' },
        ...refused.slice(0, 20).map((r) => ({
          path: `file.row.${r.row}`,
          message: `${r.field} ${r.field === 'newIccid' ? r.newIccid : r.oldIccid}: ${r.reason}`,
        })),
      ],
    });
  }
  if (options.dryRun)
    return { request: null, accepted: valid.length, rejectedCount: refused.length, rejected: FIRST(refused), replayed: false };

  const list = valid.map((p) => ({ ...p, id: newId() }));
  let made: Awaited<ReturnType<typeof createRequest>>;
  try {
    made = await createRequest(
      deps,
      ctx,
      { type: 'REPLACE', iccids: list.map((p) => p.oldPrimary), reason: options.reason, proceedWithValid: true },
      null,
      {
        before: async (tx) => {
          if (options.idempotencyKey) {
            const claim = { scope, key: options.idempotencyKey, fingerprint: print, entityType: 'request', entityId: '' };
            if (!(await claimIdempotencyKey(tx, claim))) throw new KeyTaken();
          }
          // The new SIMs are locked, then checked free: a concurrent replacement naming one waits here, then sees it taken.
          const news = list.map((p) => p.newSimId).sort();
          await tx.execute(sql`SELECT 1 FROM sims WHERE id = ANY(${sql.param(news)}::char(24)[]) ORDER BY id FOR UPDATE`);
          const { rows } = await tx.execute<{ new_iccid: string }>(sql`
            SELECT r.new_iccid FROM sim_replacements r JOIN job_tasks t ON t.id = r.task_id
            WHERE r.new_sim_id = ANY(${sql.param(news)}::char(24)[]) AND r.completed_at IS NULL AND t.status IN ${ACTIVE_TASKS} LIMIT 1`);
          if (rows[0]) throw fieldError('CONFLICT', 'newIccid', `SIM ${rows[0].new_iccid} is in another request`);
        },
        within: async (tx, request) => {
          if (options.idempotencyKey) {
            await tx.execute(
              sql`UPDATE idempotency_keys SET entity_id = ${request.requestId} WHERE scope = ${scope} AND key = ${options.idempotencyKey}`,
            );
          }
          await tx.execute(sql`
            INSERT INTO sim_replacements (id, request_id, task_id, old_sim_id, new_sim_id, old_iccid, new_iccid, operator, organization_id, reason)
            SELECT x.id, ${request.requestId}, t.id, t.sim_id, x.new_sim_id, x.old_iccid, x.new_iccid, t.operator, s.organization_id, x.reason
            FROM job_tasks t JOIN sims s ON s.id = t.sim_id
            JOIN unnest(${sql.param(list.map((p) => p.id))}::char(24)[], ${sql.param(list.map((p) => p.oldSimId))}::char(24)[],
              ${sql.param(list.map((p) => p.newSimId))}::char(24)[], ${sql.param(list.map((p) => p.oldPrimary))}::text[],
              ${sql.param(list.map((p) => p.newPrimary))}::text[], ${sql.param(list.map((p) => p.reason))}::text[])
              AS x(id, old_sim_id, new_sim_id, old_iccid, new_iccid, reason) ON x.old_sim_id = t.sim_id
            WHERE t.job_id = ${request.jobId}`);
          await recordAudit(tx, ctx, {
            action: 'sim.replace',
            entityType: 'sim_batch',
            entityId: request.jobId,
            organizationId: request.organizationId,
            after: {
              requestId: request.requestId,
              pairs: request.total,
              refused: refused.length,
              first: list.slice(0, 20).map((p) => ({ oldIccid: p.oldPrimary, newIccid: p.newPrimary, reason: p.reason })),
              ...(options.fileName ? { fileName: options.fileName } : {}),
            },
          });
        },
      },
    );
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    // Made by a concurrent call with the same key: answered as it was made.
    const replay = await findIdempotencyKey(deps.db, scope, options.idempotencyKey!, print);
    if (replay?.entityId) return await replayed(deps, ctx, replay.entityId);
    throw new AppError('CONFLICT', 'A replacement with this Idempotency-Key is being made; try again');
  }
  const { created, preview } = made;
  // SIMs the request itself left out (changed since they were checked): refused by the old SIM.
  const left = preview.rows.map((r) => {
    const pair = valid.find((p) => p.oldPrimary === r.iccid || p.oldIccid === r.iccid);
    return { row: pair?.row ?? 0, oldIccid: r.iccid, newIccid: pair?.newIccid ?? '', field: 'oldIccid' as const, reason: r.reason };
  });
  const all = [...refused, ...left].sort((a, b) => a.row - b.row);
  return {
    request: created!.request,
    accepted: valid.length - left.length,
    rejectedCount: all.length,
    rejected: FIRST(all),
    replayed: false,
  };
}

async function replayed(deps: TDeps, ctx: TRequestContext, requestId: string): Promise<TReplaceResult> {
  const request = await getRequestView(deps, ctx, requestId);
  const { rows } = await deps.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM sim_replacements WHERE request_id = ${requestId}`,
  );
  return { request, accepted: rows[0]?.n ?? 0, rejectedCount: 0, rejected: [], replayed: true };
}

type TReplacementRow = {
  id: string;
  old_sim_id: string;
  old_iccid: string;
  old_status: string;
  new_sim_id: string;
  new_iccid: string;
  new_status: string;
  operator: string;
  organization_id: string | null;
  trade_name: string | null;
  reason: string;
  task_status: string;
  error: string | null;
  request_id: string;
  batch_job_id: string;
  created_at: Date;
  completed_at: Date | null;
  moved: Record<string, unknown> | null;
};

function stateOf(r: TReplacementRow): TReplacement['state'] {
  if (r.completed_at) return 'DONE';
  if (r.task_status === 'FAILED') return 'FAILED';
  if (r.task_status === 'CANCELLED') return 'CANCELLED';
  if (r.task_status === 'SUBMITTING' || r.task_status === 'SUBMITTED') return 'AT_OPERATOR';
  return 'WAITING';
}

function toReplacement(r: TReplacementRow): TReplacement {
  const m = r.moved as {
    msisdns: { operator: string; msisdn: string | null }[];
    planId: string | null;
    expiresAt: string | null;
    whitelists: number;
    imeiLock: boolean;
    staticIp: string | null;
    label: string | null;
    tags: string[];
  } | null;
  return {
    id: r.id,
    old: { id: r.old_sim_id, iccid: r.old_iccid, status: r.old_status },
    new: { id: r.new_sim_id, iccid: r.new_iccid, status: r.new_status },
    operator: r.operator,
    organization: r.organization_id ? { id: r.organization_id, tradeName: r.trade_name ?? '' } : null,
    reason: r.reason,
    state: stateOf(r),
    error: r.completed_at ? null : r.error,
    requestId: r.request_id,
    batchJobId: r.batch_job_id,
    createdAt: new Date(r.created_at).toISOString(),
    completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
    moved:
      m && r.completed_at
        ? {
            msisdns: m.msisdns.map((x) => ({ operator: x.operator, msisdn: x.msisdn })),
            planId: m.planId,
            expiresAt: m.expiresAt ? new Date(m.expiresAt).toISOString() : null,
            whitelists: Number(m.whitelists),
            imeiLock: !!m.imeiLock,
            staticIp: m.staticIp,
            label: m.label,
            tags: m.tags ?? [],
          }
        : null,
  };
}

const STATE_SQL: Record<TReplacement['state'], ReturnType<typeof sql>> = {
  DONE: sql`r.completed_at IS NOT NULL`,
  FAILED: sql`r.completed_at IS NULL AND t.status = 'FAILED'`,
  CANCELLED: sql`r.completed_at IS NULL AND t.status = 'CANCELLED'`,
  AT_OPERATOR: sql`r.completed_at IS NULL AND t.status IN ('SUBMITTING', 'SUBMITTED')`,
  WAITING: sql`r.completed_at IS NULL AND t.status IN ('QUEUED', 'PENDING')`,
};

async function selectReplacements(db: TExecutor, where: ReturnType<typeof sql>, limit: number, offset: number) {
  const { rows } = await db.execute<TReplacementRow>(sql`
    SELECT r.id, r.old_sim_id, r.old_iccid, o.status AS old_status, r.new_sim_id, r.new_iccid, n.status AS new_status,
      r.operator, r.organization_id, org.trade_name, r.reason, t.status AS task_status, t.error, r.request_id, b.batch_job_id,
      r.created_at, r.completed_at, r.moved
    FROM sim_replacements r JOIN job_tasks t ON t.id = r.task_id JOIN batch_jobs b ON b.id = t.job_id
    JOIN sims o ON o.id = r.old_sim_id JOIN sims n ON n.id = r.new_sim_id
    LEFT JOIN organizations org ON org.id = r.organization_id
    WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`);
  return rows.map(toReplacement);
}

function reachOf(actor: TActor) {
  return inScope(actor.scope, sql`r.organization_id`) ?? sql`true`;
}

/** GET /sim/replacements: newest first, in the caller's reach. */
export async function listReplacements(deps: TDeps, ctx: TRequestContext, q: TReplacementListQuery) {
  const actor = requireActor(ctx);
  const conditions = [reachOf(actor)];
  if (q.iccid) conditions.push(sql`(r.old_iccid = ${q.iccid} OR r.new_iccid = ${q.iccid})`);
  if (q.state) conditions.push(STATE_SQL[q.state]);
  const where = sql.join(conditions, sql` AND `);
  const [rows, count] = await Promise.all([
    selectReplacements(deps.db, where, q.limit, (q.page - 1) * q.limit),
    deps.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sim_replacements r JOIN job_tasks t ON t.id = r.task_id WHERE ${where}`,
    ),
  ]);
  return { rows, meta: { page: q.page, limit: q.limit, total: count.rows[0]?.n ?? 0 } };
}

/** POST /sim/replacements/{id}/retry: a FAILED replacement sent again (its SIMs are checked again when it is sent). */
export async function retryReplacement(deps: TDeps, ctx: TRequestContext, id: string): Promise<TReplacement> {
  const actor = requireActor(ctx);
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      task_id: number;
      mno_job_id: string;
      job_id: string;
      status: string;
      organization_id: string | null;
      completed: boolean;
    }>(sql`
      SELECT r.task_id, t.mno_job_id, t.job_id, t.status, r.organization_id, r.completed_at IS NOT NULL AS completed
      FROM sim_replacements r JOIN job_tasks t ON t.id = r.task_id
      WHERE r.id = ${id} AND ${reachOf(actor)} FOR UPDATE OF t`);
    const row = rows[0];
    if (!row) throw fieldError('NOT_FOUND', 'id', 'Replacement not found');
    if (row.status !== 'FAILED' || row.completed)
      throw new AppError('CONFLICT', `Only a failed replacement can be tried again: this one is ${row.status}`);
    await tx.execute(sql`UPDATE job_tasks SET status = 'QUEUED', next_at = now(), submission_id = NULL, tries = 0, updated_at = now()
      WHERE id = ${row.task_id}`);
    await tx.execute(sql`UPDATE mno_jobs SET status = 'RUNNING', mode = 'AUTO', finished_at = NULL, call_failures = 0, next_attempt_at = NULL,
        last_error = NULL, updated_at = now() WHERE id = ${row.mno_job_id}`);
    await tx.execute(sql`UPDATE batch_jobs SET status = 'RUNNING', finished_at = NULL WHERE id = ${row.job_id}`);
    await bumpCounters(tx, row.mno_job_id, row.job_id, { failed: -1 });
    await enqueueMnoJob(tx, row.mno_job_id);
    await recordAudit(tx, ctx, {
      action: 'sim.replace_retry',
      entityType: 'sim_batch',
      entityId: row.job_id,
      organizationId: row.organization_id,
      after: { replacementId: id },
    });
  });
  const [one] = await selectReplacements(deps.db, sql`r.id = ${id}`, 1, 0);
  return one!;
}
