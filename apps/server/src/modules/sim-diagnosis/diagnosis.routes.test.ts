import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TDiagnosisCheck, TSimDiagnosis } from '@tarang/shared/sims/diagnosis.schemas';
import { imeiError } from '@tarang/shared/sims/identifiers';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { SIMULATED_TACS } from '../operators/simulator-network';
import { resetSimulators, setGateway, waitForJob } from '../requests/requests-test-kit';
import { makeSims } from '../sims/sims-test-kit';

/**
 * SIM diagnosis (issue 16): each network check in its outcomes, driven by what the simulated operator is told the SIM
 * does; Refresh when the operator does not answer in time; another organisation's SIM is not found.
 */
const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, operatorRetryBaseMs: 20 },
  tenancy: true,
  roles: {
    'Diagnosis support desk': scopesFrom({ 'sim-diagnosis': true, 'sim-details': true, 'sim-actions': true, job: true }),
    'Diagnosis lookers': scopesFrom({ 'sim-diagnosis': [] }),
  },
  users: {
    c1Desk: { email: 'c1-desk@diagnosis.test', role: 'Diagnosis support desk', org: 'C1' },
    c1Reader: { email: 'c1-reader@diagnosis.test', role: 'Diagnosis lookers', org: 'C1' },
    c2Desk: { email: 'c2-desk@diagnosis.test', role: 'Diagnosis support desk', org: 'C2' },
  },
  worker: true,
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });

async function diagnosis(iccid: string, token = tokens.c1Desk!): Promise<TSimDiagnosis> {
  const res = await call('GET', `/sim/sim-diagnosis?iccid=${iccid}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function refreshed(iccid: string, token = tokens.c1Desk!): Promise<TSimDiagnosis> {
  const res = await call('POST', '/sim/sim-diagnosis/refresh', token, { iccid });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function condition(operator: string, iccids: string[], value: string) {
  const res = await call('POST', `/operator-gateway/${operator}/network-condition`, tokens.staff, { iccids, condition: value });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.changed).toBe(iccids.length);
}

const find = (d: TSimDiagnosis, key: TDiagnosisCheck['key']) => d.checks.filter((c) => c.key === key);
const one = (d: TSimDiagnosis, key: TDiagnosisCheck['key']) => {
  const found = find(d, key);
  expect(found, key).toHaveLength(1);
  return found[0]!;
};

describe('SIM diagnosis', () => {
  it('an active SIM: the operator not asked yet, then Refresh — registered, in session, provisioned as it should be', async () => {
    await resetSimulators(t, tokens.staff);
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'], apn: 'telemetry.m2m' });
    await condition('AIRTEL', [sim!.iccid], 'NORMAL');

    const before = await diagnosis(sim!.iccid);
    expect(before.sim).toMatchObject({ iccid: sim!.iccid, status: 'ACTIVE', organization: { id: f.orgs.C1.id } });
    expect(one(before, 'PROVIDER_STATUS')).toMatchObject({ outcome: 'PASS', reason: 'ACTIVE' });
    for (const key of ['OPERATOR_PROVISIONING', 'REGISTRATION', 'DATA_SESSION'] as const)
      expect(one(before, key)).toMatchObject({ outcome: 'WARN', reason: 'NOT_ASKED', fix: { action: 'REFRESH' }, iccid: sim!.iccid });
    expect(before.profiles).toEqual([{ iccid: sim!.iccid, operator: 'AIRTEL', network: null }]);

    const after = await refreshed(sim!.iccid);
    expect(after.unanswered).toEqual([]);
    expect(one(after, 'OPERATOR_PROVISIONING')).toMatchObject({ outcome: 'PASS', reason: 'MATCHES', evidence: { atOperator: 'ACTIVE' } });
    const registration = one(after, 'REGISTRATION');
    expect(registration).toMatchObject({ outcome: 'PASS', reason: 'ATTACHED', evidence: { network: 'AIRTEL (404-45)', roaming: false } });
    expect(one(after, 'DATA_SESSION')).toMatchObject({ outcome: 'PASS', evidence: { apn: 'telemetry.m2m' } });
    const imei = one(after, 'IMEI_LOCK');
    expect(imei).toMatchObject({ outcome: 'PASS', reason: 'NOT_LOCKED', fix: { action: 'IMEI_LOCK' } });
    expect(imeiError(String(imei.evidence.imeiSeen))).toBeNull();
    expect(one(after, 'OPEN_REQUESTS')).toMatchObject({ outcome: 'PASS', reason: 'NONE' });
    expect(after.failing).toBe(after.checks.filter((c) => c.outcome === 'FAIL').length);

    // What the operator said is kept: the next read shows it without asking again, the same each time.
    const again = await diagnosis(sim!.iccid);
    expect(again.profiles[0]!.network).toEqual(after.profiles[0]!.network);
    // The SIM is found by its MSISDN and IMSI too.
    expect((await call('GET', `/sim/sim-diagnosis?msisdn=${encodeURIComponent(sim!.msisdn)}`, tokens.c1Desk!)).json().data.sim.iccid).toBe(
      sim!.iccid,
    );
    expect((await call('GET', `/sim/sim-diagnosis?imsi=${sim!.imsi}`, tokens.c1Desk!)).json().data.sim.iccid).toBe(sim!.iccid);
  });

  it('what the operator reports decides each network check: never attached, roaming, held suspended, in another device', async () => {
    await resetSimulators(t, tokens.staff);
    const sims = await makeSims(t, 4, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['BSNL'] });
    const [never, roaming, held, moved] = sims.map((s) => s.iccid) as [string, string, string, string];
    await condition('BSNL', [never], 'NEVER_ATTACHES');
    await condition('BSNL', [roaming], 'ROAMING');
    await condition('BSNL', [held], 'SUSPENDED_AT_OPERATOR');
    await condition('BSNL', [moved], 'NORMAL');

    const n = await refreshed(never);
    expect(one(n, 'REGISTRATION')).toMatchObject({ outcome: 'FAIL', reason: 'NEVER_SEEN' });
    expect(one(n, 'DATA_SESSION')).toMatchObject({ outcome: 'FAIL', reason: 'NO_SESSION' });
    expect(one(n, 'OPERATOR_PROVISIONING')).toMatchObject({ outcome: 'PASS' });

    const r = await refreshed(roaming);
    expect(one(r, 'REGISTRATION')).toMatchObject({
      outcome: 'WARN',
      reason: 'ROAMING',
      evidence: { network: 'AIRTEL (404-45)', roaming: true },
    });

    const h = await refreshed(held);
    expect(one(h, 'OPERATOR_PROVISIONING')).toMatchObject({
      outcome: 'FAIL',
      reason: 'MISMATCH',
      evidence: { atOperator: 'SUSPENDED', expected: 'ACTIVE' },
    });

    // Locked to the device it is in: passes; moved into another device: fails, with the unlock as the fix.
    const seen = one(await refreshed(moved), 'IMEI_LOCK').evidence.imeiSeen as string;
    const locked = await t.call({
      method: 'PUT',
      url: `${API}/sim/imeis`,
      token: tokens.staff,
      payload: { lock: true, sims: [{ iccid: moved, imei: seen }] },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(one(await refreshed(moved), 'IMEI_LOCK')).toMatchObject({ outcome: 'PASS', reason: 'MATCHES' });
    await condition('BSNL', [moved], 'IMEI_MISMATCH');
    const m = await refreshed(moved);
    const imei = one(m, 'IMEI_LOCK');
    expect(imei).toMatchObject({ outcome: 'FAIL', reason: 'IMEI_DIFFERS', fix: { action: 'IMEI_UNLOCK' }, evidence: { lockedImei: seen } });
    expect(imei.evidence.imeiSeen).not.toBe(seen);
  });

  it('a suspended SIM fails with Resume as the fix; once the operator suspended it, it holds it as it should and was seen then', async () => {
    await resetSimulators(t, tokens.staff);
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['VI'] });
    await condition('VI', [sim!.iccid], 'NORMAL');
    const suspend = await call('POST', '/request', tokens.c1Desk!, { type: 'SUSPEND', iccids: [sim!.iccid] });
    expect(suspend.statusCode, suspend.body).toBe(201);
    const under = await diagnosis(sim!.iccid);
    expect(one(under, 'OPEN_REQUESTS')).toMatchObject({ outcome: 'WARN', reason: 'UNDER_WAY', fix: { action: 'OPEN_REQUEST' } });
    expect((await waitForJob(t, tokens.c1Desk!, suspend.json().data.request.jobId)).status).toBe('COMPLETED');

    const d = await refreshed(sim!.iccid);
    expect(one(d, 'PROVIDER_STATUS')).toMatchObject({ outcome: 'FAIL', reason: 'SUSPENDED', fix: { action: 'RESUME' } });
    expect(one(d, 'OPERATOR_PROVISIONING')).toMatchObject({
      outcome: 'PASS',
      evidence: { atOperator: 'SUSPENDED', expected: 'SUSPENDED' },
    });
    expect(one(d, 'REGISTRATION')).toMatchObject({ outcome: 'WARN', reason: 'DETACHED' });
    expect(one(d, 'OPEN_REQUESTS')).toMatchObject({ outcome: 'PASS' });
  });

  it('a provisioning mismatch fails with Send our state as the fix; the request makes the operator hold the SIM as ours says', async () => {
    await resetSimulators(t, tokens.staff);
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    await condition('AIRTEL', [sim!.iccid], 'SUSPENDED_AT_OPERATOR');
    const before = await refreshed(sim!.iccid);
    expect(one(before, 'OPERATOR_PROVISIONING')).toMatchObject({
      outcome: 'FAIL',
      reason: 'MISMATCH',
      evidence: { atOperator: 'SUSPENDED', expected: 'ACTIVE' },
      fix: { action: 'SYNC_STATE', target: 'RESUME' },
    });
    const sync = await t.call({
      method: 'POST',
      url: `${API}/sim/sim-diagnosis/sync`,
      token: tokens.c1Desk!,
      payload: { iccid: sim!.iccid },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data.request).toMatchObject({ type: 'SYNC_STATE' });
    expect((await waitForJob(t, tokens.c1Desk!, sync.json().data.request.jobId)).status).toBe('COMPLETED');
    const after = await refreshed(sim!.iccid);
    expect(one(after, 'OPERATOR_PROVISIONING')).toMatchObject({ outcome: 'PASS', reason: 'MATCHES' });
    // Our status untouched; the operator was asked to RESUME.
    expect(after.sim.status).toBe('ACTIVE');
    const { rows } = await t.database.pool.query('SELECT operation FROM simulator_sims WHERE iccid = $1', [sim!.iccid]);
    expect(rows.map((r) => r.operation)).toEqual(['RESUME']);
    // A SIM in stock has no state to send; a reader without SIM actions cannot send it.
    const [allocated] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['AIRTEL'] });
    const none = await call('POST', '/sim/sim-diagnosis/sync', tokens.c1Desk!, { iccid: allocated!.iccid });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors[0].path).toBe('iccid');
    expect((await call('POST', '/sim/sim-diagnosis/sync', tokens.c1Reader!, { iccid: sim!.iccid })).statusCode).toBe(403);
  });

  it('Refresh when the operator does not answer in time: says so and shows what it said last', async () => {
    await resetSimulators(t, tokens.staff);
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    await condition('AIRTEL', [sim!.iccid], 'NORMAL');
    const first = await refreshed(sim!.iccid);
    await setGateway(t, tokens.staff, 'AIRTEL', { latencyMs: 800, timeoutMs: 100 });
    try {
      const res = await call('POST', '/sim/sim-diagnosis/refresh', tokens.c1Desk!, { iccid: sim!.iccid });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('AIRTEL did not answer');
      const late = res.json().data as TSimDiagnosis;
      expect(late.unanswered).toEqual([{ operator: 'AIRTEL', message: 'AIRTEL did not answer within 100 ms: what it said last is shown' }]);
      expect(late.profiles[0]!.network).toEqual(first.profiles[0]!.network);
      await setGateway(t, tokens.staff, 'AIRTEL', { outage: true, latencyMs: 0 });
      const down = (await refreshed(sim!.iccid)).unanswered;
      expect(down).toEqual([{ operator: 'AIRTEL', message: 'AIRTEL is not answering: what it said last is shown' }]);
    } finally {
      await resetSimulators(t, tokens.staff);
    }
  });

  it("another organisation's SIM is not found on either route; a reader cannot Refresh; bad identifiers are named", async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const foreign = await call('GET', `/sim/sim-diagnosis?iccid=${sim!.iccid}`, tokens.c2Desk!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].path).toBe('iccid');
    expect((await call('POST', '/sim/sim-diagnosis/refresh', tokens.c2Desk!, { iccid: sim!.iccid })).statusCode).toBe(404);
    expect((await call('GET', `/sim/sim-diagnosis?msisdn=${encodeURIComponent(sim!.msisdn)}`, tokens.c2Desk!)).statusCode).toBe(404);
    expect((await call('GET', `/sim/sim-diagnosis?iccid=${sim!.iccid}`, tokens.c1Reader!)).statusCode).toBe(200);
    expect((await call('POST', '/sim/sim-diagnosis/refresh', tokens.c1Reader!, { iccid: sim!.iccid })).statusCode).toBe(403);
    for (const query of ['', 'iccid=12ab', `iccid=${sim!.iccid}&imsi=404450000000001`, 'imsi=1234']) {
      const res = await call('GET', `/sim/sim-diagnosis?${query}`, tokens.c1Desk!);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].path).toMatch(/^querystring\.(iccid|imsi)$/);
    }
    // Only staff tell the simulator anything.
    expect(
      (await call('POST', '/operator-gateway/AIRTEL/network-condition', tokens.c1Desk!, { iccids: [sim!.iccid], condition: 'HEAVY' }))
        .statusCode,
    ).toBe(403);
  });

  it('Fetch Device Details: the IMEI last seen, with the make and model its TAC names, once the operator has reported it', async () => {
    await resetSimulators(t, tokens.staff);
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    await condition('AIRTEL', [sim!.iccid], 'NORMAL');
    const url = `/sim/device-details?iccid=${sim!.iccid}`;
    const before = await call('GET', url, tokens.c1Desk!);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({ iccid: sim!.iccid, imei: null, seenAt: null, source: null, tac: null, device: null });

    const seen = one(await refreshed(sim!.iccid), 'IMEI_LOCK').evidence.imeiSeen as string;
    const after = (await call('GET', url, tokens.c1Desk!)).json().data;
    expect(after).toMatchObject({ imei: seen, source: 'OPERATOR', tac: { tac: seen.slice(0, 8), make: 'Tarang simulator' }, device: null });
    expect(after.seenAt).toEqual(expect.any(String));
    // The SIM's own record follows what the operator saw.
    const { rows } = await t.database.pool.query(
      'SELECT s.last_imei FROM sims s JOIN sim_profiles p ON p.sim_id = s.id WHERE p.iccid = $1',
      [sim!.iccid],
    );
    expect(rows[0].last_imei).toBe(seen);

    expect((await call('GET', url, tokens.c2Desk!)).statusCode).toBe(404);
    expect((await call('GET', url, tokens.c1Reader!)).statusCode).toBe(403);
    // Every code the simulated devices carry is in the shipped TAC table.
    const { rows: tacs } = await t.database.pool.query('SELECT tac FROM device_tacs WHERE tac = ANY($1)', [[...SIMULATED_TACS]]);
    expect(tacs).toHaveLength(SIMULATED_TACS.length);
  });
});
