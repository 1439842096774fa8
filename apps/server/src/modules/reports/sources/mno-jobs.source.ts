import { sql } from 'drizzle-orm';
import { whereOf } from '../../../db/where';
import { isoMillis, isoText, newestFirst, readKeysetPage, withinDates } from '../../../lib/list-query';
import { filterList, filterText, inList, type TReportSource } from '../report-source';

type TRow = {
  id: string;
  created_at: string;
  operator: string;
  operation: string;
  status: string;
  mode: string;
  tasks_count: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  in_flight: number;
  by_hand: number;
  last_error: string | null;
  started_at: string | null;
  finished_at: string | null;
  request_id: string;
  request_type: string;
};

const order = newestFirst<TRow>(sql`m.created_at`, sql`m.id`, (row) => [row.created_at, row.id]);

/**
 * The MNO job report: each MNO job (one operator's part of a batch job) with its tasks' outcomes, newest first on the
 * (created_at, id) index. The provider's own work at the operators: staff only (the declaration says so).
 */
export const mnoJobsSource: TReportSource = {
  read: async (deps, _actor, f, page) => {
    const conditions = [
      inList(sql`m.operator`, filterList(f, 'operator')),
      inList(sql`m.status`, filterList(f, 'status')),
      ...withinDates(sql`m.created_at`, filterText(f, 'from'), filterText(f, 'to')),
    ];
    const { rows, meta } = await readKeysetPage(order, page, async ({ after, orderBy, limit }) => {
      const result = await deps.db.execute<TRow>(sql`
        SELECT m.id, ${isoText('m.created_at')} AS created_at, m.operator, m.operation, m.status, m.mode, m.tasks_count,
          m.succeeded, m.failed, m.cancelled, m.in_flight, m.by_hand, m.last_error, ${isoText('m.started_at')} AS started_at,
          ${isoText('m.finished_at')} AS finished_at, b.request_id, r.type AS request_type
        FROM mno_jobs m JOIN batch_jobs b ON b.id = m.job_id JOIN requests r ON r.id = b.request_id
        ${whereOf([...conditions, after])} ORDER BY ${orderBy} LIMIT ${limit}`);
      return result.rows;
    });
    return {
      rows: rows.map((r) => ({
        createdAt: isoMillis(r.created_at),
        id: r.id,
        operator: r.operator,
        operation: r.operation,
        status: r.status,
        mode: r.mode,
        tasks: r.tasks_count,
        succeeded: r.succeeded,
        failed: r.failed,
        cancelled: r.cancelled,
        inFlight: r.in_flight,
        byHand: r.by_hand,
        lastError: r.last_error,
        startedAt: isoMillis(r.started_at),
        finishedAt: isoMillis(r.finished_at),
        requestId: r.request_id,
        requestType: r.request_type,
      })),
      nextCursor: meta.nextCursor,
    };
  },
};
