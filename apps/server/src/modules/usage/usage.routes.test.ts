import { addDays, dayOfMonth, indiaDay, monthOf } from '@tarang/shared/common/india-days';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TDiagnosisCheck, TSimDiagnosis } from '@tarang/shared/sims/diagnosis.schemas';
import { BYTES_PER_MB, type TSimUsage, type TUsageIngest } from '@tarang/shared/sims/usage.schemas';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { simulatedDayUsages, simulatedProfiles } from '../operators/simulator-network';
import { makeHeldPlan } from '../plans/plans-test-kit';
import { resetSimulators } from '../requests/requests-test-kit';
import { makeSims } from '../sims/sims-test-kit';
import { walletIdOf } from '../wallets/ledger';
import { dropOldUsage, ensureUsagePartition } from './usage-ingest';

/**
 * Usage per SIM per day (issue 16): a day ingested from the simulated operators equals what they report (a SIM with
 * two operators' profiles adds both), ingesting it again counts it once, the chart's figures are the stored rows, the
 * allowance and wallet checks of the diagnosis read them, old months are dropped whole, and another organisation's SIM
 * is not found.
 */
const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, usageIngestDaily: false },
  tenancy: true,
  roles: {
    'Usage desk with wallet': scopesFrom({ 'sim-details': true, 'sim-diagnosis': true, wallet: true }),
    'Usage desk without wallet': scopesFrom({ 'sim-details': true, 'sim-diagnosis': true }),
  },
  users: {
    c1Desk: { email: 'c1-desk@usage.test', role: 'Usage desk with wallet', org: 'C1' },
    c1Plain: { email: 'c1-plain@usage.test', role: 'Usage desk without wallet', org: 'C1' },
    c2Desk: { email: 'c2-desk@usage.test', role: 'Usage desk with wallet', org: 'C2' },
  },
  worker: true,
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });

const yesterday = addDays(indiaDay(new Date()), -1);

async function ingest(day: string): Promise<TUsageIngest> {
  const res = await call('POST', '/sim/usage/ingest', tokens.staff, { day });
  expect(res.statusCode, res.body).toBe(202);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const list = (await call('GET', '/sim/usage/ingest', tokens.staff)).json().data as TUsageIngest[];
    const pass = list.find((p) => p.day === day);
    if (pass?.finishedAt) return pass;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the ingest of ${day} did not finish`);
}

async function usage(iccid: string, query = '', token = tokens.c1Desk!): Promise<TSimUsage> {
  const res = await call('GET', `/sim/usage?iccid=${iccid}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** What the simulated operators report for these profiles on a day, added up. */
async function reported(day: string, profiles: { operator: string; iccid: string }[]) {
  const total = { bytesUp: 0, bytesDown: 0, smsMo: 0, smsMt: 0 };
  for (const p of profiles) {
    for (const u of simulatedDayUsages(await simulatedProfiles(t.deps.db, p.operator, [p.iccid]), day)) {
      total.bytesUp += u.bytesUp;
      total.bytesDown += u.bytesDown;
      total.smsMo += u.smsMo;
      total.smsMt += u.smsMt;
    }
  }
  return total;
}

async function storedDay(simIccid: string, day: string) {
  const { rows } = await t.database.pool.query(
    `SELECT u.bytes_up[$3] AS up, u.bytes_down[$3] AS down, u.sms_mo[$3] AS mo, u.sms_mt[$3] AS mt
     FROM sim_usage_months u JOIN sims s ON s.id = u.sim_id WHERE s.primary_iccid = $1 AND u.month = $2`,
    [simIccid, monthOf(day), dayOfMonth(day)],
  );
  const r = rows[0];
  return r ? { bytesUp: Number(r.up), bytesDown: Number(r.down), smsMo: r.mo, smsMt: r.mt } : null;
}

async function condition(operator: string, iccids: string[], value: string) {
  const res = await call('POST', `/operator-gateway/${operator}/network-condition`, tokens.staff, { iccids, condition: value });
  expect(res.statusCode, res.body).toBe(200);
}

const checkOf = (d: TSimDiagnosis, key: TDiagnosisCheck['key']) => d.checks.find((c) => c.key === key)!;

describe('usage per SIM per day', () => {
  it('a day ingested equals what the operators report, twice counts once, and the chart shows the stored rows', async () => {
    await resetSimulators(t, tokens.staff);
    const [single, dual, stock] = [
      ...(await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] })),
      ...(await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL', 'VI'] })),
      ...(await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['BSNL'] })),
    ];
    await condition('AIRTEL', [single!.iccid, dual!.iccid], 'NORMAL');
    await condition('VI', [dual!.provisionedIccid!], 'HEAVY');

    const first = await ingest(yesterday);
    expect(first.skipped).toBe(0);
    const expectSingle = await reported(yesterday, [{ operator: 'AIRTEL', iccid: single!.iccid }]);
    const expectDual = await reported(yesterday, [
      { operator: 'AIRTEL', iccid: dual!.iccid },
      { operator: 'VI', iccid: dual!.provisionedIccid! },
    ]);
    expect(expectSingle.bytesUp + expectSingle.bytesDown).toBeGreaterThan(0);
    // The dual SIM's VI profile is heavy: at least 300 MB a day on its own.
    expect(expectDual.bytesUp + expectDual.bytesDown).toBeGreaterThan(300_000_000);
    expect(await storedDay(single!.iccid, yesterday)).toEqual(expectSingle);
    expect(await storedDay(dual!.iccid, yesterday)).toEqual(expectDual);
    // A SIM merely allocated was on no network: it is not asked about and has no row.
    expect(await storedDay(stock!.iccid, yesterday)).toBeNull();

    // The same day again: the same figures, not twice them.
    const second = await ingest(yesterday);
    expect(second.sims).toBe(first.sims);
    expect(await storedDay(dual!.iccid, yesterday)).toEqual(expectDual);

    // The chart: 30 days to yesterday, one entry each, the stored figures on the day ingested and zero elsewhere.
    const chart = await usage(dual!.iccid);
    expect(chart.days).toHaveLength(30);
    expect(chart.to).toBe(yesterday);
    expect(chart.from).toBe(addDays(yesterday, -29));
    expect(chart.ingestedThrough).toBe(yesterday);
    expect(chart.days.at(-1)).toEqual({ day: yesterday, ...expectDual, reported: true });
    expect(chart.days.filter((d) => d.reported)).toHaveLength(1);
    expect(chart.days[0]).toMatchObject({ bytesUp: 0, bytesDown: 0, reported: false });

    // A day before: the chart shows both, each as stored.
    const dayBefore = addDays(yesterday, -1);
    await ingest(dayBefore);
    const two = await usage(single!.iccid, '&days=2');
    expect(two.days.map((d) => d.day)).toEqual([dayBefore, yesterday]);
    expect(two.days[0]).toEqual({ day: dayBefore, ...(await storedDay(single!.iccid, dayBefore)), reported: true });
    expect(two.days[1]).toEqual({ day: yesterday, ...expectSingle, reported: true });
  });

  it('the allowance counts the plan period; the diagnosis warns past it and checks the wallet against the renewal', async () => {
    const [{ rows: orgRows }] = [await t.database.pool.query('SELECT path FROM organizations WHERE id = $1', [f.orgs.C1.id])];
    const plan = await makeHeldPlan(t.database.pool, orgRows[0].path);
    const price = plan.chain.at(-1)!.price;
    const [heavy] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    await condition('AIRTEL', [heavy!.iccid], 'HEAVY');
    // A 100 MB plan that slows the SIM past it, valid for 30 days from a week ago.
    await t.database.pool.query(`UPDATE plans SET data_mb = 100, over_limit_action = 'THROTTLE' WHERE id = $1`, [plan.planId]);
    await t.database.pool.query(
      `UPDATE sims SET plan_id = $1, activated_at = now() - interval '7 days', expires_at = now() + interval '23 days' WHERE primary_iccid = $2`,
      [plan.planId, heavy!.iccid],
    );
    await ingest(yesterday);
    await ingest(addDays(yesterday, -1));

    const chart = await usage(heavy!.iccid, '&days=7');
    const used = chart.days.reduce((sum, d) => sum + d.bytesUp + d.bytesDown, 0);
    expect(chart.allowance).toMatchObject({ planId: plan.planId, dataMb: 100, usedBytes: used, overLimitAction: 'THROTTLE' });
    expect(used).toBeGreaterThan(600_000_000);

    const diagnosis = (await call('GET', `/sim/sim-diagnosis?iccid=${heavy!.iccid}`, tokens.c1Desk!)).json().data as TSimDiagnosis;
    expect(checkOf(diagnosis, 'ALLOWANCE')).toMatchObject({
      outcome: 'WARN',
      reason: 'OVER_THROTTLED',
      evidence: { usedMb: Math.round((used / BYTES_PER_MB) * 10) / 10, dataMb: 100 },
    });
    // C1's wallet holds nothing: the renewal at C1's price is not covered; the plan ends in 23 days, so it warns.
    expect(checkOf(diagnosis, 'WALLET')).toMatchObject({
      outcome: 'WARN',
      reason: 'SHORT',
      evidence: { available: 0, renewalPrice: price },
      fix: { action: 'TOP_UP', target: f.orgs.C1.id },
    });
    // A role that does not see the wallet learns that it is short, not the figures.
    const plain = (await call('GET', `/sim/sim-diagnosis?iccid=${heavy!.iccid}`, tokens.c1Plain!)).json().data as TSimDiagnosis;
    expect(checkOf(plain, 'WALLET')).toMatchObject({ reason: 'SHORT', evidence: { available: null, renewalPrice: null } });

    // Money added to C1's wallet covers it.
    const add = await t.call({
      method: 'PUT',
      url: `${API}/wallet/add/${walletIdOf(f.orgs.C1.id)}`,
      token: tokens.staff,
      payload: { amount: price, reason: 'Renewals' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(add.statusCode, add.body).toBe(200);
    const covered = (await call('GET', `/sim/sim-diagnosis?iccid=${heavy!.iccid}`, tokens.c1Desk!)).json().data as TSimDiagnosis;
    expect(checkOf(covered, 'WALLET')).toMatchObject({ outcome: 'PASS', reason: 'COVERED' });
  });

  it("another organisation's SIM is not found; bad days and ranges are refused naming the field", async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const foreign = await call('GET', `/sim/usage?iccid=${sim!.iccid}`, tokens.c2Desk!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].path).toBe('iccid');

    const today = indiaDay(new Date());
    for (const [body, status] of [
      [{ day: today }, 400],
      [{ day: '2026-02-30' }, 400],
      [{ day: '2001-01-01' }, 400],
      [{}, 400],
    ] as const) {
      const res = await call('POST', '/sim/usage/ingest', tokens.staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().errors[0].path, JSON.stringify(body)).toMatch(/day/);
    }
    for (const query of ['&days=0', '&days=93', '&to=2026-13-01']) {
      const res = await call('GET', `/sim/usage?iccid=${sim!.iccid}${query}`, tokens.c1Desk!);
      expect(res.statusCode, query).toBe(400);
    }
    // Only staff run the ingest.
    expect((await call('POST', '/sim/usage/ingest', tokens.c1Desk!, { day: yesterday })).statusCode).toBe(403);
  });

  it('months past the retention are dropped whole; the months kept stay', async () => {
    await ensureUsagePartition(t.deps.db, '2024-01-15');
    await ensureUsagePartition(t.deps.db, yesterday);
    const dropped = await dropOldUsage(t.deps.db, 13, new Date());
    expect(dropped).toContain('sim_usage_2024_01');
    const { rows } = await t.database.pool.query(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'sim_usage_months'::regclass`,
    );
    const names = rows.map((r) => r.relname);
    expect(names).not.toContain('sim_usage_2024_01');
    expect(names).toContain(`sim_usage_${yesterday.slice(0, 4)}_${yesterday.slice(5, 7)}`);
  });
});
