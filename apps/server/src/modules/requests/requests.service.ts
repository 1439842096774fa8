import { newId } from '@tarang/shared/common/ids';
import { FINAL_JOB_STATUSES, REQUEST_CHECKPOINTS, type TCheckpointStep } from '@tarang/shared/requests/request.constants';
import type { TRequest, TRequestListQuery } from '@tarang/shared/requests/request.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { withinDates } from '../../lib/list-query';
import { assertOrganizationInScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { bumpCounters, finishIfSettled, markCheckpoint } from './jobs.repository';
import { batchJobMatch, findJobRow, listJobRows, reachCondition, type TJobRow, toRequest } from './requests.repository';

const REQUEST_NOT_FOUND = 'Request not found';
const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);

/** List conditions shared by GET /request and GET /job-batch. */
export async function listConditions(deps: TDeps, actor: TActor, q: TRequestListQuery): Promise<SQL[]> {
  const conditions = reachCondition(actor.scope);
  if (q.type) conditions.push(sql`r.type = ${q.type}`);
  if (q.status) conditions.push(sql`b.status = ${q.status}`);
  if (q.organizationId) {
    const path = await assertOrganizationInScope(deps.db, actor.scope, q.organizationId).catch(() => {
      throw new AppError('NOT_FOUND', 'organizationId: Organisation not found', {
        errors: [{ path: 'querystring.organizationId', message: 'Organisation not found' }],
      });
    });
    conditions.push(sql`r.organization_id IN (SELECT id FROM organizations WHERE path LIKE ${`${path}%`})`);
  }
  if (q.batchJobId) conditions.push(batchJobMatch(q.batchJobId, sql`r.id`));
  conditions.push(...withinDates(sql`r.created_at`, q.from, q.to));
  return conditions;
}

export async function listRequests(deps: TDeps, ctx: TRequestContext, q: TRequestListQuery) {
  const actor = requireActor(ctx);
  const { rows, meta } = await listJobRows(deps.db, await listConditions(deps, actor, q), q);
  return { rows: rows.map(toRequest), meta };
}

async function findRequest(deps: TDeps, actor: TActor, id: string, lock = false, db: TExecutor = deps.db): Promise<TJobRow> {
  const row = await findJobRow(db, actor.scope, { requestId: id }, lock);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

export async function getRequestView(deps: TDeps, ctx: TRequestContext, id: string): Promise<TRequest> {
  return toRequest(await findRequest(deps, requireActor(ctx), id));
}

/** Cancel Request: only while nothing has reached an operator. Every task is cancelled; no SIM had moved yet. */
export async function cancelRequest(deps: TDeps, ctx: TRequestContext, id: string, reason?: string): Promise<TRequest> {
  const actor = requireActor(ctx);
  await deps.db.transaction(async (tx) => {
    const row = await findRequest(deps, actor, id, true, tx);
    if ((FINAL_JOB_STATUSES as readonly string[]).includes(row.status)) throw unprocessable(`The request has ended (${row.status})`);
    const { rows: sent } = await tx.execute<{ sent: boolean }>(
      sql`SELECT sent_at IS NOT NULL AS sent FROM batch_jobs WHERE id = ${row.job_id}`,
    );
    if (sent[0]?.sent) throw unprocessable('Part of this request has reached the operator: it can no longer be cancelled');
    const { rows: perMno } = await tx.execute<{ mno_job_id: string; n: number }>(sql`
      WITH c AS (UPDATE job_tasks SET status = 'CANCELLED', error = ${reason ?? 'Cancelled'}, updated_at = now()
        WHERE job_id = ${row.job_id} AND status = 'QUEUED' RETURNING mno_job_id)
      SELECT mno_job_id, count(*)::int AS n FROM c GROUP BY mno_job_id`);
    for (const m of perMno) {
      await bumpCounters(tx, m.mno_job_id, row.job_id, { cancelled: m.n });
      await finishIfSettled(tx, m.mno_job_id, row.job_id);
    }
    await tx.execute(sql`UPDATE batch_jobs SET status_reason = ${reason ?? 'Cancelled by the requester'} WHERE id = ${row.job_id}`);
    await recordAudit(tx, ctx, {
      action: 'request.cancel',
      entityType: 'request',
      entityId: row.request_id,
      organizationId: row.organization_id,
      before: { status: row.status },
      after: { status: 'CANCELLED', batchJobId: row.batch_job_id, ...(reason ? { reason } : {}) },
    });
  });
  return await getRequestView(deps, ctx, id);
}

export async function getCheckpoints(deps: TDeps, ctx: TRequestContext, id: string) {
  const row = await findRequest(deps, requireActor(ctx), id);
  const { rows } = await deps.db.execute<{
    step: string;
    done_at: string | null;
    done_by_id: string | null;
    done_by_label: string | null;
    automatic: boolean;
    note: string | null;
  }>(sql`SELECT step, to_char(done_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS done_at, done_by_id, done_by_label,
      automatic, note FROM request_checkpoints WHERE request_id = ${row.request_id}`);
  const byStep = new Map(rows.map((r) => [r.step, r]));
  return REQUEST_CHECKPOINTS.map(({ step, label }) => {
    const r = byStep.get(step);
    return {
      step,
      label,
      doneAt: r?.done_at ?? null,
      doneBy: r?.done_at ? { id: r.done_by_id, label: r.done_by_label ?? 'System' } : null,
      automatic: r?.done_at ? r.automatic : false,
      note: r?.note ?? null,
    };
  });
}

/** Checkpoint Modify: staff tick a workflow step (done now, by them) or clear it. */
export async function updateCheckpoint(
  deps: TDeps,
  ctx: TRequestContext,
  id: string,
  body: { step: TCheckpointStep; done: boolean; note?: string },
) {
  const actor = requireActor(ctx);
  await deps.db.transaction(async (tx) => {
    const row = await findRequest(deps, actor, id, true, tx);
    if (body.done) {
      await tx.execute(sql`INSERT INTO request_checkpoints (request_id, step, done_at, done_by_id, done_by_label, automatic, note)
        VALUES (${row.request_id}, ${body.step}, now(), ${actor.userId}, ${actor.label}, false, ${body.note ?? null})
        ON CONFLICT (request_id, step) DO UPDATE SET done_at = now(), done_by_id = EXCLUDED.done_by_id,
          done_by_label = EXCLUDED.done_by_label, automatic = false, note = EXCLUDED.note`);
    } else {
      await tx.execute(sql`DELETE FROM request_checkpoints WHERE request_id = ${row.request_id} AND step = ${body.step}`);
    }
    await recordAudit(tx, ctx, {
      action: 'request.checkpoint',
      entityType: 'request',
      entityId: row.request_id,
      organizationId: row.organization_id,
      after: { step: body.step, done: body.done, ...(body.note ? { note: body.note } : {}) },
    });
  });
  return await getCheckpoints(deps, ctx, id);
}

export async function listMessages(deps: TDeps, ctx: TRequestContext, id: string) {
  const row = await findRequest(deps, requireActor(ctx), id);
  const { rows } = await deps.db.execute<{
    id: string;
    author_id: string | null;
    author_label: string;
    from_staff: boolean;
    body: string;
    created_at: string;
  }>(sql`SELECT id, author_id, author_label, from_staff, body,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
    FROM request_messages WHERE request_id = ${row.request_id} ORDER BY created_at, id`);
  return rows.map((m) => ({
    id: m.id,
    author: { id: m.author_id, label: m.author_label },
    fromStaff: m.from_staff,
    body: m.body,
    createdAt: m.created_at,
  }));
}

/**
 * Respond Request: a message on the request's thread, from staff or the customer. Staff answering a request that has
 * ended also tick "Customer informed" (by them, if nobody has yet).
 */
export async function respond(deps: TDeps, ctx: TRequestContext, id: string, body: string) {
  const actor = requireActor(ctx);
  const fromStaff = actor.scope.kind === 'all';
  await deps.db.transaction(async (tx) => {
    const row = await findRequest(deps, actor, id, false, tx);
    if (row.closed_at) throw unprocessable('The request is closed');
    await tx.execute(sql`INSERT INTO request_messages (id, request_id, author_id, author_label, from_staff, body)
      VALUES (${newId()}, ${row.request_id}, ${actor.userId}, ${actor.label}, ${fromStaff}, ${body})`);
    if (fromStaff && (FINAL_JOB_STATUSES as readonly string[]).includes(row.status)) {
      await markCheckpoint(tx, row.request_id, 'CUSTOMER_INFORMED', { id: actor.userId, label: actor.label });
    }
    await recordAudit(tx, ctx, {
      action: 'request.respond',
      entityType: 'request',
      entityId: row.request_id,
      organizationId: row.organization_id,
      after: { fromStaff, length: body.length },
    });
  });
  return await listMessages(deps, ctx, id);
}

/** Close Request: a request that has ended is closed (its thread too). */
export async function closeRequest(deps: TDeps, ctx: TRequestContext, id: string, note?: string): Promise<TRequest> {
  const actor = requireActor(ctx);
  await deps.db.transaction(async (tx) => {
    const row = await findRequest(deps, actor, id, true, tx);
    if (row.closed_at) throw unprocessable('The request is already closed');
    if (!(FINAL_JOB_STATUSES as readonly string[]).includes(row.status)) {
      throw unprocessable(`The request is still ${row.status}: close it once it has ended (or cancel it)`);
    }
    await tx.execute(
      sql`UPDATE requests SET closed_at = now(), closed_by = ${actor.label}, updated_at = now() WHERE id = ${row.request_id}`,
    );
    await recordAudit(tx, ctx, {
      action: 'request.close',
      entityType: 'request',
      entityId: row.request_id,
      organizationId: row.organization_id,
      after: { status: row.status, ...(note ? { note } : {}) },
    });
  });
  return await getRequestView(deps, ctx, id);
}

/** Request Automation Insights: how much ran by itself versus by hand, retries, and how long each stage took. */
export async function getInsights(deps: TDeps, ctx: TRequestContext, id: string) {
  const row = await findRequest(deps, requireActor(ctx), id);
  const { rows } = await deps.db.execute<{ by_operator: number; by_hand: number; retried: number; extra: number }>(sql`
    SELECT count(*) FILTER (WHERE done_by = 'OPERATOR')::int AS by_operator, count(*) FILTER (WHERE done_by = 'MANUAL')::int AS by_hand,
      count(*) FILTER (WHERE tries > 1)::int AS retried, coalesce(sum(greatest(tries - 1, 0)), 0)::int AS extra
    FROM job_tasks WHERE job_id = ${row.job_id}`);
  const t = rows[0]!;
  const checkpoints = await getCheckpoints(deps, ctx, id);
  const done = checkpoints.filter((c) => c.doneAt);
  const stages = done.slice(1).map((c, i) => ({
    from: done[i]!.step,
    to: c.step,
    ms: Math.max(0, Date.parse(c.doneAt!) - Date.parse(done[i]!.doneAt!)),
  }));
  const settled = t.by_operator + t.by_hand;
  return {
    tasks: {
      total: row.sims_count,
      byOperator: t.by_operator,
      byHand: t.by_hand,
      automaticPercent: settled ? Math.round((1000 * t.by_operator) / settled) / 10 : 0,
    },
    checkpoints: {
      automatic: done.filter((c) => c.automatic).length,
      manual: done.filter((c) => !c.automatic).length,
      open: checkpoints.length - done.length,
    },
    retries: { tasksRetried: t.retried, extraTries: t.extra },
    stages,
    totalMs: row.finished_at ? Math.max(0, Date.parse(row.finished_at) - Date.parse(row.created_at)) : null,
  };
}
