import { type SQL, sql } from 'drizzle-orm';
import { whereOf } from '../../../db/where';
import { fieldError } from '../../../http/app-error';
import { integerCursor, isoMillis, isoText, readKeysetPage, type TKeysetList, withinDates } from '../../../lib/list-query';
import { assertOrganizationInScope, inScope } from '../../../lib/tenancy';
import { filterList, filterText, inList, type TReportSource } from '../report-source';

type TRow = {
  id: string;
  job_id: string;
  iccid: string;
  operator: string;
  status: string;
  from_status: string | null;
  tries: number;
  error: string | null;
  done_by: string | null;
  updated_at: string;
  request_id: string;
  type: string;
  created_by_label: string;
  requested_at: string;
  trade_name: string | null;
};

/** Newest first on the task's id (a bigserial): tasks of one request are contiguous, newest request first. */
const order: TKeysetList<TRow, [number]> = {
  columns: [sql`t.id`],
  descending: true,
  cursor: integerCursor,
  positionOf: (row) => [Number(row.id)],
};

/**
 * Request details: every SIM task of the requests in the caller's subtree (the request's organisation decides), with
 * the request it belongs to and how it ended at the operator. Filters: organisation (its subtree), request type, task
 * status, operator, the day the request was made, and one request (a link from the request's screen).
 */
export const requestDetailsSource: TReportSource = {
  read: async (deps, actor, f, page) => {
    const organizationId = filterText(f, 'organizationId');
    let subtree: SQL | undefined;
    if (organizationId) {
      const path = await assertOrganizationInScope(deps.db, actor.scope, organizationId).catch(() => {
        throw fieldError('NOT_FOUND', 'organizationId', 'Organisation not found');
      });
      subtree = inScope({ kind: 'subtree', organizationId, path }, sql`b.organization_id`);
    }
    const requestId = filterText(f, 'requestId');
    const type = filterText(f, 'type');
    const conditions = [
      inScope(actor.scope, sql`b.organization_id`),
      subtree,
      requestId ? sql`b.request_id = ${requestId}` : undefined,
      type ? sql`r.type = ${type}` : undefined,
      inList(sql`t.status`, filterList(f, 'status')),
      inList(sql`t.operator`, filterList(f, 'operator')),
      ...withinDates(sql`r.created_at`, filterText(f, 'from'), filterText(f, 'to')),
    ];
    const { rows, meta } = await readKeysetPage(order, page, async ({ after, orderBy, limit }) => {
      const result = await deps.db.execute<TRow>(sql`
        SELECT t.id, t.job_id, t.iccid, t.operator, t.status, t.from_status, t.tries, t.error, t.done_by,
          ${isoText('t.updated_at')} AS updated_at, b.request_id, r.type, r.created_by_label,
          ${isoText('r.created_at')} AS requested_at, o.trade_name
        FROM job_tasks t JOIN batch_jobs b ON b.id = t.job_id JOIN requests r ON r.id = b.request_id
          LEFT JOIN organizations o ON o.id = b.organization_id
        ${whereOf([...conditions, after])} ORDER BY ${orderBy} LIMIT ${limit}`);
      return result.rows;
    });
    return {
      rows: rows.map((r) => ({
        requestedAt: isoMillis(r.requested_at),
        requestId: r.request_id,
        type: r.type,
        organization: r.trade_name,
        createdBy: r.created_by_label,
        iccid: r.iccid,
        operator: r.operator,
        status: r.status,
        fromStatus: r.from_status,
        tries: r.tries,
        error: r.error,
        doneBy: r.done_by,
        updatedAt: isoMillis(r.updated_at),
        jobId: r.job_id,
      })),
      nextCursor: meta.nextCursor,
    };
  },
  exportBatch: 2000,
};
