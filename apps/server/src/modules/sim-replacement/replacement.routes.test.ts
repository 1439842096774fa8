import { randomUUID } from 'node:crypto';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TReplacement, TReplaceResult } from '@tarang/shared/sims/replacement.schemas';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeDevice } from '../devices/devices-test-kit';
import { resetSimulators, setGateway, waitForJob } from '../requests/requests-test-kit';
import { makeSims, multipartBody } from '../sims/sims-test-kit';

/**
 * SIM replacement (issue 16): end to end through the operator simulator — the number, plan, whitelists, IMEI lock,
 * static IP, label and tags move and the old SIM ends REPLACED, charging nothing; an operator refusal leaves both SIMs as
 * they were and Retry completes it; pairs refused with their reason (another operator, another organisation, wrong
 * statuses); a file of pairs with row errors; another organisation sees none of it.
 */
const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, operatorRetryBaseMs: 20 },
  tenancy: true,
  roles: { 'Replacement desk': scopesFrom({ 'replace-sim': true, 'sim-details': true, job: true }) },
  users: {
    c1Desk: { email: 'c1-desk@replacement.test', role: 'Replacement desk', org: 'C1' },
    c2Desk: { email: 'c2-desk@replacement.test', role: 'Replacement desk', org: 'C2' },
  },
  worker: true,
});

const q = <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  t.database.pool.query(text, values).then((r) => r.rows as T[]);

async function replace(body: object, token = tokens.c1Desk!) {
  return await t.call({ method: 'POST', url: `${API}/sim/replace`, token, payload: body, headers: { 'idempotency-key': randomUUID() } });
}

async function replacements(token: string, query = ''): Promise<TReplacement[]> {
  const res = await t.call({ method: 'GET', url: `${API}/sim/replacements${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function sim(iccid: string) {
  const [row] = await q<Record<string, unknown>>(
    `SELECT s.status, s.plan_id, s.expires_at, s.label, s.tags, s.imei_lock, s.locked_imei, s.static_ip, s.organization_id,
       p.msisdn FROM sims s JOIN sim_profiles p ON p.sim_id = s.id AND p.position = 0 WHERE s.primary_iccid = $1`,
    [iccid],
  );
  return row!;
}

/** An ACTIVE SIM of C1 with everything a replacement moves: a plan and expiry, label, tags, IMEI lock, static IP, a whitelist. */
async function equippedSim() {
  const [old] = await makeSims(t, 1, {
    organizationId: f.orgs.C1.id,
    status: 'ACTIVE',
    operators: ['AIRTEL'],
    label: 'Truck 42',
    tags: ['fleet'],
  });
  const [plan] = await q<{ id: string }>('SELECT id FROM plans LIMIT 1');
  const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  await q(
    `UPDATE sims SET plan_id = $2, expires_at = '2027-03-01T00:00:00Z', imei_lock = true, locked_imei = '867169050000012', static_ip = $3
     WHERE primary_iccid = $1`,
    [old!.iccid, plan?.id ?? null, ip],
  );
  const id = (await q<{ id: string }>('SELECT id FROM sims WHERE primary_iccid = $1', [old!.iccid]))[0]!.id;
  await q(
    `INSERT INTO sim_whitelists (iccid, kind, sim_id, operator, group_id, group_name, items, request_id, task_id)
     VALUES ($1, 'IP', $2, 'AIRTEL', NULL, 'Back ends', '[{"cidr":"203.0.113.10/32"}]', $2, 0)`,
    [old!.iccid, id],
  );
  return { old: old!, planId: plan?.id ?? null, ip };
}

describe('SIM replacement', () => {
  it('moves the number and everything with it to the new SIM; the old one ends REPLACED; nothing is charged', async () => {
    await resetSimulators(t, tokens.staff);
    const { old, planId, ip } = await equippedSim();
    const [fresh] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['AIRTEL'] });
    const postings = (await q<{ n: number }>('SELECT count(*)::int AS n FROM ledger_postings'))[0]!.n;
    const oldSimId = (await q<{ id: string }>('SELECT id FROM sims WHERE primary_iccid = $1', [old.iccid]))[0]!.id;
    const device = await makeDevice(t.database.pool, { organizationId: f.orgs.C1.id, simId: oldSimId });

    const dry = await replace({ oldIccid: old.iccid, newIccid: fresh!.iccid, reason: 'Damaged in the field', dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ request: null, accepted: 1, rejectedCount: 0 });

    const res = await replace({ oldIccid: old.iccid, newIccid: fresh!.iccid, reason: 'Damaged in the field' });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data as TReplaceResult;
    expect(made.request).toMatchObject({ type: 'REPLACE' });
    expect((await waitForJob(t, tokens.c1Desk!, made.request!.jobId)).status).toBe('COMPLETED');

    const [one] = await replacements(tokens.c1Desk!, `?iccid=${old.iccid}`);
    expect(one).toMatchObject({
      state: 'DONE',
      old: { iccid: old.iccid, status: 'REPLACED' },
      new: { iccid: fresh!.iccid, status: 'ACTIVE' },
      reason: 'Damaged in the field',
      moved: {
        msisdns: [{ operator: 'AIRTEL', msisdn: old.msisdn }],
        planId,
        whitelists: 1,
        imeiLock: true,
        label: 'Truck 42',
        tags: ['fleet'],
        staticIp: ip,
      },
    });
    expect(await sim(fresh!.iccid)).toMatchObject({
      status: 'ACTIVE',
      msisdn: old.msisdn,
      plan_id: planId,
      label: 'Truck 42',
      tags: ['fleet'],
      imei_lock: true,
      locked_imei: '867169050000012',
      static_ip: ip,
      organization_id: f.orgs.C1.id,
    });
    expect(new Date((await sim(fresh!.iccid)).expires_at as string).toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(await sim(old.iccid)).toMatchObject({
      status: 'REPLACED',
      msisdn: null,
      plan_id: null,
      static_ip: null,
      imei_lock: false,
      label: null,
      tags: [],
    });
    // The whitelist is the new SIM's now.
    expect(
      await q('SELECT iccid FROM sim_whitelists WHERE group_name = $1 AND iccid = ANY($2)', ['Back ends', [old.iccid, fresh!.iccid]]),
    ).toEqual([{ iccid: fresh!.iccid }]);
    // At the operator: the old ICCID deactivated, the new one active — the diagnosis agrees after a Refresh.
    const ops = await q('SELECT iccid, operation FROM simulator_sims WHERE iccid = ANY($1) ORDER BY iccid', [[old.iccid, fresh!.iccid]]);
    expect(ops).toEqual(
      expect.arrayContaining([
        { iccid: old.iccid, operation: 'REPLACE' },
        { iccid: fresh!.iccid, operation: 'ACTIVATE' },
      ]),
    );
    // The device that held the old SIM holds the new one.
    expect(await q('SELECT s.primary_iccid FROM devices d JOIN sims s ON s.id = d.sim_id WHERE d.id = $1', [device.id])).toEqual([
      { primary_iccid: fresh!.iccid },
    ]);
    // Nothing charged: no money moved.
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM ledger_postings'))[0]!.n).toBe(postings);
  });

  it('an operator refusal leaves both SIMs as they were and says why; Retry then completes it', async () => {
    await resetSimulators(t, tokens.staff);
    const [old] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const [fresh] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['AIRTEL'] });
    await setGateway(t, tokens.staff, 'AIRTEL', { failureRate: 1 });
    const res = await replace({ oldIccid: old!.iccid, newIccid: fresh!.iccid, reason: 'Lost' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await waitForJob(t, tokens.c1Desk!, res.json().data.request.jobId)).status).toBe('FAILED');
    const [failed] = await replacements(tokens.c1Desk!, `?iccid=${old!.iccid}`);
    expect(failed).toMatchObject({ state: 'FAILED', old: { status: 'ACTIVE' }, new: { status: 'ALLOCATED' }, moved: null });
    expect(failed!.error).toMatch(/AIRTEL rejected/);
    expect(await sim(old!.iccid)).toMatchObject({ status: 'ACTIVE', msisdn: old!.msisdn });
    expect(await sim(fresh!.iccid)).toMatchObject({ status: 'ALLOCATED', msisdn: fresh!.msisdn });
    // A replacement that failed can be listed by its state, and only it can be tried again.
    expect((await replacements(tokens.c1Desk!, '?state=FAILED')).map((r) => r.id)).toContain(failed!.id);

    await setGateway(t, tokens.staff, 'AIRTEL', { failureRate: 0 });
    const retry = await t.call({ method: 'POST', url: `${API}/sim/replacements/${failed!.id}/retry`, token: tokens.c1Desk! });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await waitForJob(t, tokens.c1Desk!, res.json().data.request.jobId)).status).toBe('COMPLETED');
    const [done] = await replacements(tokens.c1Desk!, `?iccid=${old!.iccid}`);
    expect(done).toMatchObject({ state: 'DONE', old: { status: 'REPLACED' }, new: { status: 'ACTIVE' } });
    expect(await sim(fresh!.iccid)).toMatchObject({ msisdn: old!.msisdn });
    const again = await t.call({ method: 'POST', url: `${API}/sim/replacements/${failed!.id}/retry`, token: tokens.c1Desk! });
    expect(again.statusCode).toBe(409);
    // Another organisation neither sees it nor retries it.
    expect(await replacements(tokens.c2Desk!, `?iccid=${old!.iccid}`)).toEqual([]);
    expect((await t.call({ method: 'POST', url: `${API}/sim/replacements/${failed!.id}/retry`, token: tokens.c2Desk! })).statusCode).toBe(
      404,
    );
  });

  it('a pair the operator asks to send again goes again with its new SIM, and the swap happens at the operator', async () => {
    await resetSimulators(t, tokens.staff);
    const [old] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const [fresh] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['AIRTEL'] });
    await setGateway(t, tokens.staff, 'AIRTEL', { transientFailureRate: 1, maxAttempts: 5 });
    const res = await replace({ oldIccid: old!.iccid, newIccid: fresh!.iccid, reason: 'Damaged' });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json().data.request.jobId as string;
    // "Busy, try again": the task waits for its next try.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const [task] = await q<{ status: string; tries: number }>('SELECT status, tries FROM job_tasks WHERE job_id = $1', [jobId]);
      if (task?.status === 'PENDING' && task.tries >= 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await setGateway(t, tokens.staff, 'AIRTEL', { transientFailureRate: 0 });
    expect((await waitForJob(t, tokens.c1Desk!, jobId)).status).toBe('COMPLETED');
    // The operator swapped: the new ICCID is active there with the old one's number.
    expect(await q('SELECT operation FROM simulator_sims WHERE iccid = $1 AND result = $2', [fresh!.iccid, 'DONE'])).toEqual([
      { operation: 'ACTIVATE' },
    ]);
    expect(await sim(fresh!.iccid)).toMatchObject({ status: 'ACTIVE', msisdn: old!.msisdn });
  });

  it('refuses a pair with the reason and the field: another operator, another organisation, statuses, a SIM already in a request', async () => {
    await resetSimulators(t, tokens.staff, { processingMs: 60_000 });
    const [old] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const [vi] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['VI'] });
    const [c2] = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ALLOCATED', operators: ['AIRTEL'] });
    const [allocated] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['AIRTEL'] });
    const [active] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const refusal = async (body: object, status: number, path: string, message: RegExp, token = tokens.c1Desk!) => {
      const res = await replace({ reason: 'Test', ...body }, token);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors[0]).toMatchObject({ path });
      expect(res.json().errors[0].message).toMatch(message);
    };
    await refusal(
      { oldIccid: old!.iccid, newIccid: vi!.iccid },
      422,
      'newIccid',
      /is VI and SIM .* is AIRTEL: the new SIM must be of the same operator/,
    );
    // Out of the caller's reach: not found. Staff see it: another organisation's.
    await refusal({ oldIccid: old!.iccid, newIccid: c2!.iccid }, 404, 'newIccid', /SIM not found/);
    await refusal({ oldIccid: old!.iccid, newIccid: c2!.iccid }, 422, 'newIccid', /allocated to another organisation/, tokens.staff);
    await refusal(
      { oldIccid: allocated!.iccid, newIccid: old!.iccid },
      422,
      'oldIccid',
      /is ALLOCATED: only an active, suspended or barred SIM/,
    );
    await refusal(
      { oldIccid: old!.iccid, newIccid: active!.iccid },
      422,
      'newIccid',
      /is ACTIVE: the new SIM must be in stock or allocated/,
    );
    await refusal({ oldIccid: old!.iccid, newIccid: old!.iccid }, 400, 'newIccid', /another SIM/);
    await refusal({ oldIccid: old!.iccid, newIccid: allocated!.iccid, reason: '' }, 400, 'reason', /reason/);

    // While a replacement is at the operator (it takes a minute here), both its SIMs are taken.
    const first = await replace({ oldIccid: old!.iccid, newIccid: allocated!.iccid, reason: 'Damaged' });
    expect(first.statusCode, first.body).toBe(200);
    const [other] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    await refusal({ oldIccid: other!.iccid, newIccid: allocated!.iccid }, 422, 'newIccid', /in another request/);
  });

  it('a file of pairs: good pairs go in one request, the others come back by line; a dry run makes nothing', async () => {
    await resetSimulators(t, tokens.staff);
    const olds = await makeSims(t, 3, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const news = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['AIRTEL'] });
    const csv = [
      'oldIccid,newIccid,reason',
      `${olds[0]!.iccid},${news[0]!.iccid},Water damage`,
      `${olds[1]!.iccid},8991000000000000000,`,
      `${olds[2]!.iccid},${news[0]!.iccid},`,
      `${olds[1]!.iccid},${news[1]!.iccid},`,
    ].join('\n');
    const send = async (dryRun: boolean) => {
      const body = multipartBody('pairs.csv', csv);
      return await t.call({
        method: 'POST',
        url: `${API}/sim/replace/file?reason=${encodeURIComponent('Fleet refresh')}&dryRun=${dryRun}`,
        token: tokens.c1Desk!,
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': randomUUID() },
      });
    };
    const dry = await send(true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ request: null, accepted: 2, rejectedCount: 2 });
    expect(await q('SELECT 1 FROM sim_replacements WHERE old_iccid = ANY($1)', [olds.map((o) => o.iccid)])).toEqual([]);

    const res = await send(false);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as TReplaceResult;
    expect(result.accepted).toBe(2);
    expect(result.rejected).toEqual([
      {
        row: 3,
        oldIccid: olds[1]!.iccid,
        newIccid: '8991000000000000000',
        field: 'newIccid',
        reason: expect.stringMatching(/check digit/i),
      },
      {
        row: 4,
        oldIccid: olds[2]!.iccid,
        newIccid: news[0]!.iccid,
        field: 'newIccid',
        reason: expect.stringMatching(/already in this file \(row 2\)/),
      },
    ]);
    expect((await waitForJob(t, tokens.c1Desk!, result.request!.jobId)).status).toBe('COMPLETED');
    const done = await replacements(tokens.c1Desk!, '?state=DONE&limit=100');
    const byOld = new Map(done.map((r) => [r.old.iccid, r]));
    expect(byOld.get(olds[0]!.iccid)).toMatchObject({ new: { iccid: news[0]!.iccid }, reason: 'Water damage' });
    expect(byOld.get(olds[1]!.iccid)).toMatchObject({ new: { iccid: news[1]!.iccid }, reason: 'Fleet refresh' });

    // A file with no usable pair changes nothing and names the file and its rows.
    const bad = multipartBody('bad.csv', 'oldIccid,newIccid\n123,456\n');
    const refused = await t.call({
      method: 'POST',
      url: `${API}/sim/replace/file`,
      token: tokens.c1Desk!,
      payload: bad.payload,
      headers: bad.headers,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['file', 'file.row.2']);
  });
});
