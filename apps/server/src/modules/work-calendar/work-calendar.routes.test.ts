import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { resetSimulators, waitForJob } from '../requests/requests-test-kit';
import { makeSims } from '../sims/sims-test-kit';

const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, operatorRetryBaseMs: 20 },
  tenancy: true,
  roles: {
    Planner: scopesFrom({ 'ip-group': true, 'whitelist-ip': true, 'work-calendar': true, request: true, 'sim-actions': true, job: true }),
  },
  users: {
    c1: { email: 'c1-planner@calendar.test', role: 'Planner', org: 'C1' },
    c2: { email: 'c2-planner@calendar.test', role: 'Planner', org: 'C2' },
  },
  worker: true,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });

/** The India day of an instant, YYYY-MM-DD. */
const indiaDay = (at: number) => new Date(at + 5.5 * 3_600_000).toISOString().slice(0, 10);

async function appliedGroup(iccids: string[]) {
  const made = await call('POST', '/whitelist/ip-group', tokens.c1!, {
    name: `Calendar ${Date.now()}`,
    entries: [{ address: '192.0.2.0/24' }],
  });
  const groupId = made.json().data.group.id;
  await call('POST', `/whitelist/ip-group/${groupId}/approve`, tokens.staff);
  const applied = await call('POST', '/whitelist/ip', tokens.c1!, { groupId, iccids });
  expect((await waitForJob(t, tokens.c1!, applied.json().data.request.jobId)).status).toBe('COMPLETED');
  return groupId as string;
}

describe('the work calendar', () => {
  it('shows a scheduled whitelist cancellation on its India day, moves it, and calls it off leaving the whitelist applied', async () => {
    await resetSimulators(t, tokens.staff);
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const iccids = sims.map((s) => s.iccid);
    const groupId = await appliedGroup(iccids);

    // 23:30 India time three days ahead: 18:00 UTC, the same day in both; the India day is the one that counts.
    const at = Date.parse(`${indiaDay(Date.now() + 3 * 86_400_000)}T23:30:00+05:30`);
    const scheduled = await call('POST', '/whitelist/ip/cancel', tokens.c1!, { iccids, scheduledAt: new Date(at).toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const requestId = scheduled.json().data.request.id;

    const day = indiaDay(at);
    const read = async (token: string, from = day, to = day) => {
      const res = await call('GET', `/work-calendar?from=${from}&to=${to}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { requests: { requestId: string; type: string; scheduledAt: string; movable: boolean }[] };
    };
    expect((await read(tokens.c1!)).requests).toEqual([
      expect.objectContaining({ requestId, type: 'WHITELIST_IP_CANCEL', scheduledAt: new Date(at).toISOString(), movable: true }),
    ]);
    // Not the day before, and not for another organisation.
    const before = indiaDay(at - 86_400_000);
    expect((await read(tokens.c1!, before, before)).requests).toEqual([]);
    expect((await read(tokens.c2!)).requests).toEqual([]);
    expect(
      (await call('PUT', `/work-calendar/request/${requestId}`, tokens.c2!, { scheduledAt: new Date(at).toISOString() })).statusCode,
    ).toBe(404);

    // Moved a day later: the calendar, the request and its queued MNO jobs follow.
    const later = at + 86_400_000;
    const moved = await call('PUT', `/work-calendar/request/${requestId}`, tokens.c1!, { scheduledAt: new Date(later).toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await read(tokens.c1!)).requests).toEqual([]);
    expect((await read(tokens.c1!, indiaDay(later), indiaDay(later))).requests.map((r) => r.requestId)).toEqual([requestId]);
    const { rows } = await t.database.pool.query<{ run_at: Date }>(
      `SELECT q.run_at FROM queue_jobs q JOIN mno_jobs m ON q.key = 'mno:' || m.id JOIN batch_jobs b ON b.id = m.job_id WHERE b.request_id = $1`,
      [requestId],
    );
    expect(rows.map((r) => new Date(r.run_at).getTime())).toEqual([later]);
    const past = await call('PUT', `/work-calendar/request/${requestId}`, tokens.c1!, {
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors[0].path).toBe('scheduledAt');

    // Called off from the calendar: gone from it, and the SIMs keep the group.
    const off = await call('DELETE', `/work-calendar/request/${requestId}`, tokens.c1!);
    expect(off.statusCode, off.body).toBe(200);
    expect((await read(tokens.c1!, indiaDay(later), indiaDay(later))).requests).toEqual([]);
    const list = await call('GET', `/whitelist/ip?groupId=${groupId}&limit=10`, tokens.c1!);
    expect(list.json().data.map((r: { state: string }) => r.state)).toEqual(['APPLIED', 'APPLIED']);
  });

  it('moves only scheduled whitelist cancellations; counts plan expiries per India day in reach; refuses bad ranges', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const at = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const suspend = await call('POST', '/request', tokens.c1!, { type: 'SUSPEND', iccids: [sim!.iccid], scheduledAt: at });
    expect(suspend.statusCode, suspend.body).toBe(201);
    const id = suspend.json().data.request.id;
    const day = indiaDay(Date.parse(at));
    const seen = (await call('GET', `/work-calendar?from=${day}&to=${day}`, tokens.c1!)).json().data.requests;
    expect(seen).toEqual([expect.objectContaining({ requestId: id, type: 'SUSPEND', movable: false })]);
    expect((await call('PUT', `/work-calendar/request/${id}`, tokens.c1!, { scheduledAt: at })).statusCode).toBe(422);
    expect((await call('DELETE', `/work-calendar/request/${id}`, tokens.c1!)).statusCode).toBe(422);
    await call('PUT', `/request/${id}/cancel`, tokens.c1!);

    // Two SIMs of C1 expire at 22:00 and 23:59 India time on one day: one day, count 2; C2 sees none of them.
    const expiryDay = indiaDay(Date.now() + 20 * 86_400_000);
    await makeSims(t, 2, (i) => ({
      organizationId: f.orgs.C1.id,
      status: 'ACTIVE',
      operators: ['BSNL'],
      expiresAt: new Date(`${expiryDay}T${i === 0 ? '22:00' : '23:59'}:00+05:30`),
    }));
    const expiries = (await call('GET', `/work-calendar?from=${expiryDay}&to=${expiryDay}`, tokens.c1!)).json().data.expiries;
    expect(expiries).toEqual([{ date: expiryDay, count: 2 }]);
    expect((await call('GET', `/work-calendar?from=${expiryDay}&to=${expiryDay}`, tokens.c2!)).json().data.expiries).toEqual([]);

    for (const query of ['from=2026-02-30&to=2026-03-01', 'from=2026-03-10&to=2026-03-01', 'from=2026-01-01&to=2026-06-01', 'from=x']) {
      const res = await call('GET', `/work-calendar?${query}`, tokens.c1!);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
