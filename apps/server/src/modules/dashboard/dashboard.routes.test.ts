import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays, indiaDay } from '@tarang/shared/common/india-days';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { resetSimulators, setGateway, waitForJob } from '../requests/requests-test-kit';
import { makeSims, multipartBody, waitForOperation } from '../sims/sims-test-kit';
import { walletIdOf } from '../wallets/ledger';
import { rollUpDashboard } from './dashboard-rollup';

/**
 * The dashboards' figures equal counts taken straight from the tables after a mixed workload: an upload, SIMs loaded
 * by COPY, allocations and roll-backs, requests that succeed, fail and are cancelled, deleted SIMs, wallet movements —
 * with the roll-up run part way, so every read sums folded counts and pending deltas.
 */

let dataDir = '';
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const { t, f, tokens, orgs } = routeTest({
  config: async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-dashboard-'));
    return { dataDir, queuePollMs: 50, operatorRetryBaseMs: 20 };
  },
  tenancy: true,
  worker: true,
  roles: {
    'Morning figures': scopesFrom({ dashboard: true, dashboardv2: true }),
    'Figures only v1': scopesFrom({ dashboard: true }),
  },
  users: {
    rViewer: { email: 'r-viewer@dashboard.test', role: 'Morning figures', org: 'R' },
    c1Viewer: { email: 'c1-viewer@dashboard.test', role: 'Morning figures', org: 'C1' },
    c2V1: { email: 'c2-v1@dashboard.test', role: 'Figures only v1', org: 'C2' },
  },
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, headers?: Record<string, string>) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });

const q = async <T>(text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows as T[];

/** The organisation condition of a direct count: the subtree of `orgId`, or everything. */
function subtree(orgId: string | null, column: string, params: unknown[]): string {
  if (!orgId) return 'TRUE';
  params.push(orgId);
  return `${column} IN (SELECT id FROM organizations WHERE path LIKE (SELECT path FROM organizations WHERE id = $${params.length}) || '%')`;
}

/** Every figure of GET /dashboard, counted from the tables. */
async function directFigures(orgId: string | null) {
  const today = indiaDay(new Date());
  const p: unknown[] = [];
  const s = subtree(orgId, 's.organization_id', p);
  const cells = await q<{ status: string; operator: string; count: number }>(
    `SELECT s.status, p.operator, count(*)::int AS count FROM sims s JOIN sim_profiles p ON p.sim_id = s.id AND p.position = 0
     WHERE ${s} GROUP BY 1, 2 ORDER BY 1, 2`,
    p,
  );
  const day = (col: string) => `(s.${col} AT TIME ZONE 'Asia/Kolkata')::date`;
  const [sims] = await q<Record<string, number>>(
    `SELECT
      count(*) FILTER (WHERE ${day('activated_at')} = '${today}')::int AS act_today,
      count(*) FILTER (WHERE ${day('activated_at')} BETWEEN '${addDays(today, -6)}' AND '${today}')::int AS act_7,
      count(*) FILTER (WHERE s.status = 'TERMINATED')::int AS terminated,
      count(*) FILTER (WHERE s.status NOT IN ('TERMINATED', 'REPLACED') AND ${day('expires_at')} BETWEEN '${today}' AND '${addDays(today, 6)}')::int AS exp_7,
      count(*) FILTER (WHERE s.status NOT IN ('TERMINATED', 'REPLACED') AND ${day('expires_at')} BETWEEN '${today}' AND '${addDays(today, 29)}')::int AS exp_30
     FROM sims s WHERE ${s}`,
    p,
  );
  const pb: unknown[] = [];
  const b = subtree(orgId, 'organization_id', pb);
  const [jobs] = await q<{ in_flight: number; failing: number }>(
    `SELECT count(*) FILTER (WHERE status IN ('QUEUED', 'RUNNING', 'WAITING_OPERATOR'))::int AS in_flight,
       count(*) FILTER (WHERE status IN ('FAILED', 'PARTIAL') AND created_at >= now() - interval '7 days')::int AS failing
     FROM batch_jobs WHERE ${b}`,
    pb,
  );
  const [wallet] = await q<{ balance: number; blocked: number }>(
    `SELECT coalesce(sum(balance), 0)::int AS balance, coalesce(sum(blocked), 0)::int AS blocked FROM ledger_accounts WHERE kind = 'WALLET' AND ${b}`,
    pb,
  );
  const [spent] = await q<{ spent: number }>(
    `SELECT coalesce(-sum(amount), 0)::int AS spent FROM ledger_postings WHERE organization_id IS NOT NULL AND type IN ('CAPTURE', 'DEDUCT')
       AND (created_at AT TIME ZONE 'Asia/Kolkata')::date >= '${addDays(today, -29)}' AND ${b}`,
    pb,
  );
  return { cells, sims: sims!, jobs: jobs!, wallet: wallet!, spent: spent!.spent };
}

async function expectExact(token: string, orgId: string | null, query = '') {
  const res = await call('GET', `/dashboard${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data;
  const x = await directFigures(orgId);
  expect(d.sims.cells).toEqual(x.cells);
  expect(d.sims.total).toBe(x.cells.reduce((a, c) => a + c.count, 0));
  expect(d.activations).toEqual({ today: x.sims.act_today, last7Days: x.sims.act_7 });
  // Terminations are events of today; the workload makes every TERMINATED SIM today.
  expect(d.terminations).toEqual({ today: x.sims.terminated, last7Days: x.sims.terminated });
  expect(d.expiring).toEqual({ in7Days: x.sims.exp_7, in30Days: x.sims.exp_30 });
  expect(d.requests).toEqual({ inFlight: x.jobs.in_flight, failing: x.jobs.failing });
  expect(d.wallet).toMatchObject({
    balance: x.wallet.balance,
    blocked: x.wallet.blocked,
    available: x.wallet.balance - x.wallet.blocked,
    burnPerDay: Math.floor(x.spent / 30),
  });
  return d;
}

const HEADER = 'iccid,imsi,msisdn,operator,provisioned_iccid,provisioned_imsi,provisioned_msisdn,provisioned_operator,label';
const uploadLine = (n: number, op: 'AIRTEL' | 'BSNL' | 'VI') => {
  const p = simIdentity(n, op);
  return [p.iccid, p.imsi, p.msisdn, op, '', '', '', '', `Upload ${n}`].join(',');
};

describe('dashboard figures after a mixed workload', () => {
  it('equal the counts taken from the tables, for staff, a reseller, a customer and one organisation', async () => {
    await resetSimulators(t, tokens.staff);
    const day = 86_400_000;
    const now = Date.now();
    // An upload of 9 SIMs (3 per operator) into stock.
    const lines = Array.from({ length: 9 }, (_, i) => uploadLine(7_300_000 + i, (['AIRTEL', 'BSNL', 'VI'] as const)[i % 3]!));
    const up = await t.call({
      method: 'POST',
      url: `${API}/sim/large-data`,
      token: tokens.staff,
      ...multipartBody('d.csv', `${HEADER}\n${lines.join('\n')}\n`),
    });
    expect(up.statusCode, up.body).toBe(202);
    await waitForOperation(t, tokens.staff, `${API}/sim/large-data/${up.json().data.id}`);
    // Active SIMs across the tree, expiring in 3, 20 and 60 days, activated today or 3 days ago.
    const c1 = await makeSims(t, 12, (i) => ({
      organizationId: f.orgs.C1.id,
      status: 'ACTIVE',
      operators: [(['AIRTEL', 'BSNL', 'VI'] as const)[i % 3]!],
      expiresAt: new Date(now + [3, 20, 60][i % 3]! * day),
      activatedAt: new Date(now - (i % 2) * 3 * day),
    }));
    const g = await makeSims(t, 5, {
      organizationId: f.orgs.G.id,
      status: 'ACTIVE',
      operators: ['BSNL', 'AIRTEL'],
      expiresAt: new Date(now + 5 * day),
    });
    await makeSims(t, 4, { organizationId: f.orgs.I.id, status: 'SUSPENDED', operators: ['VI'], expiresAt: new Date(now + 2 * day) });
    const stock = await makeSims(t, 6, { operators: ['AIRTEL'] });

    // Allocate stock to R and move part back.
    const alloc = await call('PUT', '/sim/allocate', tokens.staff, { iccids: stock.map((s) => s.iccid), organizationId: f.orgs.R.id });
    expect(alloc.statusCode, alloc.body).toBe(200);
    const back = await call('PUT', '/sim/rollback', tokens.staff, { iccids: stock.slice(0, 2).map((s) => s.iccid) });
    expect(back.statusCode, back.body).toBe(200);
    await rollUpDashboard(t.deps.db);

    // A SUSPEND that succeeds on AIRTEL and VI and fails on BSNL (PARTIAL), a TERMINATE that succeeds.
    await setGateway(t, tokens.staff, 'BSNL', { failureRate: 1 });
    const suspend = await call('POST', '/request', tokens.staff, { type: 'SUSPEND', iccids: c1.slice(0, 6).map((s) => s.iccid) });
    expect(suspend.statusCode, suspend.body).toBe(201);
    expect((await waitForJob(t, tokens.staff, suspend.json().data.request.jobId)).status).toBe('PARTIAL');
    const terminate = await call('POST', '/request', tokens.staff, {
      type: 'TERMINATE',
      iccids: [c1[6]!.iccid, c1[9]!.iccid],
      reason: 'Vehicle sold',
    });
    expect(terminate.statusCode, terminate.body).toBe(201);
    expect((await waitForJob(t, tokens.staff, terminate.json().data.request.jobId)).status).toBe('COMPLETED');
    // A scheduled request still in flight, and one cancelled.
    const later = new Date(now + 3_600_000).toISOString();
    const waiting = await call('POST', '/request', tokens.staff, { type: 'SUSPEND', iccids: [g[0]!.iccid], scheduledAt: later });
    expect(waiting.statusCode, waiting.body).toBe(201);
    const dropped = await call('POST', '/request', tokens.staff, { type: 'SUSPEND', iccids: [g[1]!.iccid], scheduledAt: later });
    const cancelled = await call('PUT', `/job/${dropped.json().data.request.jobId}/status`, tokens.staff, {
      status: 'CANCELLED',
      reason: 'Not needed',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // SIMs deleted (their profiles go by cascade), and one SIM's primary profile changes operator.
    await t.database.pool.query('DELETE FROM sims WHERE primary_iccid = ANY($1)', [[stock[5]!.iccid, g[4]!.iccid]]);
    await t.database.pool.query("UPDATE sim_profiles SET operator = 'VI' WHERE iccid = $1", [c1[11]!.iccid]);

    // Money: added to R and C1, deducted from C1, moved from R to C1.
    const money = async (url: string, payload: object) => {
      const res = await call('PUT', url, tokens.staff, payload, { 'idempotency-key': `dash-${Math.random()}` });
      expect(res.statusCode, res.body).toBe(200);
    };
    await money(`/wallet/add/${walletIdOf(f.orgs.R.id)}`, { amount: 900_000, reason: 'Opening' });
    await money(`/wallet/add/${walletIdOf(f.orgs.C1.id)}`, { amount: 300_000, reason: 'Opening' });
    await money(`/wallet/deduct/${walletIdOf(f.orgs.C1.id)}`, { amount: 123_456, reason: 'Usage charges' });

    const staff = await expectExact(tokens.staff, null);
    expect(staff.sims.total).toBe(9 + 12 + 5 + 4 + 6 - 2);
    expect(staff.terminations.today).toBe(2);
    expect(staff.mnoJobs.find((m: { operator: string }) => m.operator === 'BSNL')).toMatchObject({ failing: 1 });
    const r = await expectExact(tokens.rViewer, f.orgs.R.id);
    expect(r.sims.cells.some((c: { status: string }) => c.status === 'SUSPENDED')).toBe(true);
    await expectExact(tokens.c1Viewer, f.orgs.C1.id);
    await expectExact(tokens.staff, f.orgs.C1.id, `?organizationId=${f.orgs.C1.id}`);
    await expectExact(tokens.rViewer, f.orgs.G.id, `?organizationId=${f.orgs.G.id}`);
    // Folded or pending, the figures stay the same.
    await rollUpDashboard(t.deps.db);
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM dashboard_deltas'))[0]!.n).toBe(0);
    await expectExact(tokens.staff, null);
    await expectExact(tokens.rViewer, f.orgs.R.id);
  });

  it('dashboardv2: days of the range and the drill-down one level below, each added up over its subtree', async () => {
    const res = await call('GET', '/dashboardv2', tokens.rViewer);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.days).toHaveLength(30);
    expect(d.to).toBe(indiaDay(new Date()));
    const children = d.organizations.map((o: { id: string }) => o.id).sort();
    expect(children).toEqual([f.orgs.C1.id, f.orgs.C2.id].sort());
    const [c1] = await q<{ sims: number; active: number }>(
      `SELECT count(*)::int AS sims, count(*) FILTER (WHERE s.status = 'ACTIVE')::int AS active FROM sims s
       JOIN sim_profiles p ON p.sim_id = s.id AND p.position = 0
       WHERE s.organization_id IN (SELECT id FROM organizations WHERE path LIKE $1 || '%')`,
      [orgs.C1!.path],
    );
    expect(d.organizations.find((o: { id: string }) => o.id === f.orgs.C1.id)).toMatchObject(c1!);
    const terminatedToday = d.days.find((x: { day: string }) => x.day === d.to).terminations;
    expect(terminatedToday).toBe(d.dashboard.terminations.today);
    expect(d.days.reduce((a: number, x: { spent: number }) => a + x.spent, 0)).toBe(123_456);
  });

  it('keeps to the reach: another subtree is not found, a permission is needed, bad input names the field', async () => {
    expect((await call('GET', `/dashboard?organizationId=${f.orgs.I.id}`, tokens.rViewer)).statusCode).toBe(404);
    expect((await call('GET', `/dashboardv2?organizationId=${f.orgs.R.id}`, tokens.c1Viewer)).statusCode).toBe(404);
    expect((await call('GET', '/dashboardv2', tokens.c2V1)).statusCode).toBe(403);
    expect((await call('GET', '/dashboard', tokens.c2V1)).statusCode).toBe(200);
    for (const [url, field] of [
      ['/dashboard?organizationId=xyz', 'organizationId'],
      ['/dashboard?extra=1', 'extra'],
      ['/dashboardv2?from=2026-02-30', 'from'],
      ['/dashboardv2?from=2026-05-02&to=2026-05-01', 'from'],
      ['/dashboardv2?from=2024-01-01&to=2026-01-01', 'from'],
    ] as const) {
      const res = await call('GET', url, tokens.staff);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json().errors), url).toContain(field);
    }
  });
});
