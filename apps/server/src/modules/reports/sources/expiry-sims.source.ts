import type { TOperator } from '@tarang/shared/sims/identifiers';
import type { TSimStatus } from '@tarang/shared/sims/sim.constants';
import { isoMillis } from '../../../lib/list-query';
import { filterList, filterText, type TReportSource } from '../report-source';
import { readSimPage } from './sim-pages';

/** The statuses of a SIM that holds a plan; others (stock, terminated) have nothing to renew. */
const LIVE_STATUSES: TSimStatus[] = ['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED', 'PENDING_ACTIVE', 'PENDING_SUSPENDED'];

const DAY_MS = 86_400_000;

/**
 * Expiry SIMs: SIMs holding a plan whose validity ends within `days` from now, soonest first (the SIM list sorted by
 * expiry, as GET /sim/expiring-soon). Days left count whole days, rounded up: a plan ending in 3 hours has 1.
 */
export const expirySimsSource: TReportSource = {
  read: async (deps, actor, f, page) => {
    const now = Date.now();
    const days = f.days as number;
    const { rows, nextCursor, plans } = await readSimPage(
      deps,
      actor,
      {
        organizationId: filterText(f, 'organizationId'),
        status: filterList<TSimStatus>(f, 'status') ?? LIVE_STATUSES,
        operator: filterList<TOperator>(f, 'operator'),
        expiresFrom: new Date(now).toISOString(),
        expiresTo: new Date(now + days * DAY_MS).toISOString(),
      },
      'expiresAt',
      page,
    );
    return {
      rows: rows.map((s) => {
        const primary = s.profiles?.[0];
        const expiresAt = isoMillis(s.expires_at);
        return {
          iccid: s.primary_iccid,
          msisdn: primary?.n ?? null,
          operator: primary?.o ?? null,
          status: s.status,
          organization: s.org_trade_name,
          plan: s.plan_id ? (plans.get(s.plan_id) ?? s.plan_id) : null,
          expiresAt,
          daysLeft: expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / DAY_MS)) : null,
          activatedAt: isoMillis(s.activated_at),
          label: s.label,
        };
      }),
      nextCursor,
    };
  },
  exportBatch: 2000,
};
