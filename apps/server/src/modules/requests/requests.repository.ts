import type { TJob, TRequest, TTaskCounts } from '@tarang/shared/requests/request.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { whereOf } from '../../db/where';
import type { TTenantScope } from '../../http/request-context';
import { isoText, newestFirst, readKeysetPage } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';
import { jobCountsLateral } from './jobs.repository';

/** The SQL that reads requests and batch jobs (aliases `r`, `b`), always inside the caller's reach. */

export type TJobRow = {
  request_id: string;
  job_id: string;
  type: string;
  status: string;
  status_reason: string | null;
  batch_job_id: string;
  sims_count: number;
  profile: string;
  reason: string | null;
  organization_id: string | null;
  trade_name: string | null;
  created_by_id: string | null;
  created_by_label: string;
  succeeded: number;
  failed: number;
  cancelled: number;
  in_flight: number;
  scheduled_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  closed_at: string | null;
  target: TRequest['target'];
};

const iso = isoText;
const ms = (text: string | null) => (text ? `${text.slice(0, 23)}Z` : null);

const jobColumns = sql`r.id AS request_id, b.id AS job_id, r.type, b.status, b.status_reason, b.batch_job_id, b.sims_count, b.profile,
  r.reason, r.organization_id, o.trade_name, r.created_by_id, r.created_by_label, c.succeeded, c.failed, c.cancelled, c.in_flight,
  ${iso('r.scheduled_at')} AS scheduled_at, ${iso('r.created_at')} AS created_at, ${iso('b.started_at')} AS started_at,
  ${iso('b.finished_at')} AS finished_at, ${iso('r.closed_at')} AS closed_at, r.target`;

const fromJobs = sql`FROM requests r JOIN batch_jobs b ON b.request_id = r.id LEFT JOIN organizations o ON o.id = r.organization_id
  ${jobCountsLateral}`;

export function reachCondition(scope: TTenantScope): SQL[] {
  const reach = inScope(scope, sql`r.organization_id`);
  return reach ? [reach] : [];
}

export function countsOf(row: {
  sims_count: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  in_flight: number;
}): TTaskCounts {
  return {
    total: row.sims_count,
    queued: Math.max(0, row.sims_count - row.succeeded - row.failed - row.cancelled - row.in_flight),
    inFlight: row.in_flight,
    succeeded: row.succeeded,
    failed: row.failed,
    cancelled: row.cancelled,
  };
}

export function toRequest(row: TJobRow): TRequest {
  return {
    id: row.request_id,
    type: row.type,
    status: row.status as TRequest['status'],
    batchJobId: row.batch_job_id,
    jobId: row.job_id,
    simsCount: row.sims_count,
    profile: row.profile,
    reason: row.reason,
    organization: row.organization_id ? { id: row.organization_id, tradeName: row.trade_name ?? '' } : null,
    createdBy: { id: row.created_by_id, label: row.created_by_label },
    counts: countsOf(row),
    scheduledAt: ms(row.scheduled_at),
    createdAt: ms(row.created_at)!,
    startedAt: ms(row.started_at),
    finishedAt: ms(row.finished_at),
    closedAt: ms(row.closed_at),
    target: row.target ?? {},
  };
}

export function toJob(row: TJobRow): TJob {
  return {
    id: row.job_id,
    batchJobId: row.batch_job_id,
    requestId: row.request_id,
    type: row.type,
    status: row.status as TJob['status'],
    statusReason: row.status_reason,
    simsCount: row.sims_count,
    profile: row.profile,
    organization: row.organization_id ? { id: row.organization_id, tradeName: row.trade_name ?? '' } : null,
    counts: countsOf(row),
    scheduledAt: ms(row.scheduled_at),
    createdAt: ms(row.created_at)!,
    startedAt: ms(row.started_at),
    finishedAt: ms(row.finished_at),
  };
}

const requestsNewestFirst = newestFirst<TJobRow>(sql`r.created_at`, sql`r.id`, (row) => [row.created_at, row.request_id]);

/** A page of requests with their batch jobs, newest first, matching `conditions`. */
export async function listJobRows(db: TExecutor, conditions: SQL[], query: { cursor?: string; limit: number }) {
  return await readKeysetPage(requestsNewestFirst, query, async ({ after, orderBy, limit }) => {
    const { rows } = await db.execute<TJobRow>(
      sql`SELECT ${jobColumns} ${fromJobs} ${whereOf([...conditions, after])} ORDER BY ${orderBy} LIMIT ${limit}`,
    );
    return rows;
  });
}

/** A batch job (alias `b`) by its number ("BJ00000042"), or by its id or the id in `otherId` (its request's, an MNO job's). */
export function batchJobMatch(text: string, otherId: SQL): SQL {
  const id = text.trim();
  return /^[0-9a-f]{24}$/.test(id) ? sql`(b.id = ${id} OR ${otherId} = ${id})` : sql`b.batch_job_id = ${id.toUpperCase()}`;
}

/** One request (by request id, batch job id or its number), inside the reach; for update, its job row locked. */
export async function findJobRow(db: TExecutor, scope: TTenantScope, by: { requestId?: string; jobId?: string }, lock = false) {
  const conditions = reachCondition(scope);
  if (by.requestId) conditions.push(sql`r.id = ${by.requestId}`);
  if (by.jobId) conditions.push(sql`b.id = ${by.jobId}`);
  const { rows } = await db.execute<TJobRow>(
    sql`SELECT ${jobColumns} ${fromJobs} ${whereOf(conditions)} ${lock ? sql`FOR UPDATE OF b` : sql``}`,
  );
  return rows[0] ?? null;
}

/**
 * Global search (JOBS): a batch job by its number ("BJ00000042", a start of it such as "BJ0000004", or just 42), or by
 * the id of the job or its request; newest first, inside the caller's reach.
 */
export async function searchJobs(db: TExecutor, scope: TTenantScope, term: string, limit: number) {
  const text = term.trim();
  let match: SQL;
  if (/^bj\d{1,10}$/i.test(text)) match = sql`b.batch_job_id LIKE ${`${text.toUpperCase()}%`}`;
  else if (/^\d{1,10}$/.test(text)) match = sql`b.batch_job_id = ${`BJ${text.padStart(8, '0')}`}`;
  else if (/^[0-9a-f]{24}$/.test(text)) match = sql`(b.id = ${text} OR r.id = ${text})`;
  else return [];
  const { rows } = await db.execute<{ id: string; batch_job_id: string; sims_count: number; status: string; profile: string }>(
    sql`SELECT b.id, b.batch_job_id, b.sims_count, b.status, b.profile FROM requests r JOIN batch_jobs b ON b.request_id = r.id
      ${whereOf([...reachCondition(scope), match])} ORDER BY b.batch_job_id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, batchJobId: r.batch_job_id, simsCount: r.sims_count, status: r.status, profile: r.profile }));
}
