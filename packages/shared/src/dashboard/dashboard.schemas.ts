import { z } from 'zod';
import { isoDate } from '../common/dates';
import { ZId } from '../common/text';

/**
 * The dashboards (issue 18, docs/decisions/034-dashboard-aggregates.md): the figures operations and customers look at
 * each morning, over the caller's reach or one organisation's subtree, read from maintained aggregates.
 */

/** SIMs expiring within these many India days (today counted as the first). */
export const EXPIRY_WINDOWS = [7, 30] as const;
/** Burn rate: money spent (captured for activations, deducted) per day, averaged over this many days. */
export const BURN_DAYS = 30;
/** An unfinished MNO job untouched for this long is stuck. */
export const MNO_STUCK_MINUTES = 30;
/** Failing requests and MNO jobs: those that ended FAILED or PARTIAL within this many days. */
export const FAILING_DAYS = 7;
/** dashboardv2: the longest date range, and the default (ending today, India). */
export const TREND_DAYS_MAX = 366;
export const TREND_DAYS_DEFAULT = 30;

/** Statuses of a SIM whose expiry still matters (a terminated or replaced SIM does not expire). */
export const EXPIRY_STATUSES_EXCLUDED = ['TERMINATED', 'REPLACED'] as const;

export const ZDashboardQuery = z
  .object({
    /** One organisation's subtree (in the caller's reach); the caller's whole reach when left out. */
    organizationId: ZId.optional(),
  })
  .strict();
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

export const ZDashboardTrendsQuery = z
  .object({
    organizationId: ZId.optional(),
    /** First and last India day of the charts (default: the last 30 days to today). */
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
    if (q.from && q.to && Date.parse(q.to) - Date.parse(q.from) >= TREND_DAYS_MAX * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['from'], message: `the range may span at most ${TREND_DAYS_MAX} days` });
  });
export type TDashboardTrendsQuery = z.infer<typeof ZDashboardTrendsQuery>;

const count = z.number().int().nonnegative();

export const ZSimCountCell = z.object({ status: z.string(), operator: z.string(), count });
export const ZMnoJobHealth = z.object({
  operator: z.string(),
  /** Unfinished and untouched for MNO_STUCK_MINUTES. */
  stuck: count,
  /** Waiting on staff at the operator's portal. */
  manual: count,
  /** Ended FAILED or PARTIAL within FAILING_DAYS. */
  failing: count,
});

export const ZDashboard = z.object({
  /** The organisation whose subtree the figures cover; null: the caller's whole reach. */
  organizationId: z.string().nullable(),
  /** India day the day-based figures count from. */
  today: z.string(),
  sims: z.object({
    total: count,
    /** One cell per status and primary operator that holds SIMs. */
    cells: z.array(ZSimCountCell),
  }),
  activations: z.object({ today: count, last7Days: count }),
  terminations: z.object({ today: count, last7Days: count }),
  expiring: z.object({ in7Days: count, in30Days: count }),
  requests: z.object({
    /** Batch jobs queued, running or waiting on an operator. */
    inFlight: count,
    /** Batch jobs that ended FAILED or PARTIAL within FAILING_DAYS. */
    failing: count,
  }),
  mnoJobs: z.array(ZMnoJobHealth),
  wallet: z.object({
    balance: z.number().int(),
    blocked: z.number().int(),
    available: z.number().int(),
    /** Paise spent per day, averaged over BURN_DAYS (rounded down). */
    burnPerDay: z.number().int(),
    /** Days the available money lasts at that rate; null when nothing was spent. */
    daysLeft: z.number().int().nullable(),
  }),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZDashboardDay = z.object({
  day: z.string(),
  activations: count,
  terminations: count,
  /** Paise spent that day. */
  spent: z.number().int(),
  /** SIMs whose validity ends that day. */
  expiring: count,
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

/** One organisation of the drill-down: the selected one's direct children (or the top-level ones for the whole reach). */
export const ZDashboardOrganization = z.object({
  id: z.string(),
  tradeName: z.string(),
  /** Over the organisation's own subtree. */
  sims: count,
  active: count,
  activationsInRange: count,
  available: z.number().int(),
});
export type TDashboardOrganization = z.infer<typeof ZDashboardOrganization>;

export const ZDashboardTrends = z.object({
  dashboard: ZDashboard,
  from: z.string(),
  to: z.string(),
  days: z.array(ZDashboardDay),
  organizations: z.array(ZDashboardOrganization),
});
export type TDashboardTrends = z.infer<typeof ZDashboardTrends>;
