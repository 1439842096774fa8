import { addDays, indiaDay } from '@tarang/shared/common/india-days';
import {
  BURN_DAYS,
  FAILING_DAYS,
  MNO_STUCK_MINUTES,
  type TDashboard,
  type TDashboardDay,
  type TDashboardOrganization,
  type TDashboardQuery,
  type TDashboardTrends,
  type TDashboardTrendsQuery,
  TREND_DAYS_DEFAULT,
} from '@tarang/shared/dashboard/dashboard.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { escapeLike } from '../../lib/list-query';
import { assertOrganizationInScope } from '../../lib/tenancy';
import { readMetric, readMnoHealth, readOrganizations, readRequestHealth, readWallets, type TReach } from './dashboard.repository';

/**
 * The dashboards (issue 18, docs/decisions/034-dashboard-aggregates.md): every figure over the caller's reach, or one
 * organisation's subtree in it (404 otherwise), from the maintained aggregates and the small indexed tables.
 */

/** Ledger types that spend a wallet's money (captures for activations, deductions by staff). */
const SPENDING_TYPES = new Set(['CAPTURE', 'DEDUCT']);

type TTarget = { reach: TReach; path: string | null; organizationId: string | null; selected: string | null };

/** What the figures cover: the organisation asked for (in reach), else the caller's subtree, else everything. */
async function targetOf(db: TExecutor, ctx: TRequestContext, organizationId: string | undefined): Promise<TTarget> {
  const { scope } = requireActor(ctx);
  let path: string | null = null;
  if (organizationId) path = await assertOrganizationInScope(db, scope, organizationId);
  else if (scope.kind === 'subtree') path = scope.path;
  const reach: TReach = (column: SQL) =>
    path === null ? undefined : sql`${column} IN (SELECT id FROM organizations WHERE path LIKE ${`${escapeLike(path)}%`})`;
  const selected = organizationId ?? (scope.kind === 'subtree' ? scope.organizationId : null);
  return { reach, path, organizationId: organizationId ?? null, selected };
}

const sumOf = (rows: { n: number }[]) => rows.reduce((a, r) => a + r.n, 0);

async function dashboardOf(db: TExecutor, target: TTarget, now: Date): Promise<TDashboard> {
  const { reach } = target;
  const today = indiaDay(now);
  const [sims, activated, terminated, expiring, spent, requests, mnoJobs, wallets] = await Promise.all([
    readMetric(db, reach, 'SIM'),
    readMetric(db, reach, 'ACTIVATED', { days: { from: addDays(today, -6), to: today }, byDay: true }),
    readMetric(db, reach, 'TERMINATED', { days: { from: addDays(today, -6), to: today }, byDay: true }),
    readMetric(db, reach, 'EXPIRY', { days: { from: today, to: addDays(today, 29) }, byDay: true }),
    readMetric(db, reach, 'SPENT', { days: { from: addDays(today, 1 - BURN_DAYS), to: today } }),
    readRequestHealth(db, reach, FAILING_DAYS),
    readMnoHealth(db, reach, MNO_STUCK_MINUTES, FAILING_DAYS),
    readWallets(db, reach),
  ]);
  const cells = sims
    .filter((r) => r.n > 0)
    .map((r) => ({ status: r.k1, operator: r.k2, count: r.n }))
    .sort((a, b) => a.status.localeCompare(b.status) || a.operator.localeCompare(b.operator));
  const balance = wallets.reduce((a, w) => a + w.balance, 0);
  const blocked = wallets.reduce((a, w) => a + w.blocked, 0);
  const spentTotal = -sumOf(spent.filter((r) => SPENDING_TYPES.has(r.k1)));
  const burnPerDay = Math.max(0, Math.floor(spentTotal / BURN_DAYS));
  const available = balance - blocked;
  return {
    organizationId: target.organizationId,
    today,
    sims: { total: sumOf(cells.map((c) => ({ n: c.count }))), cells },
    activations: { today: sumOf(activated.filter((r) => r.day === today)), last7Days: sumOf(activated) },
    terminations: { today: sumOf(terminated.filter((r) => r.day === today)), last7Days: sumOf(terminated) },
    expiring: {
      in7Days: sumOf(expiring.filter((r) => r.day !== null && r.day <= addDays(today, 6))),
      in30Days: sumOf(expiring),
    },
    requests,
    mnoJobs,
    wallet: { balance, blocked, available, burnPerDay, daysLeft: burnPerDay > 0 ? Math.floor(available / burnPerDay) : null },
  };
}

/** GET /dashboard: the tiles. */
export async function getDashboard(deps: TDeps, ctx: TRequestContext, q: TDashboardQuery, now = new Date()): Promise<TDashboard> {
  return dashboardOf(deps.db, await targetOf(deps.db, ctx, q.organizationId), now);
}

/** GET /dashboardv2: the tiles, the figures per day of the range, and the drill-down one level below the selection. */
export async function getDashboardTrends(
  deps: TDeps,
  ctx: TRequestContext,
  q: TDashboardTrendsQuery,
  now = new Date(),
): Promise<TDashboardTrends> {
  const db = deps.db;
  const target = await targetOf(db, ctx, q.organizationId);
  const today = indiaDay(now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, 1 - TREND_DAYS_DEFAULT);
  const range = { from, to };
  const [dashboard, activated, terminated, spent, expiring, simsByOrg, activatedByOrg, wallets, organizations] = await Promise.all([
    dashboardOf(db, target, now),
    readMetric(db, target.reach, 'ACTIVATED', { days: range, byDay: true }),
    readMetric(db, target.reach, 'TERMINATED', { days: range, byDay: true }),
    readMetric(db, target.reach, 'SPENT', { days: range, byDay: true }),
    readMetric(db, target.reach, 'EXPIRY', { days: range, byDay: true }),
    readMetric(db, target.reach, 'SIM', { byOrganization: true }),
    readMetric(db, target.reach, 'ACTIVATED', { days: range, byOrganization: true }),
    readWallets(db, target.reach),
    readOrganizations(db, target.path),
  ]);
  const perDay = (rows: { day: string | null; n: number; k1: string }[], day: string, only?: Set<string>) =>
    rows.filter((r) => r.day === day && (!only || only.has(r.k1))).reduce((a, r) => a + r.n, 0);
  const days: TDashboardDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push({
      day,
      activations: perDay(activated, day),
      terminations: perDay(terminated, day),
      spent: -perDay(spent, day, SPENDING_TYPES),
      expiring: perDay(expiring, day),
    });
  }
  // The drill-down: the selection's direct children (top-level organisations for the whole platform), each with the
  // figures of its own subtree, added up along the organisation paths.
  const pathOf = new Map(organizations.map((o) => [o.id, o.path]));
  const children = organizations.filter((o) => o.parent_id === target.selected);
  const underChild = (orgId: string | null, childPath: string) => {
    const path = orgId ? pathOf.get(orgId) : undefined;
    return path?.startsWith(childPath) ?? false;
  };
  const drill: TDashboardOrganization[] = children.map((c) => {
    const sims = simsByOrg.filter((r) => underChild(r.organization_id, c.path));
    return {
      id: c.id,
      tradeName: c.trade_name,
      sims: sumOf(sims),
      active: sumOf(sims.filter((r) => r.k1 === 'ACTIVE')),
      activationsInRange: sumOf(activatedByOrg.filter((r) => underChild(r.organization_id, c.path))),
      available: wallets.filter((w) => underChild(w.organization_id, c.path)).reduce((a, w) => a + w.balance - w.blocked, 0),
    };
  });
  return { dashboard, from, to, days, organizations: drill };
}
