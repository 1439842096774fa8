import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { generatedImei } from '@tarang/shared/sims/generated-identifiers';
import { beforeEach, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims } from '../sims/sims-test-kit';
import { operatorApplications, resetSimulators, setGateway, simStatuses, waitForJob } from './requests-test-kit';

const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, operatorRetryBaseMs: 20 },
  tenancy: true,
  roles: {
    'Request makers': scopesFrom({ 'sim-actions': true, request: true, job: true, termination: true }),
    'No termination': scopesFrom({ 'sim-actions': true, request: true, job: true }),
  },
  users: {
    c1: { email: 'maker@c1.test', role: 'Request makers', org: 'C1' },
    c1NoTerminate: { email: 'noterm@c1.test', role: 'No termination', org: 'C1' },
  },
  worker: true,
});
beforeEach(async () => resetSimulators(t, tokens.staff));

const post = (payload: object, token = tokens.c1, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `${API}/request`, token, payload, headers });

describe('each request type: valid SIMs change, invalid ones are named by row', () => {
  const cases = [
    { type: 'ACTIVATE', valid: 'ALLOCATED', invalid: 'SUSPENDED', to: 'ACTIVE' },
    { type: 'SUSPEND', valid: 'ACTIVE', invalid: 'ALLOCATED', to: 'SUSPENDED' },
    { type: 'RESUME', valid: 'SUSPENDED', invalid: 'ACTIVE', to: 'ACTIVE' },
    { type: 'TERMINATE', valid: 'SUSPENDED', invalid: 'IN_STOCK', to: 'TERMINATED' },
  ] as const;
  for (const c of cases) {
    it(`${c.type}: ${c.valid} → ${c.to}; ${c.invalid} is refused, then left out with proceedWithValid`, async () => {
      const good = await makeSims(t, 3, { organizationId: f.orgs.C1.id, status: c.valid });
      const [bad] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: c.invalid });
      const iccids = [...good.map((s) => s.iccid), bad!.iccid];
      const body = { type: c.type, iccids, ...(c.type === 'TERMINATE' ? { reason: 'Contract ended' } : {}) };
      const refused = await post(body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual([{ path: 'iccids.3', message: expect.stringMatching(new RegExp(`^Status ${c.invalid}: `)) }]);
      expect(refused.json().message).toMatch(/^1 of 4 SIMs cannot take .*proceedWithValid/);
      const made = await post({ ...body, proceedWithValid: true });
      expect(made.statusCode, made.body).toBe(201);
      const { request, preview } = made.json().data;
      expect(preview).toMatchObject({ total: 4, valid: 3, invalid: 1, rows: [{ row: 4, iccid: bad!.iccid }] });
      await waitForJob(t, tokens.c1, request.jobId);
      const after = await simStatuses(t, iccids);
      expect(good.map((s) => after[s.iccid])).toEqual([c.to, c.to, c.to]);
      expect(after[bad!.iccid]).toBe(c.invalid);
      expect((await operatorApplications(t, [bad!.iccid])).size).toBe(0);
    });
  }

  it('ACTIVATE sets the activation time', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    const made = await post({ type: 'ACTIVATE', iccids: [sim!.iccid] });
    await waitForJob(t, tokens.c1, made.json().data.request.jobId);
    const { rows } = await t.database.pool.query('SELECT activated_at FROM sims WHERE primary_iccid = $1', [sim!.iccid]);
    expect(rows[0].activated_at).toBeInstanceOf(Date);
  });

  it('IMEI_LOCK locks to the IMEI given (or the one last seen) and IMEI_UNLOCK clears it; the status stays', async () => {
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const imei = generatedImei(777);
    const lock = await post({ type: 'IMEI_LOCK', iccids: sims.map((s) => s.iccid), imei });
    expect(lock.statusCode, lock.body).toBe(201);
    await waitForJob(t, tokens.c1, lock.json().data.request.jobId);
    const locked = await t.database.pool.query('SELECT status, imei_lock, locked_imei FROM sims WHERE primary_iccid = ANY($1)', [
      sims.map((s) => s.iccid),
    ]);
    expect(locked.rows).toEqual([
      { status: 'ACTIVE', imei_lock: true, locked_imei: imei },
      { status: 'ACTIVE', imei_lock: true, locked_imei: imei },
    ]);
    const [unlockedAlready] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const unlock = await post({ type: 'IMEI_UNLOCK', iccids: [sims[0]!.iccid, unlockedAlready!.iccid], proceedWithValid: true });
    expect(unlock.json().data.preview.rows).toEqual([{ row: 2, iccid: unlockedAlready!.iccid, reason: 'The SIM is not IMEI-locked' }]);
    await waitForJob(t, tokens.c1, unlock.json().data.request.jobId);
    const { rows } = await t.database.pool.query('SELECT imei_lock, locked_imei FROM sims WHERE primary_iccid = $1', [sims[0]!.iccid]);
    expect(rows[0]).toEqual({ imei_lock: false, locked_imei: null });
    const noImei = await post({ type: 'IMEI_LOCK', iccids: [unlockedAlready!.iccid], dryRun: true });
    expect(noImei.json().data.preview.rows[0].reason).toBe('Give the IMEI: the SIM has not been seen in a device yet');
  });
});

describe('per-SIM validation', () => {
  it('reports SIMs out of reach as not found, SIMs listed twice, and SIMs another request is working on', async () => {
    const mine = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL', 'BSNL'] });
    const [foreign] = await makeSims(t, 1, { organizationId: f.orgs.I.id, status: 'ACTIVE' });
    const [sibling] = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ACTIVE' });
    const scheduled = await post({
      type: 'SUSPEND',
      iccids: [mine[1]!.iccid],
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.statusCode).toBe(201);
    const iccids = [mine[0]!.iccid, foreign!.iccid, mine[0]!.provisionedIccid!, sibling!.iccid, mine[1]!.iccid, '8991000000000000001'];
    const res = await post({ type: 'SUSPEND', iccids, dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data.preview;
    expect(res.json().data.request).toBeNull();
    expect(preview).toMatchObject({ total: 6, valid: 1, invalid: 5, operators: { AIRTEL: 1 }, profile: 'AIRTEL' });
    expect(preview.rows).toEqual([
      { row: 2, iccid: foreign!.iccid, reason: 'Not found' },
      { row: 3, iccid: mine[0]!.provisionedIccid, reason: 'Listed twice (first at row 1)' },
      { row: 4, iccid: sibling!.iccid, reason: 'Not found' },
      { row: 5, iccid: mine[1]!.iccid, reason: 'Another request is working on this SIM' },
      { row: 6, iccid: '8991000000000000001', reason: 'Not found' },
    ]);
    // A dry run makes nothing.
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM job_tasks WHERE iccid = $1', [mine[0]!.iccid]);
    expect(rows[0].n).toBe(0);
    const none = await post({ type: 'SUSPEND', iccids: [foreign!.iccid] });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('None of the 1 SIMs can take Suspend');
  });

  it('a filter: counts per reason; an organisation out of reach is a 404 naming the field', async () => {
    const org = f.orgs.G;
    await makeSims(t, 4, (i) => ({ organizationId: org.id, status: i < 3 ? 'ACTIVE' : 'SUSPENDED', tags: ['filter-test'] }));
    const res = await post({ type: 'SUSPEND', filter: { tag: 'filter-test' }, dryRun: true });
    expect(res.json().data.preview).toMatchObject({
      total: 4,
      valid: 3,
      invalid: 1,
      reasons: { 'Status SUSPENDED: Suspend needs ACTIVE': 1 },
    });
    const limited = await post({ type: 'SUSPEND', filter: { tag: 'filter-test', status: ['ACTIVE'] }, limit: 2 });
    expect(limited.statusCode, limited.body).toBe(201);
    expect(limited.json().data.request).toMatchObject({
      simsCount: 2,
      organization: { id: org.id },
      target: { filter: { tag: 'filter-test' }, limit: 2 },
    });
    const out = await post({ type: 'SUSPEND', filter: { organizationId: f.orgs.I.id } });
    expect(out.statusCode).toBe(404);
    expect(out.json().errors[0].path).toBe('filter.organizationId');
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: [object, string][] = [
      [{ type: 'SUSPEND' }, 'iccids'],
      [{ type: 'FLY', iccids: ['89911000000000000001'] }, 'type'],
      [{ type: 'SUSPEND', iccids: ['123'] }, 'iccids.0'],
      [{ type: 'SUSPEND', iccids: ['89911000000000000001'], filter: {} }, 'iccids'],
      [{ type: 'TERMINATE', iccids: ['89911000000000000001'] }, 'reason'],
      [{ type: 'SUSPEND', iccids: ['89911000000000000001'], scheduledAt: 'tomorrow' }, 'scheduledAt'],
      [{ type: 'SUSPEND', iccids: ['89911000000000000001'], imei: '356938035643809' }, 'imei'],
      [{ type: 'SUSPEND', iccids: ['89911000000000000001'], scheduledAt: '2001-01-01T00:00:00Z' }, 'scheduledAt'],
      [{ type: 'SUSPEND', iccids: ['89911000000000000001'], extra: 1 }, 'extra'],
    ];
    for (const [body, path] of cases) {
      const res = await post(body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    const key = await post({ type: 'SUSPEND', iccids: ['89911000000000000001'] }, tokens.c1, { 'idempotency-key': 'x'.repeat(300) });
    expect(key.statusCode).toBe(400);
    expect(key.json().errors[0].path).toBe('headers.idempotency-key');
  });

  it('TERMINATE needs the Add Termination permission; POST /termination makes one with its reason', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const denied = await post({ type: 'TERMINATE', iccids: [sim!.iccid], reason: 'x' }, tokens.c1NoTerminate);
    expect(denied.statusCode).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${API}/termination`,
          token: tokens.c1NoTerminate,
          payload: { iccids: [sim!.iccid], reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const noReason = await t.call({ method: 'POST', url: `${API}/termination`, token: tokens.c1, payload: { iccids: [sim!.iccid] } });
    expect(noReason.json().errors[0].path).toBe('reason');
    const made = await t.call({
      method: 'POST',
      url: `${API}/termination`,
      token: tokens.c1,
      payload: { iccids: [sim!.iccid], reason: 'Vehicle scrapped' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.request).toMatchObject({ type: 'TERMINATE', reason: 'Vehicle scrapped' });
    await waitForJob(t, tokens.c1, made.json().data.request.jobId);
    const list = await t.call({ method: 'GET', url: `${API}/termination`, token: tokens.c1 });
    expect(list.json().data.map((r: { id: string }) => r.id)).toContain(made.json().data.request.id);
    expect(list.json().data.every((r: { type: string }) => r.type === 'TERMINATE')).toBe(true);
  });

  it('PUT /sim/bulk-action is the same call', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const res = await t.call({
      method: 'PUT',
      url: `${API}/sim/bulk-action`,
      token: tokens.c1,
      payload: { type: 'SUSPEND', iccids: [sim!.iccid] },
    });
    expect(res.statusCode, res.body).toBe(201);
    await waitForJob(t, tokens.c1, res.json().data.request.jobId);
    expect((await simStatuses(t, [sim!.iccid]))[sim!.iccid]).toBe('SUSPENDED');
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body answer the same request; another body with the key is a 422; the SIMs go once', async () => {
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const body = { type: 'SUSPEND', iccids: sims.map((s) => s.iccid) };
    const headers = { 'idempotency-key': 'order-4711' };
    const [a, b] = await Promise.all([post(body, tokens.c1, headers), post(body, tokens.c1, headers)]);
    const first = [a, b].find((r) => r.statusCode === 201)!;
    const second = [a, b].find((r) => r !== first)!;
    expect(first, `${a.statusCode} ${b.statusCode}`).toBeDefined();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ replayed: true, request: { id: first.json().data.request.id } });
    const again = await post({ iccids: body.iccids, type: 'SUSPEND' }, tokens.c1, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.request.id).toBe(first.json().data.request.id);
    const other = await post({ ...body, reason: 'different' }, tokens.c1, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0].path).toBe('headers.idempotency-key');
    await waitForJob(t, tokens.c1, first.json().data.request.jobId);
    expect([...(await operatorApplications(t, body.iccids)).values()]).toEqual([1, 1]);
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS n FROM requests WHERE target->'iccids' ? $1", [sims[0]!.iccid]);
    expect(rows[0].n).toBe(1);
    // Keys belong to the caller: staff using the same key make their own request.
    const byStaff = await post({ type: 'SUSPEND', iccids: body.iccids, dryRun: true }, tokens.staff, headers);
    expect(byStaff.statusCode).toBe(200);
  });
});

describe('schedules and cancel', () => {
  it('a scheduled request waits for its time, then runs', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const at = new Date(Date.now() + 1500);
    const made = await post({ type: 'SUSPEND', iccids: [sim!.iccid], scheduledAt: at.toISOString() });
    const { jobId } = made.json().data.request;
    await new Promise((r) => setTimeout(r, 700));
    const early = (await t.call({ method: 'GET', url: `${API}/job-batch/${jobId}`, token: tokens.c1 })).json().data;
    expect(early).toMatchObject({ status: 'QUEUED', startedAt: null, scheduledAt: at.toISOString() });
    expect((await simStatuses(t, [sim!.iccid]))[sim!.iccid]).toBe('ACTIVE');
    const done = await waitForJob(t, tokens.c1, jobId);
    expect(done.status).toBe('COMPLETED');
    const job = (await t.call({ method: 'GET', url: `${API}/job-batch/${jobId}`, token: tokens.c1 })).json().data;
    expect(Date.parse(job.startedAt)).toBeGreaterThanOrEqual(at.getTime() - 5);
  });

  it('cancel before anything reached the operator: CANCELLED, SIMs untouched, the operator saw nothing', async () => {
    const sims = await makeSims(t, 3, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const made = await post({
      type: 'SUSPEND',
      iccids: sims.map((s) => s.iccid),
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const { id, jobId } = made.json().data.request;
    const res = await t.call({
      method: 'PUT',
      url: `${API}/request/${id}/cancel`,
      token: tokens.c1,
      payload: { note: 'Customer changed their mind' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', counts: { cancelled: 3, queued: 0 } });
    expect(
      Object.values(
        await simStatuses(
          t,
          sims.map((s) => s.iccid),
        ),
      ),
    ).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
    expect(
      (
        await operatorApplications(
          t,
          sims.map((s) => s.iccid),
        )
      ).size,
    ).toBe(0);
    const again = await t.call({ method: 'PUT', url: `${API}/request/${id}/cancel`, token: tokens.c1 });
    expect(again.statusCode, again.body).toBe(422);
    const { rows } = await t.database.pool.query("SELECT action FROM audit_events WHERE entity_id = $1 AND action = 'request.cancel'", [
      id,
    ]);
    expect(rows).toHaveLength(1);
    // The SIMs are free for another request.
    expect((await post({ type: 'SUSPEND', iccids: sims.map((s) => s.iccid), dryRun: true })).json().data.preview.valid).toBe(3);
    expect(jobId).toBeTruthy();
  });

  it('cancel after submission is refused: the operator has the SIMs', async () => {
    await setGateway(t, tokens.staff, 'AIRTEL', { processingMs: 60_000 });
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const made = await post({ type: 'SUSPEND', iccids: sims.map((s) => s.iccid) });
    const { id, jobId } = made.json().data.request;
    await waitForJob(t, tokens.c1, jobId, (p) => p.status === 'WAITING_OPERATOR');
    expect(
      Object.values(
        await simStatuses(
          t,
          sims.map((s) => s.iccid),
        ),
      ),
    ).toEqual(['PENDING_SUSPENDED', 'PENDING_SUSPENDED']);
    const res = await t.call({ method: 'PUT', url: `${API}/request/${id}/cancel`, token: tokens.c1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Part of this request has reached the operator: it can no longer be cancelled');
    // The operator finishes: the SIMs settle.
    await t.database.pool.query('UPDATE simulator_sims SET ready_at = now() WHERE iccid = ANY($1)', [sims.map((s) => s.iccid)]);
    expect((await waitForJob(t, tokens.c1, jobId)).status).toBe('COMPLETED');
  });
});
