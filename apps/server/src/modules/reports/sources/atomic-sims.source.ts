import type { TReportRow } from '@tarang/shared/reports/report-query';
import type { TOperator } from '@tarang/shared/sims/identifiers';
import type { TSimStatus } from '@tarang/shared/sims/sim.constants';
import { isoMillis } from '../../../lib/list-query';
import { filterList, filterText, type TReportSource } from '../report-source';
import { readSimPage } from './sim-pages';

/**
 * Atomic SIMs: one row per SIM profile (primary, then provisioned) with every field of its SIM flattened, by the SIM's
 * ICCID, for reconciliation with an operator's own export. A page holds `limit` SIMs, so a little more rows.
 */
export const atomicSimsSource: TReportSource = {
  read: async (deps, actor, f, page) => {
    const { rows, nextCursor, plans } = await readSimPage(
      deps,
      actor,
      {
        organizationId: filterText(f, 'organizationId'),
        status: filterList<TSimStatus>(f, 'status'),
        operator: filterList<TOperator>(f, 'operator'),
        search: filterText(f, 'search'),
        planId: filterText(f, 'planId'),
      },
      'iccid',
      page,
    );
    const out: TReportRow[] = [];
    for (const s of rows) {
      const sim = {
        simIccid: s.primary_iccid,
        status: s.status,
        organization: s.org_trade_name,
        organizationId: s.organization_id,
        plan: s.plan_id ? (plans.get(s.plan_id) ?? s.plan_id) : null,
        activatedAt: isoMillis(s.activated_at),
        expiresAt: isoMillis(s.expires_at),
        apn: s.apn,
        staticIp: s.static_ip,
        imeiLock: s.imei_lock,
        lockedImei: s.locked_imei,
        lastImei: s.last_imei,
        label: s.label,
        tags: (s.tags ?? []).join(';') || null,
        createdAt: isoMillis(s.created_at),
      };
      (s.profiles ?? []).forEach((p, position) => {
        out.push({
          iccid: p.i,
          imsi: p.m,
          msisdn: p.n,
          operator: p.o,
          profile: position === 0 ? 'PRIMARY' : 'PROVISIONED',
          ...sim,
        });
      });
    }
    return { rows: out, nextCursor };
  },
  exportBatch: 1000,
};
