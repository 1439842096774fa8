import { addDays, dayOfMonth, daysBetween, indiaDay, monthOf } from '@tarang/shared/common/india-days';
import type { TSim } from '@tarang/shared/sims/sim.schemas';
import type { TSimUsage, TSimUsageQuery, TUsageAllowance, TUsageDay } from '@tarang/shared/sims/usage.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { fieldError } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { findPlanRow, type TPlanRow } from '../plans/plans.repository';
import { findSimByIccid, toSim } from '../sims/sims.repository';
import { ingestedThrough, oldestKeptMonth, requestDay } from './usage-ingest';

/**
 * A SIM's usage (issue 16, docs/decisions/029-sim-usage.md): its days read from its month rows, and its use of the
 * plan's allowance over the plan's current period.
 */

type TMonthRow = {
  month: string;
  bytes_up: (string | null)[];
  bytes_down: (string | null)[];
  sms_mo: (number | null)[];
  sms_mt: (number | null)[];
};

/** The SIM's days from `from` to `to` (India), one entry each, zero where nothing was reported. */
export async function usageDays(db: TExecutor, simId: string, from: string, to: string): Promise<TUsageDay[]> {
  const { rows } = await db.execute<TMonthRow>(sql`
    SELECT to_char(month, 'YYYY-MM-DD') AS month, bytes_up, bytes_down, sms_mo, sms_mt FROM sim_usage_months
    WHERE sim_id = ${simId} AND month BETWEEN ${monthOf(from)}::date AND ${monthOf(to)}::date`);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const days: TUsageDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byMonth.get(monthOf(day));
    const i = dayOfMonth(day) - 1;
    const up = row?.bytes_up[i];
    const reported = up !== null && up !== undefined;
    days.push({
      day,
      bytesUp: reported ? Number(up) : 0,
      bytesDown: reported ? Number(row!.bytes_down[i] ?? 0) : 0,
      smsMo: reported ? (row!.sms_mo[i] ?? 0) : 0,
      smsMt: reported ? (row!.sms_mt[i] ?? 0) : 0,
      reported,
    });
  }
  return days;
}

/**
 * The SIM's use of its plan over the plan's current period: from expiry − validity (or activation, when later) to
 * expiry, counted up to yesterday (the last day ingested). Null without a plan (the SIM's, read by the caller) or an
 * expiry to count from.
 */
export async function usageAllowance(db: TExecutor, sim: TSim, plan: TPlanRow | null, now: Date): Promise<TUsageAllowance | null> {
  if (!plan || !sim.expiresAt) return null;
  const end = new Date(sim.expiresAt);
  let start = new Date(end.getTime() - plan.validityDays * 86_400_000);
  if (sim.activatedAt && new Date(sim.activatedAt) > start) start = new Date(sim.activatedAt);
  const firstDay = indiaDay(start);
  const lastDay = [indiaDay(end), addDays(indiaDay(now), -1)].sort()[0]!;
  let usedBytes = 0;
  let usedSms = 0;
  if (daysBetween(firstDay, lastDay) >= 0) {
    for (const d of await usageDays(db, sim.id, firstDay, lastDay)) {
      usedBytes += d.bytesUp + d.bytesDown;
      usedSms += d.smsMo;
    }
  }
  return {
    planId: plan.id,
    planName: plan.name,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    dataMb: plan.dataMb,
    smsCount: plan.smsCount,
    usedBytes,
    usedSms,
    overLimitAction: plan.overLimitAction,
  };
}

/** GET /sim/usage: the SIM in the caller's reach (404 naming iccid otherwise), its days and its allowance. */
export async function getSimUsage(deps: TDeps, ctx: TRequestContext, q: TSimUsageQuery, now = new Date()): Promise<TSimUsage> {
  const actor = requireActor(ctx);
  const row = await findSimByIccid(deps.db, actor.scope, q.iccid);
  if (!row) throw fieldError('NOT_FOUND', 'iccid', 'SIM not found');
  const sim = toSim(row);
  const to = q.to ?? addDays(indiaDay(now), -1);
  const from = addDays(to, 1 - q.days);
  const [days, allowance, through] = await Promise.all([
    usageDays(deps.db, sim.id, from, to),
    (sim.planId ? findPlanRow(deps.db, sim.planId) : Promise.resolve(null)).then((plan) => usageAllowance(deps.db, sim, plan, now)),
    ingestedThrough(deps.db),
  ]);
  return { simId: sim.id, iccid: sim.iccid, from, to, days, allowance, ingestedThrough: through };
}

/** POST /sim/usage/ingest: a day that has ended and is still kept (422 naming `day` otherwise), ingested (again) now. */
export async function ingestDay(deps: TDeps, day: string, now = new Date()): Promise<void> {
  const yesterday = addDays(indiaDay(now), -1);
  if (day > yesterday) throw fieldError('VALIDATION_FAILED', 'day', `day must have ended: the latest is ${yesterday} (India)`);
  const oldest = oldestKeptMonth(deps.config.usageKeepMonths, now);
  if (day < oldest) throw fieldError('VALIDATION_FAILED', 'day', `day is older than the usage kept: the earliest is ${oldest}`);
  await requestDay(deps.db, day);
}
