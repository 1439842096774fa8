import { addDays, dayOfMonth, daysBetween, indiaDay, monthOf } from '@tarang/shared/common/india-days';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { whereOf } from '../../../db/where';
import { fieldError } from '../../../http/app-error';
import { jsonCursor, readKeysetPage, type TKeysetList } from '../../../lib/list-query';
import { simConditions } from '../../sims/sims.repository';
import { resolveFilter } from '../../sims/sims.service';
import { filterText, type TReportSource } from '../report-source';

type TRow = {
  primary_iccid: string;
  status: string;
  label: string | null;
  trade_name: string | null;
  days: number;
  bytes_up: string | null;
  bytes_down: string | null;
  sms_mo: string | null;
  sms_mt: string | null;
};

/** The longest range one report covers: a year and a day (the usage table keeps 13 months). */
export const USAGE_RANGE_MAX_DAYS = 366;

const order: TKeysetList<TRow, [string]> = {
  columns: [sql`s.primary_iccid`],
  descending: false,
  cursor: jsonCursor(z.tuple([z.string().regex(/^\d{19,20}$/)])),
  positionOf: (row) => [row.primary_iccid],
};

const n = (v: string | null) => (v === null ? 0 : Number(v));

/**
 * Usage per SIM over a range of India days (decision 029's monthly arrays): for each SIM in reach that reported
 * anything in the range, by ICCID, the days with use and the sums of data up, down and both, and SMS sent and
 * received. The range defaults to the 30 days before today; today is never complete, so `to` stops at yesterday.
 */
export const usageSource: TReportSource = {
  read: async (deps, actor, f, page) => {
    const today = indiaDay(new Date());
    const to = filterText(f, 'to') ?? addDays(today, -1);
    const from = filterText(f, 'from') ?? addDays(to, -29);
    if (from > to) throw fieldError('VALIDATION_FAILED', 'from', 'from must be on or before to');
    if (daysBetween(from, to) >= USAGE_RANGE_MAX_DAYS) {
      throw fieldError('VALIDATION_FAILED', 'to', `A usage report covers at most ${USAGE_RANGE_MAX_DAYS} days`);
    }
    const resolved = await resolveFilter(deps, actor, {
      organizationId: filterText(f, 'organizationId'),
      search: filterText(f, 'search'),
    });
    const firstMonth = monthOf(from);
    const lastMonth = monthOf(to);
    // Each month's row contributes the days of its array inside the range.
    const lo = sql`CASE WHEN u.month = ${firstMonth}::date THEN ${dayOfMonth(from)}::int ELSE 1 END`;
    const hi = sql`CASE WHEN u.month = ${lastMonth}::date THEN ${dayOfMonth(to)}::int ELSE 31 END`;
    const { rows, meta } = await readKeysetPage(order, page, async ({ after, orderBy, limit }) => {
      const result = await deps.db.execute<TRow>(sql`
        SELECT s.primary_iccid, s.status, s.label, o.trade_name, x.days, x.bytes_up, x.bytes_down, x.sms_mo, x.sms_mt
        FROM sims s
        JOIN LATERAL (
          SELECT count(*) FILTER (WHERE d.up IS NOT NULL OR d.down IS NOT NULL OR d.mo IS NOT NULL OR d.mt IS NOT NULL)::int AS days,
            sum(d.up) AS bytes_up, sum(d.down) AS bytes_down, sum(d.mo) AS sms_mo, sum(d.mt) AS sms_mt
          FROM sim_usage_months u,
            LATERAL unnest(u.bytes_up[${lo}:${hi}], u.bytes_down[${lo}:${hi}], u.sms_mo[${lo}:${hi}], u.sms_mt[${lo}:${hi}]) AS d(up, down, mo, mt)
          WHERE u.sim_id = s.id AND u.month >= ${firstMonth}::date AND u.month <= ${lastMonth}::date
        ) x ON x.days > 0
        LEFT JOIN organizations o ON o.id = s.organization_id
        ${whereOf([...simConditions(actor.scope, resolved), after])} ORDER BY ${orderBy} LIMIT ${limit}`);
      return result.rows;
    });
    return {
      rows: rows.map((r) => ({
        iccid: r.primary_iccid,
        organization: r.trade_name,
        status: r.status,
        days: r.days,
        bytesUp: n(r.bytes_up),
        bytesDown: n(r.bytes_down),
        bytesTotal: n(r.bytes_up) + n(r.bytes_down),
        smsSent: n(r.sms_mo),
        smsReceived: n(r.sms_mt),
        label: r.label,
      })),
      nextCursor: meta.nextCursor,
    };
  },
  exportBatch: 2000,
};
