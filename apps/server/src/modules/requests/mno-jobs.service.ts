import { Readable } from 'node:stream';
import { REQUEST_TRANSITIONS, type TRequestType } from '@tarang/shared/requests/request.constants';
import type { ZMnoJob, ZMnoJobListQuery } from '@tarang/shared/requests/request.schemas';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { whereOf } from '../../db/where';
import { AppError, notFound } from '../../http/app-error';
import type { TRequestContext } from '../../http/request-context';
import { isoText, newestFirst, readKeysetPage, withinDates } from '../../lib/list-query';
import { settleActivation } from '../activations/activation-settle';
import { recordAudit } from '../audit/audit.service';
import { bumpCounters, finishIfSettled, refreshJobStatus, settleSims } from './jobs.repository';
import { enqueueMnoJob } from './request-engine';
import { batchJobMatch, countsOf } from './requests.repository';

/** MNO jobs: the provider's work at each operator (staff only). */

type TMnoRow = {
  id: string;
  job_id: string;
  batch_job_id: string;
  request_id: string;
  operator: string;
  operation: string;
  status: string;
  mode: string;
  tasks_count: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  in_flight: number;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  finished_at: string | null;
  organization_id: string | null;
};

const iso = isoText;
const ms = (text: string | null) => (text ? `${text.slice(0, 23)}Z` : null);

const mnoColumns = sql`m.id, m.job_id, b.batch_job_id, b.request_id, m.operator, m.operation, m.status, m.mode, m.tasks_count, m.succeeded,
  m.failed, m.cancelled, m.in_flight, m.last_error, ${iso('m.next_attempt_at')} AS next_attempt_at, ${iso('m.created_at')} AS created_at,
  ${iso('m.finished_at')} AS finished_at, b.organization_id`;

function toMnoJob(r: TMnoRow): z.infer<typeof ZMnoJob> {
  return {
    id: r.id,
    jobId: r.job_id,
    batchJobId: r.batch_job_id,
    requestId: r.request_id,
    operator: r.operator,
    operation: r.operation,
    status: r.status as never,
    mode: r.mode as never,
    counts: countsOf({ ...r, sims_count: r.tasks_count }),
    lastError: r.last_error,
    nextAttemptAt: ms(r.next_attempt_at),
    createdAt: ms(r.created_at)!,
    finishedAt: ms(r.finished_at),
  };
}

const mnoJobsNewestFirst = newestFirst<TMnoRow>(sql`m.created_at`, sql`m.id`, (row) => [row.created_at, row.id]);

export async function listMnoJobs(deps: TDeps, q: z.infer<typeof ZMnoJobListQuery>) {
  const conditions = [
    q.operator ? sql`m.operator = ${q.operator}` : undefined,
    q.status ? sql`m.status = ${q.status}` : undefined,
    q.batchJobId ? batchJobMatch(q.batchJobId, sql`m.id`) : undefined,
    ...withinDates(sql`m.created_at`, q.from, q.to),
  ];
  const { rows, meta } = await readKeysetPage(mnoJobsNewestFirst, q, async ({ after, orderBy, limit }) => {
    const page = await deps.db.execute<TMnoRow>(sql`SELECT ${mnoColumns} FROM mno_jobs m JOIN batch_jobs b ON b.id = m.job_id
      ${whereOf([...conditions, after])} ORDER BY ${orderBy} LIMIT ${limit}`);
    return page.rows;
  });
  return { rows: rows.map(toMnoJob), meta };
}

async function findMno(db: TExecutor, id: string, lock = false): Promise<TMnoRow> {
  const { rows } = await db.execute<TMnoRow>(sql`SELECT ${mnoColumns} FROM mno_jobs m JOIN batch_jobs b ON b.id = m.job_id
    WHERE m.id = ${id} ${lock ? sql`FOR UPDATE OF m, b` : sql``}`);
  if (!rows[0]) throw notFound('MNO job not found');
  return rows[0];
}

export async function getMnoJob(deps: TDeps, id: string) {
  return toMnoJob(await findMno(deps.db, id));
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The MNO job's SIMs as CSV (for work at the operator's portal), read in keyset pages and streamed. */
export async function mnoJobSimsCsv(deps: TDeps, id: string, status?: string) {
  const mno = await findMno(deps.db, id);
  const db = deps.db;
  async function* lines() {
    yield 'iccid,imsi,msisdn,operator,operation,task_status,error\n';
    let after = 0;
    for (;;) {
      const { rows } = await db.execute<{
        id: number;
        iccid: string;
        imsi: string | null;
        msisdn: string | null;
        status: string;
        error: string | null;
      }>(sql`
        SELECT t.id, t.iccid, p.imsi, p.msisdn, t.status, t.error FROM job_tasks t
        LEFT JOIN sim_profiles p ON p.sim_id = t.sim_id AND p.position = 0
        WHERE t.job_id = ${mno.job_id} AND t.mno_job_id = ${id} AND t.id > ${after} ${status ? sql`AND t.status = ${status}` : sql``}
        ORDER BY t.id LIMIT 2000`);
      if (rows.length === 0) return;
      yield rows.map((r) => [r.iccid, r.imsi, r.msisdn, mno.operator, mno.operation, r.status, r.error].map(csvCell).join(',')).join('\n') +
        '\n';
      after = rows[rows.length - 1]!.id;
    }
  }
  return { fileName: `mno-job-${mno.operator}-${mno.batch_job_id}-${id}.csv`, stream: Readable.from(lines()) };
}

/**
 * Mark As Done: staff did the work at the operator's portal. The named tasks (or every task not yet done) succeed
 * by hand and their SIMs take the new state; a task whose SIM has since moved elsewhere is skipped with why.
 */
export async function markMnoJobDone(deps: TDeps, ctx: TRequestContext, id: string, body: { iccids?: string[]; note?: string }) {
  const result = await deps.db.transaction(async (tx) => {
    const mno = await findMno(tx, id, true);
    const type = mno.operation as TRequestType;
    const t = REQUEST_TRANSITIONS[type];
    const named = body.iccids ? [...new Set(body.iccids)] : null;
    type TPick = {
      named: string | null;
      id: number | null;
      iccid: string | null;
      sim_id: string | null;
      status: string | null;
      sim_status: string | null;
      from_status: string | null;
    };
    let rows: TPick[];
    if (named) {
      // Which task each named ICCID (any profile's) has in this job; then those tasks and their SIMs, locked.
      const { rows: found } = await tx.execute<{ named: string; id: number | null }>(sql`SELECT n.iccid AS named, t.id
        FROM unnest(${sql.param(named)}::text[]) AS n(iccid)
        LEFT JOIN sim_profiles p ON p.iccid = n.iccid
        LEFT JOIN job_tasks t ON t.sim_id = p.sim_id AND t.mno_job_id = ${id}`);
      const ids = found.filter((r) => r.id !== null).map((r) => Number(r.id));
      const { rows: locked } = await tx.execute<TPick>(sql`SELECT NULL AS named, t.id, t.iccid, t.sim_id, t.status, s.status AS sim_status,
          t.from_status FROM job_tasks t JOIN sims s ON s.id = t.sim_id WHERE t.id = ANY(${sql.param(ids)}::bigint[])
        ORDER BY s.id FOR UPDATE OF t, s`);
      const byId = new Map(locked.map((r) => [Number(r.id), r]));
      rows = found.map((r) =>
        r.id === null
          ? { named: r.named, id: null, iccid: null, sim_id: null, status: null, sim_status: null, from_status: null }
          : { ...byId.get(Number(r.id))!, named: r.named },
      );
    } else {
      ({ rows } = await tx.execute<TPick>(sql`SELECT NULL AS named, t.id, t.iccid, t.sim_id, t.status, s.status AS sim_status, t.from_status
        FROM job_tasks t JOIN sims s ON s.id = t.sim_id
        WHERE t.mno_job_id = ${id} AND t.status IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED', 'FAILED')
        ORDER BY s.id FOR UPDATE OF t, s`));
    }
    const skipped: { iccid: string; reason: string }[] = [];
    const done: { id: number; iccid: string; sim_id: string; status: string }[] = [];
    for (const r of rows) {
      if (r.id === null) {
        skipped.push({ iccid: r.named!, reason: 'Not in this MNO job' });
        continue;
      }
      if (r.status === 'SUCCEEDED' || r.status === 'CANCELLED') {
        skipped.push({ iccid: r.named ?? r.iccid!, reason: `Already ${r.status === 'SUCCEEDED' ? 'done' : 'cancelled'}` });
        continue;
      }
      const fits = r.sim_status === t.pending || r.sim_status === r.from_status || (t.from as readonly string[]).includes(r.sim_status!);
      if (t.pending && !fits) skipped.push({ iccid: r.named ?? r.iccid!, reason: `The SIM is now ${r.sim_status}` });
      else done.push({ id: r.id, iccid: r.iccid!, sim_id: r.sim_id!, status: r.status! });
    }
    if (done.length) {
      await tx.execute(sql`UPDATE job_tasks SET status = 'SUCCEEDED', done_by = 'MANUAL', error = ${body.note ?? null}, updated_at = now()
        WHERE id = ANY(${sql.param(done.map((r) => r.id))}::bigint[])`);
      const params =
        (
          await tx.execute<{ params: { imei?: string; firmware?: { version: string } } }>(
            sql`SELECT params FROM requests WHERE id = ${mno.request_id}`,
          )
        ).rows[0]?.params ?? {};
      await settleSims(
        tx,
        type,
        done.map((r) => r.sim_id),
        { imei: params.imei ?? null, firmwareVersion: params.firmware?.version ?? null },
      );
      const inFlight = done.filter((r) => r.status === 'SUBMITTING' || r.status === 'SUBMITTED').length;
      const failed = done.filter((r) => r.status === 'FAILED').length;
      await bumpCounters(tx, id, mno.job_id, { inFlight: -inFlight, failed: -failed, succeeded: done.length, byHand: done.length });
      // A job that had ended ends again with the status its tasks now show.
      await tx.execute(
        sql`UPDATE mno_jobs SET status = 'RUNNING', finished_at = NULL WHERE id = ${id} AND status IN ('PARTIAL', 'FAILED')`,
      );
      await tx.execute(
        sql`UPDATE batch_jobs SET status = 'RUNNING', finished_at = NULL WHERE id = ${mno.job_id} AND status IN ('PARTIAL', 'FAILED')`,
      );
      await finishIfSettled(tx, id, mno.job_id);
      await refreshJobStatus(tx, mno.job_id);
    }
    await recordAudit(tx, ctx, {
      action: 'mno_job.mark_done',
      entityType: 'sim_batch',
      entityId: mno.job_id,
      organizationId: mno.organization_id,
      after: {
        mnoJobId: id,
        operator: mno.operator,
        done: done.length,
        iccids: done.slice(0, 20).map((r) => r.iccid),
        skipped: skipped.length,
        ...(body.note ? { note: body.note } : {}),
      },
    });
    return { updated: done.length, skipped: skipped.slice(0, 1000) };
  });
  return { ...result, mnoJob: await getMnoJob(deps, id) };
}

/**
 * Reinitiate: the MNO job's failed tasks go back to the queue (their SIMs are checked again when they are sent). A task
 * whose outcome at the operator was unknown keeps its key, so the operator cannot apply it twice.
 */
export async function reinitiateMnoJob(deps: TDeps, ctx: TRequestContext, id: string) {
  const result = await deps.db.transaction(async (tx) => {
    const mno = await findMno(tx, id, true);
    const { rows } = await tx.execute<{ id: number }>(sql`UPDATE job_tasks SET status = 'QUEUED', next_at = now(), submission_id = NULL,
        tries = 0, updated_at = now()
      WHERE mno_job_id = ${id} AND status = 'FAILED' RETURNING id`);
    if (rows.length === 0) {
      throw new AppError('UNPROCESSABLE', 'Nothing to reinitiate: the MNO job has no failed task');
    }
    await tx.execute(sql`UPDATE mno_jobs SET status = 'RUNNING', mode = 'AUTO', finished_at = NULL, call_failures = 0, next_attempt_at = NULL,
        last_error = NULL, updated_at = now() WHERE id = ${id}`);
    await tx.execute(sql`UPDATE batch_jobs SET status = 'RUNNING', finished_at = NULL WHERE id = ${mno.job_id}`);
    await bumpCounters(tx, id, mno.job_id, { failed: -rows.length });
    // An activation holds the price of the SIMs tried again (422 when its wallet no longer has it).
    await settleActivation(tx, mno.job_id);
    await enqueueMnoJob(tx, id);
    await recordAudit(tx, ctx, {
      action: 'mno_job.reinitiate',
      entityType: 'sim_batch',
      entityId: mno.job_id,
      organizationId: mno.organization_id,
      after: { mnoJobId: id, operator: mno.operator, tasks: rows.length },
    });
    return { updated: rows.length, skipped: [] };
  });
  return { ...result, mnoJob: await getMnoJob(deps, id) };
}

/** /report/mno-job-report/summary: MNO jobs per operator and operation over a period. */
export async function mnoJobReport(deps: TDeps, q: { from?: string; to?: string; operator?: string }) {
  const conditions = [];
  if (q.operator) conditions.push(sql`m.operator = ${q.operator}`);
  conditions.push(...withinDates(sql`m.created_at`, q.from, q.to));
  const { rows } = await deps.db.execute<{
    operator: string;
    operation: string;
    mno_jobs: number;
    tasks: number;
    succeeded: number;
    failed: number;
    cancelled: number;
    by_hand: number;
    avg_ms: number | null;
  }>(sql`SELECT m.operator, m.operation, count(*)::int AS mno_jobs, sum(m.tasks_count)::int AS tasks, sum(m.succeeded)::int AS succeeded,
      sum(m.failed)::int AS failed, sum(m.cancelled)::int AS cancelled, sum(m.by_hand)::int AS by_hand,
      (avg(extract(epoch FROM m.finished_at - m.created_at)) FILTER (WHERE m.finished_at IS NOT NULL) * 1000)::float8 AS avg_ms
    FROM mno_jobs m ${whereOf(conditions)} GROUP BY m.operator, m.operation ORDER BY m.operator, m.operation`);
  return rows.map((r) => ({
    operator: r.operator,
    operation: r.operation,
    mnoJobs: r.mno_jobs,
    tasks: r.tasks,
    succeeded: r.succeeded,
    failed: r.failed,
    cancelled: r.cancelled,
    pending: Math.max(0, r.tasks - r.succeeded - r.failed - r.cancelled),
    byHand: r.by_hand,
    successPercent: r.tasks ? Math.round((1000 * r.succeeded) / r.tasks) / 10 : 0,
    avgMs: r.avg_ms === null ? null : Math.round(r.avg_ms),
  }));
}
