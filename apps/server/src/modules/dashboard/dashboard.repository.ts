import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { whereOf } from '../../db/where';

/**
 * Reads of the dashboards (docs/decisions/034-dashboard-aggregates.md). `reach` is a condition on an
 * `organization_id` column (the caller's subtree, or one organisation's), undefined for the whole platform.
 * Aggregated figures are the counts plus the deltas not folded yet; the small tables are read through their indexes.
 */
export type TReach = (column: SQL) => SQL | undefined;

export type TCountRow = { organization_id: string | null; k1: string; k2: string; day: string | null; n: number };

/** One metric's groups in reach, summed over counts and pending deltas; `days` narrows day-based metrics. */
export async function readMetric(
  db: TExecutor,
  reach: TReach,
  metric: string,
  options: { days?: { from: string; to: string }; byOrganization?: boolean; byDay?: boolean } = {},
): Promise<TCountRow[]> {
  const dayCond = options.days ? sql`day BETWEEN ${options.days.from}::date AND ${options.days.to}::date` : undefined;
  const org = options.byOrganization ? sql`organization_id` : sql`NULL::char(24)`;
  const day = options.byDay ? sql`to_char(day, 'YYYY-MM-DD')` : sql`NULL::text`;
  const where = whereOf([sql`metric = ${metric}`, dayCond, reach(sql`organization_id`)]);
  const { rows } = await db.execute<{ organization_id: string | null; k1: string; k2: string; day: string | null; n: string }>(sql`
    SELECT ${org} AS organization_id, k1, k2, ${day} AS day, sum(n) AS n FROM (
      SELECT organization_id, k1, k2, day, n FROM dashboard_counts ${where}
      UNION ALL
      SELECT organization_id, k1, k2, day, n FROM dashboard_deltas ${where}
    ) x GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0`);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Batch jobs in flight (status index) and those made within the last `days` that ended FAILED or PARTIAL (date index). */
export async function readRequestHealth(db: TExecutor, reach: TReach, days: number): Promise<{ inFlight: number; failing: number }> {
  const r = reach(sql`b.organization_id`);
  const { rows } = await db.execute<{ in_flight: string; failing: string }>(sql`
    SELECT
      (SELECT count(*) FROM batch_jobs b ${whereOf([sql`b.status IN ('QUEUED', 'RUNNING', 'WAITING_OPERATOR')`, r])}) AS in_flight,
      (SELECT count(*) FROM batch_jobs b
        ${whereOf([sql`b.created_at >= now() - make_interval(days => ${days})`, sql`b.status IN ('FAILED', 'PARTIAL')`, r])}) AS failing`);
  return { inFlight: Number(rows[0]?.in_flight ?? 0), failing: Number(rows[0]?.failing ?? 0) };
}

/**
 * MNO jobs per operator: stuck (unfinished, untouched for `stuckMinutes`), waiting on staff (MANUAL), failing (made
 * within `days`, ended FAILED or PARTIAL). Unfinished MNO jobs are found through their unfinished batch jobs.
 */
export async function readMnoHealth(
  db: TExecutor,
  reach: TReach,
  stuckMinutes: number,
  days: number,
): Promise<{ operator: string; stuck: number; manual: number; failing: number }[]> {
  const r = reach(sql`b.organization_id`);
  const { rows } = await db.execute<{ operator: string; stuck: string; manual: string; failing: string }>(sql`
    SELECT operator, sum(stuck) AS stuck, sum(manual) AS manual, sum(failing) AS failing FROM (
      SELECT m.operator,
        count(*) FILTER (WHERE m.updated_at < now() - make_interval(mins => ${stuckMinutes})) AS stuck,
        count(*) FILTER (WHERE m.mode = 'MANUAL') AS manual, 0 AS failing
      FROM batch_jobs b JOIN mno_jobs m ON m.job_id = b.id
      ${whereOf([sql`b.status IN ('QUEUED', 'RUNNING', 'WAITING_OPERATOR')`, sql`m.status IN ('QUEUED', 'RUNNING', 'WAITING_OPERATOR')`, r])}
      GROUP BY m.operator
      UNION ALL
      SELECT m.operator, 0, 0, count(*) FROM mno_jobs m JOIN batch_jobs b ON b.id = m.job_id
      ${whereOf([sql`m.created_at >= now() - make_interval(days => ${days})`, sql`m.status IN ('FAILED', 'PARTIAL')`, r])}
      GROUP BY m.operator
    ) x GROUP BY operator ORDER BY operator`);
  return rows.map((x) => ({ operator: x.operator, stuck: Number(x.stuck), manual: Number(x.manual), failing: Number(x.failing) }));
}

/** Wallets in reach, one row per organisation (the unique index on ledger_accounts.organization_id). */
export async function readWallets(db: TExecutor, reach: TReach): Promise<{ organization_id: string; balance: number; blocked: number }[]> {
  const { rows } = await db.execute<{ organization_id: string; balance: string; blocked: string }>(sql`
    SELECT organization_id, balance, blocked FROM ledger_accounts ${whereOf([sql`kind = 'WALLET'`, reach(sql`organization_id`)])}`);
  return rows.map((r) => ({ organization_id: r.organization_id, balance: Number(r.balance), blocked: Number(r.blocked) }));
}

/** Organisations of a subtree (or all), with their paths: the drill-down adds figures up along them. */
export async function readOrganizations(
  db: TExecutor,
  pathPrefix: string | null,
): Promise<{ id: string; parent_id: string | null; path: string; trade_name: string }[]> {
  const cond = pathPrefix ? sql`WHERE path LIKE ${`${pathPrefix}%`}` : sql``;
  const { rows } = await db.execute<{ id: string; parent_id: string | null; path: string; trade_name: string }>(
    sql`SELECT id, parent_id, path, trade_name FROM organizations ${cond} ORDER BY trade_name, id`,
  );
  return rows;
}
