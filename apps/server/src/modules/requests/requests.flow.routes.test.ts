import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims } from '../sims/sims-test-kit';
import { operatorApplications, simStatuses, waitForJob } from './requests-test-kit';

/** A request's life (list, details, checkpoints, thread, close, insights, progress, search) and tenancy on every endpoint. */

/** Users holding every request permission, in C1 (own), R (its parent), C2 (sibling) and I (foreign). */
const desk = (org: string) => ({ email: `desk.${org.toLowerCase()}@requests.test`, role: 'Request desk', org });
const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, operatorRetryBaseMs: 20 },
  tenancy: true,
  roles: { 'Request desk': scopesFrom({ 'sim-actions': true, request: true, job: true, termination: true, 'mno-job-report': true }) },
  users: { C1: desk('C1'), R: desk('R'), C2: desk('C2'), I: desk('I') },
  worker: true,
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });

describe('a SUSPEND request end to end', () => {
  it('suspends every SIM at its operator once, through PENDING_SUSPENDED, and ends COMPLETED', async () => {
    const sims = await makeSims(t, 30, (i) => ({
      organizationId: f.orgs.C1.id,
      status: 'ACTIVE',
      operators: [(['AIRTEL', 'BSNL', 'VI'] as const)[i % 3]!],
    }));
    const iccids = sims.map((s) => s.iccid);
    const res = await call('POST', '/request', tokens.staff, { type: 'SUSPEND', iccids });
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json().data.request;
    expect(request).toMatchObject({ type: 'SUSPEND', simsCount: 30, profile: 'AIRTEL+BSNL+VI', organization: { id: f.orgs.C1.id } });
    expect(request.batchJobId).toMatch(/^BJ\d{8}$/);
    const done = await waitForJob(t, tokens.staff, request.jobId);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      percent: 100,
      counts: { total: 30, succeeded: 30, failed: 0, queued: 0, inFlight: 0 },
    });
    expect(Object.values(await simStatuses(t, iccids))).toEqual(Array(30).fill('SUSPENDED'));
    expect([...(await operatorApplications(t, iccids)).values()]).toEqual(Array(30).fill(1));
    // One audit event for the request and one for its end, not one per SIM.
    const { rows } = await t.database.pool.query('SELECT action FROM audit_events WHERE entity_id = $1 ORDER BY seq', [request.jobId]);
    expect(rows.map((r) => r.action)).toEqual(['request.suspend', 'job.completed']);
  });
});

describe('checkpoints, thread, close, insights', () => {
  it('walks a request through its workflow', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const made = await call('POST', '/request', tokens.C1, { type: 'SUSPEND', iccids: [sim!.iccid], reason: 'Seasonal stop' });
    const { id, jobId } = made.json().data.request;
    await waitForJob(t, tokens.C1, jobId);
    const checkpoints = (await call('GET', `/request/${id}/checkpoints`, tokens.C1)).json().data;
    expect(checkpoints.map((c: { step: string; doneAt: string | null; automatic: boolean }) => [c.step, !!c.doneAt, c.automatic])).toEqual([
      ['RECEIVED', true, true],
      ['VALIDATED', true, true],
      ['SENT_TO_OPERATOR', true, true],
      ['OPERATOR_CONFIRMED', true, true],
      ['CUSTOMER_INFORMED', false, false],
    ]);
    // Only staff modify checkpoints.
    expect((await call('PUT', `/request/${id}/checkpoints`, tokens.C1, { step: 'CUSTOMER_INFORMED', done: true })).statusCode).toBe(403);
    const customer = await call('POST', `/request/${id}/messages`, tokens.C1, { body: 'Please confirm the SIM is suspended.' });
    expect(customer.statusCode, customer.body).toBe(200);
    const reply = await call('POST', `/request/${id}/messages`, tokens.staff, { body: 'Confirmed: suspended at AIRTEL.' });
    expect(reply.json().data.map((m: { fromStaff: boolean; body: string }) => [m.fromStaff, m.body])).toEqual([
      [false, 'Please confirm the SIM is suspended.'],
      [true, 'Confirmed: suspended at AIRTEL.'],
    ]);
    const after = (await call('GET', `/request/${id}/checkpoints`, tokens.staff)).json().data;
    expect(after[4]).toMatchObject({ step: 'CUSTOMER_INFORMED', automatic: false, doneBy: { label: expect.any(String) } });
    const cleared = await call('PUT', `/request/${id}/checkpoints`, tokens.staff, { step: 'CUSTOMER_INFORMED', done: false });
    expect(cleared.json().data[4].doneAt).toBeNull();
    await call('PUT', `/request/${id}/checkpoints`, tokens.staff, {
      step: 'CUSTOMER_INFORMED',
      done: true,
      note: 'Phoned the fleet manager',
    });
    const insights = (await call('GET', `/request/${id}/insights`, tokens.C1)).json().data;
    expect(insights).toMatchObject({
      tasks: { total: 1, byOperator: 1, byHand: 0, automaticPercent: 100 },
      checkpoints: { automatic: 4, manual: 1, open: 0 },
    });
    expect(insights.stages.map((s: { from: string; to: string }) => `${s.from}>${s.to}`)).toEqual([
      'RECEIVED>VALIDATED',
      'VALIDATED>SENT_TO_OPERATOR',
      'SENT_TO_OPERATOR>OPERATOR_CONFIRMED',
      'OPERATOR_CONFIRMED>CUSTOMER_INFORMED',
    ]);
    expect(insights.totalMs).toBeGreaterThanOrEqual(0);
    const closed = await call('PUT', `/request/${id}/close`, tokens.C1);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.closedAt).not.toBeNull();
    expect((await call('POST', `/request/${id}/messages`, tokens.C1, { body: 'one more' })).statusCode).toBe(422);
    expect((await call('PUT', `/request/${id}/close`, tokens.C1)).statusCode).toBe(422);
  });

  it('a running request cannot be closed', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const made = await call('POST', '/request', tokens.C1, {
      type: 'SUSPEND',
      iccids: [sim!.iccid],
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const res = await call('PUT', `/request/${made.json().data.request.id}/close`, tokens.C1);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^The request is still QUEUED/);
  });
});

describe('lists, counts, tasks, live progress, search', () => {
  it('GET /request filters and pages by keyset; job-batch counts; tasks page by cursor; SSE ends with the job', async () => {
    const sims = await makeSims(t, 5, { organizationId: f.orgs.C2.id, status: 'SUSPENDED' });
    const made = [];
    for (const s of sims) made.push((await call('POST', '/request', tokens.R, { type: 'RESUME', iccids: [s.iccid] })).json().data.request);
    const page1 = await call('GET', `/request?type=RESUME&organizationId=${f.orgs.C2.id}&limit=3`, tokens.R);
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().data.map((r: { id: string }) => r.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((r) => r.id),
    );
    const page2 = await call(
      'GET',
      `/request?type=RESUME&organizationId=${f.orgs.C2.id}&limit=3&cursor=${page1.json().meta.nextCursor}`,
      tokens.R,
    );
    expect(page2.json().data.map((r: { id: string }) => r.id)).toEqual(
      made
        .slice(0, 2)
        .reverse()
        .map((r) => r.id),
    );
    expect(page2.json().meta.nextCursor).toBeNull();
    expect((await call('GET', '/request?cursor=nonsense', tokens.R)).statusCode).toBe(400);
    const byNumber = await call('GET', `/request?batchJobId=${made[0].batchJobId}`, tokens.R);
    expect(byNumber.json().data.map((r: { id: string }) => r.id)).toEqual([made[0].id]);
    for (const r of made) await waitForJob(t, tokens.R, r.jobId);
    const counts = (await call('GET', '/job-batch/counts', tokens.C2)).json().data;
    expect(counts.byStatus.COMPLETED).toBe(5);
    expect(counts.total).toBe(5);
    const jobs = await call('GET', `/job-batch?status=COMPLETED&organizationId=${f.orgs.C2.id}`, tokens.C2);
    expect(jobs.json().data).toHaveLength(5);

    const big = await makeSims(t, 7, { organizationId: f.orgs.C2.id, status: 'ACTIVE' });
    const bigReq = (await call('POST', '/request', tokens.C2, { type: 'SUSPEND', iccids: big.map((s) => s.iccid) })).json().data.request;
    await waitForJob(t, tokens.C2, bigReq.jobId);
    const t1 = (await call('GET', `/job/${bigReq.jobId}/tasks?limit=4`, tokens.C2)).json();
    const t2 = (await call('GET', `/job/${bigReq.jobId}/tasks?limit=4&cursor=${t1.meta.nextCursor}`, tokens.C2)).json();
    expect([...t1.data, ...t2.data].map((x: { iccid: string }) => x.iccid)).toEqual(big.map((s) => s.iccid));
    expect(t1.data[0]).toMatchObject({
      status: 'SUCCEEDED',
      fromStatus: 'ACTIVE',
      targetStatus: 'SUSPENDED',
      tries: 1,
      doneBy: 'OPERATOR',
    });
    const sse = await call('GET', `/job-batch/${bigReq.jobId}/events`, tokens.C2);
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(sse.body).toMatch(/^event: progress\ndata: \{"status":"COMPLETED"/);

    const search = await call('GET', `/search/${bigReq.batchJobId}?from=jobs`, tokens.C2);
    expect(search.json().data.JOBS).toEqual([
      { id: bigReq.jobId, batchJobId: bigReq.batchJobId, simsCount: 7, status: 'COMPLETED', profile: 'AIRTEL' },
    ]);
    const byDigits = await call('GET', `/search/${Number(bigReq.batchJobId.slice(2))}?from=jobs`, tokens.C2);
    expect(byDigits.json().data.JOBS.map((j: { id: string }) => j.id)).toEqual([bigReq.jobId]);
    const foreign = await call('GET', `/search/${bigReq.batchJobId}?from=jobs`, tokens.I);
    expect(foreign.json().data.JOBS).toEqual([]);
  });
});

describe('tenancy on every endpoint: own, child, sibling, foreign', () => {
  it('a C1 request is seen and worked by C1 and R (its parent), and is a 404 to C2 (sibling) and I (foreign)', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const req = (
      await call('POST', '/request', tokens.C1, {
        type: 'SUSPEND',
        iccids: [sim!.iccid],
        scheduledAt: new Date(Date.now() + 60_000).toISOString(),
      })
    ).json().data.request;
    const reads = [
      `/request/${req.id}`,
      `/request/${req.id}/checkpoints`,
      `/request/${req.id}/messages`,
      `/request/${req.id}/insights`,
      `/job-batch/${req.jobId}`,
      `/job-batch/${req.jobId}/progress`,
      `/job/${req.jobId}/tasks`,
    ];
    for (const url of reads) {
      for (const who of ['C1', 'R'] as const) expect((await call('GET', url, tokens[who])).statusCode, `${who} ${url}`).toBe(200);
      for (const who of ['C2', 'I'] as const) expect((await call('GET', url, tokens[who])).statusCode, `${who} ${url}`).toBe(404);
    }
    for (const who of ['C2', 'I'] as const) {
      expect((await call('GET', `/job-batch/${req.jobId}/events`, tokens[who])).statusCode).toBe(404);
      expect((await call('GET', `/request?batchJobId=${req.batchJobId}`, tokens[who])).json().data).toEqual([]);
      expect((await call('GET', `/job-batch?batchJobId=${req.batchJobId}`, tokens[who])).json().data).toEqual([]);
      expect((await call('POST', `/request/${req.id}/messages`, tokens[who], { body: 'hi' })).statusCode).toBe(404);
      expect((await call('PUT', `/request/${req.id}/cancel`, tokens[who])).statusCode).toBe(404);
      expect((await call('PUT', `/request/${req.id}/close`, tokens[who])).statusCode).toBe(404);
      expect((await call('GET', `/request?organizationId=${f.orgs.C1.id}`, tokens[who])).statusCode).toBe(404);
      // A request naming the SIM by ICCID finds nothing.
      const probe = await call('POST', '/request', tokens[who], { type: 'SUSPEND', iccids: [sim!.iccid], dryRun: true });
      expect(probe.json().data.preview.rows).toEqual([{ row: 1, iccid: sim!.iccid, reason: 'Not found' }]);
    }
    // The parent reaches its child's request; the child does not see the parent's or the provider's.
    expect((await call('POST', `/request/${req.id}/messages`, tokens.R, { body: 'From the reseller' })).statusCode).toBe(200);
    const [stock] = await makeSims(t, 1, { organizationId: null, status: 'ALLOCATED' });
    const staffReq = (await call('POST', '/request', tokens.staff, { type: 'ACTIVATE', iccids: [stock!.iccid] })).json().data.request;
    expect(staffReq.organization).toBeNull();
    for (const who of ['C1', 'R', 'C2', 'I'] as const)
      expect((await call('GET', `/request/${staffReq.id}`, tokens[who])).statusCode).toBe(404);
    expect((await call('PUT', `/request/${req.id}/cancel`, tokens.R)).statusCode).toBe(200);
  });

  it('staff-only endpoints answer 403 to organisation users, whatever their role holds', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const req = (await call('POST', '/request', tokens.C1, { type: 'SUSPEND', iccids: [sim!.iccid] })).json().data.request;
    await waitForJob(t, tokens.C1, req.jobId);
    const mno = (await call('GET', `/mno-job?batchJobId=${req.batchJobId}`, tokens.staff)).json().data[0];
    const staffOnly: ['GET' | 'PUT', string, object?][] = [
      ['GET', '/mno-job'],
      ['GET', `/mno-job/${mno.id}`],
      ['GET', `/mno-job/${mno.id}/sims`],
      ['PUT', `/mno-job/${mno.id}/mark-done`, {}],
      ['PUT', `/mno-job/${mno.id}/reinitiate`],
      ['GET', '/report/mno-job-report/summary'],
      ['GET', '/report/mno-job-report'],
      ['GET', '/operator-gateway'],
      ['PUT', '/operator-gateway/AIRTEL', { outage: true }],
      ['PUT', `/job/${req.jobId}/status`, { status: 'CANCELLED', reason: 'x' }],
      ['PUT', `/request/${req.id}/checkpoints`, { step: 'CUSTOMER_INFORMED', done: true }],
    ];
    for (const [method, url, body] of staffOnly) {
      for (const who of ['C1', 'R', 'I'] as const) {
        const res = await call(method, url, tokens[who], body);
        expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBe(403);
      }
    }
    const settings = (await call('GET', '/operator-gateway', tokens.staff)).json().data;
    expect(settings.map((s: { operator: string; outage: boolean }) => [s.operator, s.outage])).toEqual([
      ['AIRTEL', false],
      ['BSNL', false],
      ['VI', false],
    ]);
  });
});
