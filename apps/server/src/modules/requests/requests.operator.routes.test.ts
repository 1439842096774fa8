import { beforeEach, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { simulatorGateway } from '../operators/gateway';
import { getGatewaySettings } from '../operators/operators.service';
import { makeSims, type TMadeSim } from '../sims/sims-test-kit';
import { operatorApplications, resetSimulators, setGateway, simStatuses, waitForJob } from './requests-test-kit';

/** Operator failures, retries, partial completion, timeouts, outages; MNO jobs worked by hand: Mark As Done and Reinitiate. */

const { t, f, tokens } = routeTest({ config: { queuePollMs: 50, operatorRetryBaseMs: 20 }, tenancy: true, worker: true });
beforeEach(async () => resetSimulators(t, tokens.staff, { ratePerSecond: 0 }));

const ops = ['AIRTEL', 'BSNL', 'VI'] as const;
const active = (n: number, spread = true) =>
  makeSims(t, n, (i) => ({ organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: [spread ? ops[i % 3]! : 'AIRTEL'] }));
async function suspend(sims: TMadeSim[]) {
  const res = await t.call({
    method: 'POST',
    url: `${API}/request`,
    token: tokens.staff,
    payload: { type: 'SUSPEND', iccids: sims.map((s) => s.iccid) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.request as { id: string; jobId: string };
}
const mnoJobs = async (jobId: string) =>
  (await t.call({ method: 'GET', url: `${API}/mno-job?batchJobId=${jobId}`, token: tokens.staff })).json().data as {
    id: string;
    operator: string;
    status: string;
    mode: string;
    counts: Record<string, number>;
    lastError: string | null;
  }[];
const tasks = async (jobId: string) =>
  (await t.call({ method: 'GET', url: `${API}/job/${jobId}/tasks?limit=500`, token: tokens.staff })).json().data as {
    iccid: string;
    operator: string;
    status: string;
    error: string | null;
    tries: number;
    doneBy: string | null;
    fromStatus: string | null;
  }[];

describe('operator failures and partial completion', () => {
  it('an operator that rejects SIMs: they fail with the error kept, go back to their status, the job ends PARTIAL', async () => {
    await setGateway(t, tokens.staff, 'BSNL', { failureRate: 1 });
    const sims = await active(9);
    const req = await suspend(sims);
    const done = await waitForJob(t, tokens.staff, req.jobId);
    expect(done).toMatchObject({ status: 'PARTIAL', counts: { succeeded: 6, failed: 3 } });
    const byIccid = new Map((await tasks(req.jobId)).map((x) => [x.iccid, x]));
    const statuses = await simStatuses(
      t,
      sims.map((s) => s.iccid),
    );
    for (const [i, sim] of sims.entries()) {
      const task = byIccid.get(sim.iccid)!;
      if (ops[i % 3] === 'BSNL') {
        expect(task).toMatchObject({ status: 'FAILED', error: 'BSNL rejected the SIM: not provisioned for SUSPEND', fromStatus: 'ACTIVE' });
        expect(statuses[sim.iccid]).toBe('ACTIVE');
      } else {
        expect(task).toMatchObject({ status: 'SUCCEEDED', doneBy: 'OPERATOR' });
        expect(statuses[sim.iccid]).toBe('SUSPENDED');
      }
    }
    const mno = await mnoJobs(req.jobId);
    expect(Object.fromEntries(mno.map((m) => [m.operator, m.status]))).toEqual({ AIRTEL: 'COMPLETED', BSNL: 'FAILED', VI: 'COMPLETED' });
    // One audit event for the request and one for its end, both in each SIM's history.
    const detail = (await t.call({ method: 'GET', url: `${API}/sim/${sims[0]!.iccid}`, token: tokens.staff })).json().data;
    expect(detail.history.map((h: { action: string }) => h.action).slice(0, 2)).toEqual(['job.partial', 'request.suspend']);
  });

  it('transient failures are retried under a new key with back-off; after the last try the task fails; all failing → FAILED', async () => {
    await setGateway(t, tokens.staff, 'AIRTEL', { transientFailureRate: 1, maxAttempts: 3 });
    const sims = await active(2, false);
    const req = await suspend(sims);
    const done = await waitForJob(t, tokens.staff, req.jobId);
    expect(done).toMatchObject({ status: 'FAILED', counts: { failed: 2, succeeded: 0 } });
    for (const task of await tasks(req.jobId)) {
      expect(task).toMatchObject({ status: 'FAILED', tries: 3, error: 'AIRTEL is busy: try again (gave up after 3 tries)' });
    }
    const { rows } = await t.database.pool.query<{ iccid: string; keys: number; results: string[] }>(
      `SELECT iccid, count(DISTINCT task_key)::int AS keys, array_agg(DISTINCT result) AS results FROM simulator_sims
       WHERE iccid = ANY($1) GROUP BY iccid`,
      [sims.map((s) => s.iccid)],
    );
    expect(rows.map((r) => [r.keys, r.results])).toEqual([
      [3, ['RETRY']],
      [3, ['RETRY']],
    ]);
    expect(
      Object.values(
        await simStatuses(
          t,
          sims.map((s) => s.iccid),
        ),
      ),
    ).toEqual(['ACTIVE', 'ACTIVE']);
  });

  it('some transient failures: retried until they pass; the request completes and insights count the retries', async () => {
    await setGateway(t, tokens.staff, 'AIRTEL', { transientFailureRate: 0.5, maxAttempts: 10 });
    const sims = await active(20, false);
    const req = await suspend(sims);
    expect((await waitForJob(t, tokens.staff, req.jobId)).status).toBe('COMPLETED');
    const all = await tasks(req.jobId);
    expect(all.some((x) => x.tries > 1)).toBe(true);
    expect([
      ...(
        await operatorApplications(
          t,
          sims.map((s) => s.iccid),
        )
      ).values(),
    ]).toEqual(Array(20).fill(1));
    const insights = (await t.call({ method: 'GET', url: `${API}/request/${req.id}/insights`, token: tokens.staff })).json().data;
    expect(insights.tasks).toEqual({ total: 20, byOperator: 20, byHand: 0, automaticPercent: 100 });
    expect(insights.retries.tasksRetried).toBe(all.filter((x) => x.tries > 1).length);
  });

  it('a timeout after the operator received the batch: the next run polls, sends nothing twice, and completes', async () => {
    await setGateway(t, tokens.staff, 'AIRTEL', { latencyMs: 400, timeoutMs: 100, maxAttempts: 5 });
    const sims = await active(5, false);
    const req = await suspend(sims);
    // The operator has the batch; its answer is late (the caller gave up after 100 ms). Then it answers in time again.
    for (let i = 0; i < 100 && (await operatorApplications(t, [sims[0]!.iccid])).size === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 150));
    await setGateway(t, tokens.staff, 'AIRTEL', { latencyMs: 0 });
    const done = await waitForJob(t, tokens.staff, req.jobId, undefined, 30_000);
    expect(done.status).toBe('COMPLETED');
    expect([
      ...(
        await operatorApplications(
          t,
          sims.map((s) => s.iccid),
        )
      ).values(),
    ]).toEqual(Array(5).fill(1));
    const calls = await t.database.pool.query<{ call: string; n: number }>(
      `SELECT call, count(*)::int AS n FROM simulator_calls WHERE submission_id IN
         (SELECT DISTINCT submission_id FROM simulator_sims WHERE iccid = ANY($1)) GROUP BY call ORDER BY call`,
      [sims.map((s) => s.iccid)],
    );
    // One submit; the answer was lost to the timeout, so the engine asked (poll) before it would send again.
    expect(calls.rows.find((r) => r.call === 'SUBMIT')?.n).toBe(1);
    expect(calls.rows.find((r) => r.call === 'POLL')!.n).toBeGreaterThanOrEqual(2);
  });

  it('an outage: calls back off and, past the last attempt, the tasks fail as not sent; the SIMs never moved', async () => {
    await setGateway(t, tokens.staff, 'VI', { outage: true, maxAttempts: 2 });
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['VI'] });
    const req = await suspend(sims);
    const done = await waitForJob(t, tokens.staff, req.jobId);
    expect(done.status).toBe('FAILED');
    const all = await tasks(req.jobId);
    expect(all[0]!.error).toMatch(/^VI is not answering \(outage\); gave up after 2 attempts/);
    expect(
      Object.values(
        await simStatuses(
          t,
          sims.map((s) => s.iccid),
        ),
      ),
    ).toEqual(['ACTIVE', 'ACTIVE']);
    expect(
      (
        await operatorApplications(
          t,
          sims.map((s) => s.iccid),
        )
      ).size,
    ).toBe(0);
    const [mno] = await mnoJobs(req.jobId);
    expect(mno!.lastError).toBe('VI is not answering (outage)');
  });

  it('an outage that ends in time: the job waits, then completes', async () => {
    await setGateway(t, tokens.staff, 'VI', { outage: true, maxAttempts: 8 });
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['VI'] });
    const req = await suspend(sims);
    await new Promise((r) => setTimeout(r, 150));
    await setGateway(t, tokens.staff, 'VI', { outage: false });
    expect((await waitForJob(t, tokens.staff, req.jobId, undefined, 30_000)).status).toBe('COMPLETED');
  });
});

describe('the gateway: batch size, rate limit, cancel', () => {
  it('sends batches of the operator’s size, no faster than its rate (shared by every worker)', async () => {
    await setGateway(t, tokens.staff, 'BSNL', { batchSize: 10, ratePerSecond: 20 });
    const sims = await makeSims(t, 30, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['BSNL'] });
    const started = Date.now();
    const req = await suspend(sims);
    expect((await waitForJob(t, tokens.staff, req.jobId)).status).toBe('COMPLETED');
    // 30 SIMs at 20 a second: the second batch waits 0.5 s for its slot, the third 1 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const { rows } = await t.database.pool.query<{ sims: number }>(
      `SELECT sims FROM simulator_calls WHERE call = 'SUBMIT' AND submission_id IN
         (SELECT DISTINCT submission_id FROM simulator_sims WHERE iccid = ANY($1))`,
      [sims.map((s) => s.iccid)],
    );
    expect(rows.map((r) => r.sims)).toEqual([10, 10, 10]);
  });

  it('the simulator withdraws keys it has not carried out yet, and only those', async () => {
    const settings = await getGatewaySettings(t.deps.db, 'AIRTEL');
    const slow = simulatorGateway(t.deps.db, { ...settings, processingMs: 60_000 });
    await slow.submit('cancelsub00000000000000a1', 'SUSPEND', [
      { key: 'c-1', iccid: '89911000000000000011' },
      { key: 'c-2', iccid: '89911000000000000012' },
    ]);
    expect(await slow.cancel('cancelsub00000000000000a1', ['c-1'])).toEqual({ cancelled: ['c-1'] });
    const answer = await slow.poll('cancelsub00000000000000a1');
    expect(answer.results.map((r) => [r.key, r.outcome]).sort()).toEqual([
      ['c-1', 'CANCELLED'],
      ['c-2', 'PENDING'],
    ]);
    const fast = simulatorGateway(t.deps.db, settings);
    await fast.submit('cancelsub00000000000000a2', 'SUSPEND', [{ key: 'c-3', iccid: '89911000000000000013' }]);
    expect(await fast.cancel('cancelsub00000000000000a2', ['c-3'])).toEqual({ cancelled: [] });
    // The same key submitted again is not applied again.
    expect(await fast.submit('cancelsub00000000000000a2', 'SUSPEND', [{ key: 'c-3', iccid: '89911000000000000013' }])).toEqual({
      accepted: 0,
      duplicates: 1,
    });
    expect((await fast.poll('unknown-submission')).known).toBe(false);
  });
});

describe('MNO jobs worked by hand', () => {
  it('Mark As Done per SIM, then the whole job: tasks succeed by hand, SIMs settle, the job completes', async () => {
    await setGateway(t, tokens.staff, 'BSNL', { failureRate: 1 });
    const sims = await makeSims(t, 3, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['BSNL'] });
    const req = await suspend(sims);
    expect((await waitForJob(t, tokens.staff, req.jobId)).status).toBe('FAILED');
    const [mno] = await mnoJobs(req.jobId);
    const csv = await t.call({ method: 'GET', url: `${API}/mno-job/${mno!.id}/sims?status=FAILED`, token: tokens.staff });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('iccid,imsi,msisdn,operator,operation,task_status,error');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(sims.map((s) => s.iccid).sort());
    const one = await t.call({
      method: 'PUT',
      url: `${API}/mno-job/${mno!.id}/mark-done`,
      token: tokens.staff,
      payload: { iccids: [sims[0]!.iccid, '89914000000000000009'], note: 'Done on the BSNL portal' },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ updated: 1, skipped: [{ iccid: '89914000000000000009', reason: 'Not in this MNO job' }] });
    expect(one.json().data.mnoJob).toMatchObject({ status: 'PARTIAL', counts: { succeeded: 1, failed: 2 } });
    expect((await simStatuses(t, [sims[0]!.iccid]))[sims[0]!.iccid]).toBe('SUSPENDED');
    const rest = await t.call({ method: 'PUT', url: `${API}/mno-job/${mno!.id}/mark-done`, token: tokens.staff, payload: {} });
    expect(rest.json().data).toMatchObject({ updated: 2, mnoJob: { status: 'COMPLETED', counts: { succeeded: 3, failed: 0 } } });
    const again = await t.call({
      method: 'PUT',
      url: `${API}/mno-job/${mno!.id}/mark-done`,
      token: tokens.staff,
      payload: { iccids: [sims[0]!.iccid] },
    });
    expect(again.json().data.skipped).toEqual([{ iccid: sims[0]!.iccid, reason: 'Already done' }]);
    const job = (await t.call({ method: 'GET', url: `${API}/job-batch/${req.jobId}`, token: tokens.staff })).json().data;
    expect(job.status).toBe('COMPLETED');
    expect(
      Object.values(
        await simStatuses(
          t,
          sims.map((s) => s.iccid),
        ),
      ),
    ).toEqual(['SUSPENDED', 'SUSPENDED', 'SUSPENDED']);
    const insights = (await t.call({ method: 'GET', url: `${API}/request/${req.id}/insights`, token: tokens.staff })).json().data;
    expect(insights.tasks).toEqual({ total: 3, byOperator: 0, byHand: 3, automaticPercent: 0 });
    const report = (await t.call({ method: 'GET', url: `${API}/report/mno-job-report/summary?operator=BSNL`, token: tokens.staff })).json()
      .data;
    expect(report[0]).toMatchObject({ operator: 'BSNL', operation: 'SUSPEND' });
    expect(report[0].byHand).toBeGreaterThanOrEqual(3);
  });

  it('Reinitiate sends the failed tasks again (under a new key) and the job completes', async () => {
    await setGateway(t, tokens.staff, 'BSNL', { failureRate: 1 });
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['BSNL'] });
    const req = await suspend(sims);
    expect((await waitForJob(t, tokens.staff, req.jobId)).status).toBe('FAILED');
    await setGateway(t, tokens.staff, 'BSNL', { failureRate: 0 });
    const [mno] = await mnoJobs(req.jobId);
    const res = await t.call({ method: 'PUT', url: `${API}/mno-job/${mno!.id}/reinitiate`, token: tokens.staff });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated).toBe(2);
    expect((await waitForJob(t, tokens.staff, req.jobId)).status).toBe('COMPLETED');
    expect(
      Object.values(
        await simStatuses(
          t,
          sims.map((s) => s.iccid),
        ),
      ),
    ).toEqual(['SUSPENDED', 'SUSPENDED']);
    const { rows } = await t.database.pool.query<{ results: string[] }>(
      'SELECT array_agg(result ORDER BY seq) AS results FROM simulator_sims WHERE iccid = $1',
      [sims[0]!.iccid],
    );
    expect(rows[0]!.results).toEqual(['FAILED', 'DONE']);
    const nothing = await t.call({ method: 'PUT', url: `${API}/mno-job/${mno!.id}/reinitiate`, token: tokens.staff });
    expect(nothing.statusCode).toBe(422);
  });

  it('an operator without an automatic gateway: the MNO job waits for staff, who download the list and mark it done', async () => {
    await setGateway(t, tokens.staff, 'VI', { adapter: 'manual' });
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['VI'] });
    const req = await suspend(sims);
    await waitForJob(t, tokens.staff, req.jobId, (p) => p.status === 'WAITING_OPERATOR');
    const [mno] = await mnoJobs(req.jobId);
    expect(mno).toMatchObject({ mode: 'MANUAL', status: 'WAITING_OPERATOR' });
    expect(
      (
        await operatorApplications(
          t,
          sims.map((s) => s.iccid),
        )
      ).size,
    ).toBe(0);
    await t.call({ method: 'PUT', url: `${API}/mno-job/${mno!.id}/mark-done`, token: tokens.staff, payload: {} });
    expect((await waitForJob(t, tokens.staff, req.jobId)).status).toBe('COMPLETED');
    expect(
      Object.values(
        await simStatuses(
          t,
          sims.map((s) => s.iccid),
        ),
      ),
    ).toEqual(['SUSPENDED', 'SUSPENDED']);
  });

  it('Change Status (staff, with a reason) stops what has not reached the operator', async () => {
    const sims = await active(3);
    const made = await t.call({
      method: 'POST',
      url: `${API}/request`,
      token: tokens.staff,
      payload: { type: 'SUSPEND', iccids: sims.map((s) => s.iccid), scheduledAt: new Date(Date.now() + 60_000).toISOString() },
    });
    const { jobId } = made.json().data.request;
    const noReason = await t.call({
      method: 'PUT',
      url: `${API}/job/${jobId}/status`,
      token: tokens.staff,
      payload: { status: 'CANCELLED' },
    });
    expect(noReason.json().errors[0].path).toBe('reason');
    const res = await t.call({
      method: 'PUT',
      url: `${API}/job/${jobId}/status`,
      token: tokens.staff,
      payload: { status: 'CANCELLED', reason: 'Operator maintenance window' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', statusReason: 'Operator maintenance window', counts: { cancelled: 3 } });
    const { rows } = await t.database.pool.query("SELECT after FROM audit_events WHERE action = 'job.change_status' AND entity_id = $1", [
      jobId,
    ]);
    expect(rows[0].after).toMatchObject({ status: 'CANCELLED', reason: 'Operator maintenance window', tasksStopped: 3 });
    expect(
      (await t.call({ method: 'PUT', url: `${API}/job/${jobId}/status`, token: tokens.staff, payload: { status: 'FAILED', reason: 'x' } }))
        .statusCode,
    ).toBe(422);
  });

  it('Change Status withdraws work the operator has not carried out yet; what it already did stays done', async () => {
    // AIRTEL answers at once; BSNL holds its results for a minute, so its SIMs are at the operator when staff stop the job.
    await setGateway(t, tokens.staff, 'BSNL', { processingMs: 60_000 });
    const sims = await active(6);
    const { jobId } = await suspend(sims);
    const bsnl = sims.filter((_s, i) => ops[i % 3] === 'BSNL').map((s) => s.iccid);
    const airtel = sims.filter((_s, i) => ops[i % 3] === 'AIRTEL').map((s) => s.iccid);
    const atOperator = async () =>
      (await tasks(jobId)).filter((x) => x.operator === 'BSNL' && x.status === 'SUBMITTED').length === bsnl.length &&
      (await tasks(jobId)).filter((x) => x.operator === 'AIRTEL' && x.status === 'SUCCEEDED').length === airtel.length;
    for (let i = 0; i < 200 && !(await atOperator()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await atOperator()).toBe(true);
    expect(Object.values(await simStatuses(t, bsnl))).toEqual(['PENDING_SUSPENDED', 'PENDING_SUSPENDED']);

    const res = await t.call({
      method: 'PUT',
      url: `${API}/job/${jobId}/status`,
      token: tokens.staff,
      payload: { status: 'CANCELLED', reason: 'Customer called it off' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const end = await waitForJob(t, tokens.staff, jobId);
    expect(end.status).toBe('PARTIAL');
    const after = await tasks(jobId);
    expect(after.filter((x) => x.operator === 'BSNL').map((x) => x.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(after.filter((x) => x.operator === 'AIRTEL').map((x) => x.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(Object.values(await simStatuses(t, bsnl))).toEqual(['ACTIVE', 'ACTIVE']);
    expect(Object.values(await simStatuses(t, airtel))).toEqual(['SUSPENDED', 'SUSPENDED']);
    // The simulated operator withdrew the BSNL keys: none of those SIMs was applied there.
    expect((await operatorApplications(t, bsnl)).size).toBe(0);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM simulator_calls WHERE call = 'CANCEL' AND operator = 'BSNL'",
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
