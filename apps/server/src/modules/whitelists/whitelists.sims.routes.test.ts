import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { resetSimulators, setGateway, waitForJob } from '../requests/requests-test-kit';
import { makeSims } from '../sims/sims-test-kit';

/**
 * Whitelists on SIMs through the engine (issue 15): one task per profile, to the profile's operator; the sync state of
 * each profile is what its task did at the operator.
 */
const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, operatorRetryBaseMs: 20 },
  tenancy: true,
  roles: {
    'Whitelist desk': scopesFrom({ 'ip-group': true, 'number-group': true, 'whitelist-ip': true, 'whitelist-numbers': true, job: true }),
  },
  users: {
    c1Desk: { email: 'c1-desk@sim-whitelists.test', role: 'Whitelist desk', org: 'C1' },
    c2Desk: { email: 'c2-desk@sim-whitelists.test', role: 'Whitelist desk', org: 'C2' },
  },
  worker: true,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });

let seq = 0;
async function approvedIpGroup(org: 'C1' | 'C2', token: string, entries: object[]) {
  const made = await call('POST', '/whitelist/ip-group', token, { name: `Back end ${org} ${++seq}`, entries });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().data.group.id;
  expect((await call('POST', `/whitelist/ip-group/${id}/approve`, tokens.staff)).statusCode).toBe(200);
  return id as string;
}

async function states(path: string, token: string, query = '') {
  const res = await call('GET', `${path}?limit=500${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      iccid: string;
      simId: string;
      operator: string;
      state: string;
      outdated: boolean;
      error: string | null;
      group: { id: string } | null;
    }[];
    meta: { states: Record<string, number>; total: number };
  };
}

/** Starts a pass of the reconcile and waits for it to finish. */
async function reconciled() {
  const before = Date.now();
  const started = await call('POST', '/whitelist/reconcile', tokens.staff);
  expect(started.statusCode, started.body).toBe(202);
  for (;;) {
    const listed = await call('GET', '/whitelist/reconcile', tokens.staff);
    expect(listed.statusCode, listed.body).toBe(200);
    const passes = listed.json().data as { startedAt: string; finishedAt: string | null; skipped: number }[];
    const done = passes.find((p) => p.finishedAt && Date.parse(p.finishedAt) >= before - 5);
    if (done) return done;
    if (Date.now() - before > 15_000) throw new Error(`no reconcile pass finished: ${JSON.stringify(passes)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('whitelisting SIMs at their operators', () => {
  it('applies a group to every profile: APPLIED where the operator takes it, FAILED with its error where it does not', async () => {
    await resetSimulators(t, tokens.staff);
    // VI takes at most 2 IP entries on a SIM: a group of 3 fails there, and only there.
    await setGateway(t, tokens.staff, 'VI', { whitelistIpLimit: 2 });
    try {
      const sims = await makeSims(t, 4, (i) => ({
        organizationId: f.orgs.C1.id,
        status: 'ACTIVE',
        operators: i < 2 ? ['AIRTEL', 'VI'] : ['AIRTEL'],
      }));
      const groupId = await approvedIpGroup('C1', tokens.c1Desk!, [
        { address: '203.0.113.0/24', protocol: 'TCP', ports: '443' },
        { address: '198.51.100.7' },
        { address: '2001:db8::/48', protocol: 'UDP', ports: '5000-5100' },
      ]);
      const res = await call('POST', '/whitelist/ip', tokens.c1Desk!, { groupId, iccids: sims.map((s) => s.iccid) });
      expect(res.statusCode, res.body).toBe(201);
      const request = res.json().data.request;
      // Six profiles: four on AIRTEL, two on VI.
      expect(request).toMatchObject({ type: 'WHITELIST_IP', simsCount: 6, profile: 'AIRTEL+VI' });
      const done = await waitForJob(t, tokens.c1Desk!, request.jobId);
      expect(done.status).toBe('PARTIAL');

      const list = await states('/whitelist/ip', tokens.c1Desk!);
      expect(list.meta.states).toMatchObject({ APPLIED: 4, FAILED: 2, PENDING: 0 });
      for (const row of list.data) {
        expect(row.group?.id).toBe(groupId);
        if (row.operator === 'VI')
          expect(row).toMatchObject({ state: 'FAILED', error: expect.stringMatching(/VI takes at most 2 IP entries/) });
        else expect(row).toMatchObject({ state: 'APPLIED', error: null });
      }
      // One SIM's profiles (its details page): both operators of a two-profile SIM.
      const simId = list.data.find((r) => r.operator === 'VI')!.simId;
      const ofSim = await states('/whitelist/ip', tokens.c1Desk!, `&simId=${simId}`);
      expect(ofSim.data.map((r) => `${r.operator} ${r.state}`).sort()).toEqual(['AIRTEL APPLIED', 'VI FAILED']);
      // What the operators hold: AIRTEL the three entries on each of its profiles, VI nothing.
      const { rows } = await t.database.pool.query<{ operator: string; n: number }>(
        `SELECT operator, count(*)::int AS n FROM simulator_whitelists WHERE iccid = ANY($1) AND kind = 'IP' AND NOT withdrawn GROUP BY operator`,
        [list.data.map((r) => r.iccid)],
      );
      expect(rows).toEqual([{ operator: 'AIRTEL', n: 4 }]);

      // The group is in use: it cannot be deleted.
      const refused = await call('DELETE', `/whitelist/ip-group/${groupId}`, tokens.c1Desk!);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/used by 4 SIMs \(6 profiles\)/);

      // Cancel Whitelist now: every profile's whitelist is taken off (VI's too, which held none).
      await setGateway(t, tokens.staff, 'VI', { whitelistIpLimit: 50 });
      const cancelled = await call('POST', '/whitelist/ip/cancel', tokens.c1Desk!, { iccids: sims.map((s) => s.iccid) });
      expect(cancelled.statusCode, cancelled.body).toBe(201);
      expect((await waitForJob(t, tokens.c1Desk!, cancelled.json().data.request.jobId)).status).toBe('COMPLETED');
      expect((await states('/whitelist/ip', tokens.c1Desk!)).meta.states).toMatchObject({ REMOVED: 6, APPLIED: 0, FAILED: 0 });
      expect((await call('DELETE', `/whitelist/ip-group/${groupId}`, tokens.c1Desk!)).statusCode).toBe(200);
    } finally {
      await setGateway(t, tokens.staff, 'VI', { whitelistIpLimit: 50 });
    }
  });

  it('a scheduled cancellation is SCHEDULED until its time and leaves the whitelist applied if it is cancelled before', async () => {
    await resetSimulators(t, tokens.staff);
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['BSNL'] });
    const iccids = sims.map((s) => s.iccid);
    const groupId = await approvedIpGroup('C1', tokens.c1Desk!, [{ address: '192.0.2.0/24', protocol: 'TCP', ports: '8883' }]);
    const applied = await call('POST', '/whitelist/ip', tokens.c1Desk!, { groupId, iccids });
    expect((await waitForJob(t, tokens.c1Desk!, applied.json().data.request.jobId)).status).toBe('COMPLETED');

    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call('POST', '/whitelist/ip/cancel', tokens.c1Desk!, { iccids, scheduledAt: later });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const job = scheduled.json().data.request;
    const query = `&iccid=${iccids[0]!.slice(0, 19)}`;
    expect((await states('/whitelist/ip', tokens.c1Desk!, query)).data[0]).toMatchObject({ state: 'SCHEDULED' });
    // Nothing reached the operator: it still holds the group.
    await new Promise((r) => setTimeout(r, 300));
    const { rows: held } = await t.database.pool.query(
      `SELECT DISTINCT ON (iccid) iccid, items FROM simulator_whitelists WHERE iccid = ANY($1) AND kind = 'IP' ORDER BY iccid, seq DESC`,
      [iccids],
    );
    expect(held.every((r) => Array.isArray(r.items) && r.items.length === 1)).toBe(true);
    // The request is cancelled before its time.
    const stopped = await call('PUT', `/request/${job.id}/cancel`, tokens.staff);
    expect(stopped.statusCode, stopped.body).toBe(200);
    await waitForJob(t, tokens.staff, job.jobId);
    const { rows: after } = await t.database.pool.query(
      `SELECT DISTINCT ON (iccid) iccid, items FROM simulator_whitelists WHERE iccid = ANY($1) AND kind = 'IP' ORDER BY iccid, seq DESC`,
      [iccids],
    );
    expect(after.every((r) => Array.isArray(r.items) && r.items.length === 1)).toBe(true);
    // …and so does the list: the group, applied.
    expect((await states('/whitelist/ip', tokens.c1Desk!, query)).data[0]).toMatchObject({ state: 'APPLIED', group: { id: groupId } });

    // Scheduled a moment ahead: not before its time, then taken off at the operator.
    const soon = Date.now() + 1500;
    const timed = await call('POST', '/whitelist/ip/cancel', tokens.c1Desk!, { iccids, scheduledAt: new Date(soon).toISOString() });
    expect(timed.statusCode, timed.body).toBe(201);
    expect((await states('/whitelist/ip', tokens.c1Desk!, query)).data[0]).toMatchObject({ state: 'SCHEDULED' });
    expect((await waitForJob(t, tokens.c1Desk!, timed.json().data.request.jobId)).status).toBe('COMPLETED');
    expect(Date.now()).toBeGreaterThanOrEqual(soon);
    const { rows: sent } = await t.database.pool.query<{ first: Date }>(
      'SELECT min(received_at) AS first FROM simulator_sims WHERE iccid = ANY($1) AND operation = $2',
      [iccids, 'WHITELIST_IP_CANCEL'],
    );
    expect(new Date(sent[0]!.first).getTime()).toBeGreaterThanOrEqual(soon - 50);
    expect((await states('/whitelist/ip', tokens.c1Desk!, query)).data[0]).toMatchObject({ state: 'REMOVED' });
    const { rows: removed } = await t.database.pool.query(
      `SELECT DISTINCT ON (iccid) iccid, items FROM simulator_whitelists WHERE iccid = ANY($1) AND kind = 'IP' ORDER BY iccid, seq DESC`,
      [iccids],
    );
    expect(removed.map((r) => r.items)).toEqual([null, null]);
  });

  it('numbers: a number group onto SIMs; a stranger cannot use another organisation’s group, nor whitelist SIMs outside its subtree', async () => {
    await resetSimulators(t, tokens.staff);
    const [mine] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const [theirs] = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const group = await call('POST', '/whitelist/number-group', tokens.c1Desk!, {
      name: 'Control room',
      numbers: ['9876543210', '5912345678901'],
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json().data.id;

    const stranger = await call('POST', '/whitelist/numbers', tokens.c2Desk!, { groupId, iccids: [theirs!.iccid] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errors[0].path).toBe('groupId');
    const outside = await call('POST', '/whitelist/numbers', tokens.c1Desk!, { groupId, iccids: [theirs!.iccid] });
    expect(outside.statusCode).toBe(422);

    const res = await call('POST', '/whitelist/numbers', tokens.c1Desk!, { groupId, iccids: [mine!.iccid] });
    expect(res.statusCode, res.body).toBe(201);
    expect((await waitForJob(t, tokens.c1Desk!, res.json().data.request.jobId)).status).toBe('COMPLETED');
    const list = await states('/whitelist/numbers', tokens.c1Desk!);
    expect(list.data.find((r) => r.iccid === mine!.iccid)).toMatchObject({ state: 'APPLIED', group: { id: groupId } });
    expect((await states('/whitelist/numbers', tokens.c2Desk!)).data.map((r) => r.iccid)).not.toContain(mine!.iccid);
  });

  it('refuses a group not approved or inactive (422 naming groupId), and POST /request refuses whitelist types', async () => {
    const pending = await call('POST', '/whitelist/ip-group', tokens.c1Desk!, {
      name: `Pending ${++seq}`,
      entries: [{ address: '192.0.2.9' }],
    });
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const notYet = await call('POST', '/whitelist/ip', tokens.c1Desk!, { groupId: pending.json().data.group.id, iccids: [sim!.iccid] });
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().errors[0].path).toBe('groupId');
    const groupId = await approvedIpGroup('C1', tokens.c1Desk!, [{ address: '192.0.2.10' }]);
    await call('PUT', `/whitelist/ip-group/${groupId}/status`, tokens.c1Desk!, { status: 'INACTIVE' });
    const inactive = await call('POST', '/whitelist/ip', tokens.c1Desk!, { groupId, iccids: [sim!.iccid] });
    expect(inactive.statusCode).toBe(422);
    const generic = await call('POST', '/request', tokens.staff, { type: 'WHITELIST_IP', iccids: [sim!.iccid] });
    expect(generic.statusCode).toBe(400);
  });

  it('drift: the reconcile finds what the operator lost or changed, marks it DRIFTED with what it found; a re-sync applies it again', async () => {
    await resetSimulators(t, tokens.staff);
    const sims = await makeSims(t, 3, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const iccids = sims.map((s) => s.iccid);
    const groupId = await approvedIpGroup('C1', tokens.c1Desk!, [
      { address: '203.0.113.0/24', protocol: 'TCP', ports: '443' },
      { address: '198.51.100.0/24', protocol: 'UDP', ports: '5683' },
    ]);
    const applied = await call('POST', '/whitelist/ip', tokens.c1Desk!, { groupId, iccids });
    expect((await waitForJob(t, tokens.c1Desk!, applied.json().data.request.jobId)).status).toBe('COMPLETED');

    // AIRTEL loses the first SIM's whitelist and drops an entry of the second's; the third is untouched.
    const lose = await call('POST', '/operator-gateway/AIRTEL/whitelist-drift', tokens.staff, {
      kind: 'IP',
      mode: 'LOSE',
      iccids: [iccids[0]],
    });
    expect(lose.statusCode, lose.body).toBe(200);
    expect(lose.json().data.changed).toBe(1);
    await call('POST', '/operator-gateway/AIRTEL/whitelist-drift', tokens.staff, { kind: 'IP', mode: 'ALTER', iccids: [iccids[1]] });
    // An organisation cannot tell the operator anything.
    expect(
      (await call('POST', '/operator-gateway/AIRTEL/whitelist-drift', tokens.c1Desk!, { kind: 'IP', mode: 'LOSE', share: 1 })).statusCode,
    ).toBe(403);

    await reconciled();
    const byIccid = async () =>
      new Map((await states('/whitelist/ip', tokens.c1Desk!)).data.filter((r) => iccids.includes(r.iccid)).map((r) => [r.iccid, r]));
    let rows = await byIccid();
    expect(rows.get(iccids[0]!)).toMatchObject({ state: 'DRIFTED', error: 'AIRTEL holds no IP whitelist on this SIM' });
    expect(rows.get(iccids[1]!)).toMatchObject({ state: 'DRIFTED', error: 'AIRTEL holds 1 of the 2 entries missing' });
    expect(rows.get(iccids[2]!)).toMatchObject({ state: 'APPLIED', error: null });

    // Re-sync: the same group again, one request for the drifted SIMs; the next pass finds them in line.
    const resync = await call('POST', '/whitelist/ip', tokens.c1Desk!, { groupId, iccids: iccids.slice(0, 2) });
    expect((await waitForJob(t, tokens.c1Desk!, resync.json().data.request.jobId)).status).toBe('COMPLETED');
    rows = await byIccid();
    expect([...rows.values()].map((r) => r.state)).toEqual(['APPLIED', 'APPLIED', 'APPLIED']);
    const pass = await reconciled();
    expect(pass).toMatchObject({ skipped: 0 });
    expect([...(await byIccid()).values()].map((r) => r.state)).toEqual(['APPLIED', 'APPLIED', 'APPLIED']);
  });

  it('re-sync: a group changed since it was applied shows outdated; one request puts it again on every SIM that drifted, failed or is outdated', async () => {
    await resetSimulators(t, tokens.staff);
    const sims = await makeSims(t, 3, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const iccids = sims.map((s) => s.iccid);
    const groupId = await approvedIpGroup('C1', tokens.c1Desk!, [{ address: '203.0.113.0/24', protocol: 'TCP', ports: '443' }]);
    const applied = await call('POST', '/whitelist/ip', tokens.c1Desk!, { groupId, iccids });
    expect((await waitForJob(t, tokens.c1Desk!, applied.json().data.request.jobId)).status).toBe('COMPLETED');
    const mine = async () => (await states('/whitelist/ip', tokens.c1Desk!, `&groupId=${groupId}`)).data;
    expect((await mine()).map((r) => `${r.state} ${r.outdated}`)).toEqual(['APPLIED false', 'APPLIED false', 'APPLIED false']);
    const nothing = await call('POST', '/whitelist/ip/resync', tokens.c1Desk!, { groupId });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors[0]).toEqual({ path: 'groupId', message: 'No SIM holding this group needs a re-sync' });

    // The operator loses the first SIM's whitelist; the reconcile finds it.
    await call('POST', '/operator-gateway/AIRTEL/whitelist-drift', tokens.staff, { kind: 'IP', mode: 'LOSE', iccids: [iccids[0]] });
    await reconciled();
    expect((await mine()).map((r) => r.state)).toEqual(['DRIFTED', 'APPLIED', 'APPLIED']);

    // A second entry is proposed: until staff approve it, the SIMs hold the approved version and are not outdated.
    const changed = await call('PUT', `/whitelist/ip-group/${groupId}`, tokens.c1Desk!, {
      entries: [
        { address: '203.0.113.0/24', protocol: 'TCP', ports: '443' },
        { address: '198.51.100.7', protocol: 'UDP', ports: '5683' },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await mine()).every((r) => !r.outdated)).toBe(true);
    expect((await call('POST', `/whitelist/ip-group/${groupId}/approve`, tokens.staff)).statusCode).toBe(200);
    expect((await mine()).map((r) => `${r.state} ${r.outdated}`)).toEqual(['DRIFTED true', 'APPLIED true', 'APPLIED true']);

    // The preview of drifted ones only names the first SIM; another organisation cannot re-sync the group at all.
    const preview = await call('POST', '/whitelist/ip/resync', tokens.c1Desk!, { groupId, reasons: ['DRIFTED'], dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ request: null, preview: { total: 1, valid: 1 } });
    const stranger = await call('POST', '/whitelist/ip/resync', tokens.c2Desk!, { groupId });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errors[0].path).toBe('groupId');

    const resync = await call('POST', '/whitelist/ip/resync', tokens.c1Desk!, { groupId });
    expect(resync.statusCode, resync.body).toBe(201);
    expect(resync.json().data.request).toMatchObject({ type: 'WHITELIST_IP', simsCount: 3 });
    expect((await waitForJob(t, tokens.c1Desk!, resync.json().data.request.jobId)).status).toBe('COMPLETED');
    expect((await mine()).map((r) => `${r.state} ${r.outdated}`)).toEqual(['APPLIED false', 'APPLIED false', 'APPLIED false']);
    // The operator holds the two approved entries on each SIM.
    const { rows: held } = await t.database.pool.query<{ items: unknown[] }>(
      `SELECT DISTINCT ON (iccid) iccid, items FROM simulator_whitelists WHERE iccid = ANY($1) AND kind = 'IP' ORDER BY iccid, seq DESC`,
      [iccids],
    );
    expect(held.map((r) => r.items.length)).toEqual([2, 2, 2]);
    expect((await call('POST', '/whitelist/ip/resync', tokens.c1Desk!, { groupId })).statusCode).toBe(422);

    // A number group: a number added makes its SIMs outdated, and re-sync puts it on.
    const numbers = await call('POST', '/whitelist/number-group', tokens.c1Desk!, { name: `Desk ${++seq}`, numbers: ['9876543210'] });
    const numbersId = numbers.json().data.id;
    const given = await call('POST', '/whitelist/numbers', tokens.c1Desk!, { groupId: numbersId, iccids: [iccids[2]] });
    expect((await waitForJob(t, tokens.c1Desk!, given.json().data.request.jobId)).status).toBe('COMPLETED');
    await call('POST', `/whitelist/number-group/${numbersId}/numbers`, tokens.c1Desk!, { numbers: ['9876543211'] });
    const outdated = await states('/whitelist/numbers', tokens.c1Desk!, `&groupId=${numbersId}`);
    expect(outdated.data.map((r) => `${r.state} ${r.outdated}`)).toEqual(['APPLIED true']);
    const again = await call('POST', '/whitelist/numbers/resync', tokens.c1Desk!, { groupId: numbersId, reasons: ['OUTDATED'] });
    expect(again.statusCode, again.body).toBe(201);
    expect((await waitForJob(t, tokens.c1Desk!, again.json().data.request.jobId)).status).toBe('COMPLETED');
    expect((await states('/whitelist/numbers', tokens.c1Desk!, `&groupId=${numbersId}`)).data[0]).toMatchObject({
      state: 'APPLIED',
      outdated: false,
    });
  });
});
