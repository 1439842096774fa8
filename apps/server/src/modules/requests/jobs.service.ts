import { FINAL_JOB_STATUSES, JOB_STATUSES, REQUEST_TRANSITIONS, type TRequestType } from '@tarang/shared/requests/request.constants';
import type { TRequestListQuery } from '@tarang/shared/requests/request.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { whereOf } from '../../db/where';
import { fieldError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { integerCursor, readKeysetPage, type TKeysetList } from '../../lib/list-query';
import { recordAudit } from '../audit/audit.service';
import { bumpCounters, finishIfSettled, refreshJobStatus, revertSims } from './jobs.repository';
import { enqueueMnoJob } from './request-engine';
import { countsOf, findJobRow, listJobRows, reachCondition, type TJobRow, toJob } from './requests.repository';
import { listConditions } from './requests.service';

const JOB_NOT_FOUND = 'Job not found';

export async function listJobs(deps: TDeps, ctx: TRequestContext, q: TRequestListQuery) {
  const actor = requireActor(ctx);
  const { rows, meta } = await listJobRows(deps.db, await listConditions(deps, actor, q), q);
  return { rows: rows.map(toJob), meta };
}

/** GET /job-batch/counts: jobs by status inside the caller's reach (the dashboard's figures). */
export async function jobCounts(deps: TDeps, ctx: TRequestContext) {
  const actor = requireActor(ctx);
  const { rows } = await deps.db.execute<{ status: string; n: number }>(sql`SELECT b.status, count(*)::int AS n
    FROM requests r JOIN batch_jobs b ON b.request_id = r.id ${whereOf(reachCondition(actor.scope))} GROUP BY b.status`);
  const byStatus: Record<string, number> = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0]));
  for (const r of rows) byStatus[r.status] = r.n;
  return { total: rows.reduce((sum, r) => sum + r.n, 0), byStatus };
}

async function findJob(db: TExecutor, actor: TActor, id: string, lock = false): Promise<TJobRow> {
  const row = await findJobRow(db, actor.scope, { jobId: id }, lock);
  if (!row) throw notFound(JOB_NOT_FOUND);
  return row;
}

export async function getJob(deps: TDeps, ctx: TRequestContext, id: string) {
  return toJob(await findJob(deps.db, requireActor(ctx), id));
}

/** The cheap live-progress read: one row, the counters the tasks keep up to date. */
export async function getProgress(deps: TDeps, ctx: TRequestContext, id: string) {
  const row = await findJob(deps.db, requireActor(ctx), id);
  const counts = countsOf(row);
  const settled = counts.succeeded + counts.failed + counts.cancelled;
  return {
    status: row.status as (typeof JOB_STATUSES)[number],
    counts,
    percent: counts.total ? Math.floor((1000 * settled) / counts.total) / 10 : 100,
    finishedAt: row.finished_at ? `${row.finished_at.slice(0, 23)}Z` : null,
  };
}

/** The tasks of a job in id order; the cursor is the last task's id. */
const tasksInOrder: TKeysetList<TTaskRow, [number]> = {
  columns: [sql`t.id`],
  descending: false,
  cursor: integerCursor,
  positionOf: (t) => [t.id],
};

type TTaskRow = {
  id: number;
  iccid: string;
  operator: string;
  status: string;
  from_status: string | null;
  tries: number;
  error: string | null;
  done_by: string | null;
  mno_job_id: string;
  updated_at: string;
};

/** View Tasks: the job's tasks in id order, by keyset (the cursor is the last task id). */
export async function listTasks(deps: TDeps, ctx: TRequestContext, id: string, q: { status?: string; limit: number; cursor?: string }) {
  const row = await findJob(deps.db, requireActor(ctx), id);
  const { rows, meta } = await readKeysetPage(tasksInOrder, q, async ({ after, orderBy, limit }) => {
    const conditions = [sql`t.job_id = ${row.job_id}`, q.status ? sql`t.status = ${q.status}` : undefined, after];
    const tasks = await deps.db.execute<TTaskRow>(sql`SELECT t.id, t.iccid, t.operator, t.status, t.from_status, t.tries, t.error,
        t.done_by, t.mno_job_id, to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
      FROM job_tasks t ${whereOf(conditions)} ORDER BY ${orderBy} LIMIT ${limit}`);
    return tasks.rows;
  });
  const target = REQUEST_TRANSITIONS[row.type as TRequestType]?.to ?? null;
  return {
    rows: rows.map((t) => ({
      id: String(t.id),
      iccid: t.iccid,
      operator: t.operator,
      status: t.status as never,
      fromStatus: t.from_status as never,
      targetStatus: target,
      tries: t.tries,
      error: t.error,
      doneBy: t.done_by as never,
      mnoJobId: t.mno_job_id,
      updatedAt: t.updated_at,
    })),
    meta,
  };
}

/**
 * Change Status (staff, with a reason): CANCELLED or FAILED stops the job — every task not yet sent to an operator
 * ends so (its SIM back where it was); tasks already at an operator are withdrawn there: what the operator has not
 * carried out yet ends CANCELLED (SIM back), what it had already done is recorded as done, and nothing is tried again.
 * The job then ends with the status its tasks show.
 */
export async function changeJobStatus(
  deps: TDeps,
  ctx: TRequestContext,
  id: string,
  body: { status: 'CANCELLED' | 'FAILED'; reason: string },
) {
  const actor = requireActor(ctx);
  await deps.db.transaction(async (tx) => {
    const row = await findJob(tx, actor, id, true);
    if ((FINAL_JOB_STATUSES as readonly string[]).includes(row.status)) {
      throw fieldError('UNPROCESSABLE', 'status', `The job has ended (${row.status})`);
    }
    const { rows } = await tx.execute<{ mno_job_id: string; sim_id: string; from_status: string | null; old: string }>(sql`
      UPDATE job_tasks SET status = ${body.status}, error = ${`${body.status === 'CANCELLED' ? 'Cancelled' : 'Failed'} by staff: ${body.reason}`},
        updated_at = now()
      FROM (SELECT id, status AS old FROM job_tasks WHERE job_id = ${row.job_id} AND status IN ('QUEUED', 'PENDING') FOR UPDATE) o
      WHERE job_tasks.id = o.id RETURNING job_tasks.mno_job_id, job_tasks.sim_id, job_tasks.from_status, o.old`);
    await revertSims(
      tx,
      row.type as TRequestType,
      rows.filter((r) => r.old === 'PENDING').map((r) => ({ simId: r.sim_id, from: r.from_status })),
    );
    const perMno = new Map<string, number>();
    for (const r of rows) perMno.set(r.mno_job_id, (perMno.get(r.mno_job_id) ?? 0) + 1);
    await tx.execute(sql`UPDATE batch_jobs SET status_reason = ${body.reason}, withdrawn_at = now() WHERE id = ${row.job_id}`);
    const { rows: mnos } = await tx.execute<{ id: string; mode: string }>(sql`SELECT id, mode FROM mno_jobs WHERE job_id = ${row.job_id}`);
    for (const m of mnos) {
      const n = perMno.get(m.id) ?? 0;
      await bumpCounters(tx, m.id, row.job_id, body.status === 'CANCELLED' ? { cancelled: n } : { failed: n });
      await finishIfSettled(tx, m.id, row.job_id);
      // Its next run withdraws what is at the operator (an MNO job worked by hand is for staff to finish).
      if (m.mode !== 'MANUAL') await enqueueMnoJob(tx, m.id);
    }
    await refreshJobStatus(tx, row.job_id);
    await recordAudit(tx, ctx, {
      action: 'job.change_status',
      entityType: 'batch_job',
      entityId: row.job_id,
      organizationId: row.organization_id,
      before: { status: row.status },
      after: { status: body.status, reason: body.reason, batchJobId: row.batch_job_id, tasksStopped: rows.length },
    });
  });
  return await getJob(deps, ctx, id);
}
