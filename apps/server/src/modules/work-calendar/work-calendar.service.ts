import { isWhitelistRequest, type TRequestType } from '@tarang/shared/requests/request.constants';
import type { TCalendarRequest, TWorkCalendar, TWorkCalendarQuery } from '@tarang/shared/work-calendar/work-calendar.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TTx } from '../../db/database';
import { whereOf } from '../../db/where';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { inScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { mnoQueueKey } from '../requests/request-engine';
import { findJobRow } from '../requests/requests.repository';
import { cancelRequest } from '../requests/requests.service';

/**
 * The work calendar (beta; issue 15, docs/decisions/026-whitelisting.md): what is scheduled between two days of India
 * time — requests that wait for their time, and the days SIMs' plans expire — in the caller's reach. A scheduled
 * whitelist cancellation that has not started can be moved to another time, or cancelled, from the calendar.
 */

const CANCEL_TYPES: TRequestType[] = ['WHITELIST_IP_CANCEL', 'WHITELIST_NUMBER_CANCEL'];
const isCancelWhitelist = (type: string) => isWhitelistRequest(type) && (CANCEL_TYPES as string[]).includes(type);
/** The first instant of a day in India, and of the day after another. */
const dayStart = (day: string) => `${day}T00:00:00+05:30`;
const dayAfter = (day: string) => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();

export async function getWorkCalendar(deps: TDeps, ctx: TRequestContext, q: TWorkCalendarQuery): Promise<TWorkCalendar> {
  const scope = requireActor(ctx).scope;
  const from = dayStart(q.from);
  const to = dayAfter(q.to);
  const { rows } = await deps.db.execute<{
    request_id: string;
    batch_job_id: string;
    type: TRequestType;
    scheduled_at: Date;
    sims_count: number;
    organization_id: string | null;
    trade_name: string | null;
    waiting: boolean;
  }>(sql`
    SELECT r.id AS request_id, b.batch_job_id, b.type, b.scheduled_at, b.sims_count, r.organization_id, o.trade_name,
      b.status = 'QUEUED' AND b.sent_at IS NULL AS waiting
    FROM batch_jobs b JOIN requests r ON r.id = b.request_id LEFT JOIN organizations o ON o.id = r.organization_id
    ${whereOf([
      sql`b.scheduled_at >= ${from}::timestamptz`,
      sql`b.scheduled_at < ${to}::timestamptz`,
      sql`b.status NOT IN ('CANCELLED')`,
      inScope(scope, sql`r.organization_id`),
    ])}
    ORDER BY b.scheduled_at, b.batch_job_id LIMIT 5000`);
  const requests = rows.map(
    (r): TCalendarRequest => ({
      requestId: r.request_id,
      batchJobId: r.batch_job_id,
      type: r.type,
      scheduledAt: new Date(r.scheduled_at).toISOString(),
      simsCount: r.sims_count,
      organization: r.organization_id ? { id: r.organization_id, tradeName: r.trade_name ?? '' } : null,
      movable: r.waiting && isCancelWhitelist(r.type) && new Date(r.scheduled_at).getTime() > Date.now(),
    }),
  );
  const { rows: expiries } = await deps.db.execute<{ date: string; count: number }>(sql`
    SELECT to_char(s.expires_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS date, count(*)::int AS count
    FROM sims s
    ${whereOf([sql`s.expires_at >= ${from}::timestamptz`, sql`s.expires_at < ${to}::timestamptz`, inScope(scope, sql`s.organization_id`)])}
    GROUP BY 1 ORDER BY 1`);
  return { requests, expiries };
}

/** A scheduled whitelist cancellation the caller reaches and that has not started, locked; else 404 / 422. */
async function movableRequest(ctx: TRequestContext, id: string, tx: TTx) {
  const row = await findJobRow(tx, requireActor(ctx).scope, { requestId: id }, true);
  if (!row) throw notFound('Request not found');
  if (!isCancelWhitelist(row.type))
    throw new AppError('UNPROCESSABLE', 'Only a scheduled whitelist cancellation is moved from the calendar');
  const { rows } = await tx.execute<{ waiting: boolean }>(sql`
    SELECT status = 'QUEUED' AND sent_at IS NULL AND scheduled_at > now() AS waiting FROM batch_jobs WHERE id = ${row.job_id}`);
  if (!rows[0]?.waiting)
    throw new AppError('UNPROCESSABLE', 'This cancellation has started (or was not scheduled): it can no longer be moved');
  return row;
}

/** Moves a scheduled whitelist cancellation to another time (not in the past): the request, its job and its MNO jobs. */
export async function moveScheduled(deps: TDeps, ctx: TRequestContext, id: string, scheduledAt: string) {
  if (Date.parse(scheduledAt) < Date.now() + 5_000) throw fieldError('UNPROCESSABLE', 'scheduledAt', 'scheduledAt must be in the future');
  await deps.db.transaction(async (tx) => {
    const row = await movableRequest(ctx, id, tx);
    await tx.execute(sql`UPDATE requests SET scheduled_at = ${scheduledAt}::timestamptz WHERE id = ${row.request_id}`);
    await tx.execute(sql`UPDATE batch_jobs SET scheduled_at = ${scheduledAt}::timestamptz WHERE id = ${row.job_id}`);
    const { rows: mno } = await tx.execute<{ id: string }>(sql`SELECT id FROM mno_jobs WHERE job_id = ${row.job_id}`);
    await tx.execute(sql`UPDATE queue_jobs SET run_at = ${scheduledAt}::timestamptz, updated_at = now()
      WHERE key = ANY(${sql.param(mno.map((m) => mnoQueueKey(m.id)))}::text[]) AND status = 'QUEUED'`);
    await recordAudit(tx, ctx, {
      action: 'request.reschedule',
      entityType: 'request',
      entityId: row.request_id,
      organizationId: row.organization_id,
      before: { scheduledAt: row.scheduled_at ? new Date(row.scheduled_at).toISOString() : null },
      after: { scheduledAt: new Date(scheduledAt).toISOString(), batchJobId: row.batch_job_id },
    });
  });
}

/** Cancels a scheduled whitelist cancellation from the calendar: the whitelist stays applied. */
export async function cancelScheduled(deps: TDeps, ctx: TRequestContext, id: string) {
  await deps.db.transaction(async (tx) => movableRequest(ctx, id, tx));
  return await cancelRequest(deps, ctx, id, 'Cancelled from the work calendar');
}
