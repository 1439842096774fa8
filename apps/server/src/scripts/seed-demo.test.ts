import { describe, expect, it } from 'vitest';
import { routeTest } from '../../test/route-test';
import { API } from '../../test/test-app';
import { seedDemo } from './seed-demo';
import { seedDemoRequests } from './seed-demo-requests';

const { t } = routeTest();

describe('seed:demo', () => {
  it('creates the demo tree once and nothing on a second run', async () => {
    const first = await seedDemo(t.deps.db, 'Demo-Pass-9182');
    expect(first).toEqual({ organizations: 6, roles: 6, users: 20 });
    const second = await seedDemo(t.deps.db, 'Demo-Pass-9182');
    expect(second).toEqual({ organizations: 0, roles: 0, users: 0 });
  });

  it("gives the reseller's admin its three customers and nobody else's", async () => {
    const reseller = await t.login('vikram.singh@sancharconnect.in', 'Demo-Pass-9182');
    const res = await t.call({ method: 'GET', url: `${API}/organization?limit=50`, token: reseller.token });
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .data.map((o: { tradeName: string }) => o.tradeName)
      .sort();
    expect(names).toEqual(['GreenRoute Logistics', 'Sanchar Connect Pvt Ltd', 'Swachh Nagar Services', 'Urja Smart Meters']);
  });

  it('signs demo users in by phone as well', async () => {
    const session = await t.login('9860000001', 'Demo-Pass-9182');
    expect(session.data.user.email).toBe('ramesh.patil@kisantelematics.in');
    expect(session.data.role.name).toBe('Org Admin');
  });

  it('adds requests in the states the screens show, once', async () => {
    expect(await seedDemoRequests(t.deps)).toBe(6);
    const { rows } = await t.database.pool.query<{ type: string; status: string }>(
      'SELECT r.type, b.status FROM requests r JOIN batch_jobs b ON b.request_id = r.id ORDER BY r.created_at',
    );
    expect(rows.map((r) => `${r.type} ${r.status}`)).toEqual([
      'SUSPEND PARTIAL',
      'ACTIVATE WAITING_OPERATOR',
      'RESUME COMPLETED',
      'SUSPEND COMPLETED',
      'TERMINATE QUEUED',
      'SUSPEND CANCELLED',
    ]);
    const settings = await t.database.pool.query('SELECT operator, adapter, failure_rate FROM operator_gateways ORDER BY operator');
    expect(settings.rows).toEqual([
      { operator: 'AIRTEL', adapter: 'simulator', failure_rate: 0 },
      { operator: 'BSNL', adapter: 'simulator', failure_rate: 0 },
      // The device-management gateway (firmware jobs) sits beside the operators, left as it was.
      { operator: 'DEVICES', adapter: 'simulator', failure_rate: 0 },
      { operator: 'VI', adapter: 'simulator', failure_rate: 0 },
    ]);
    expect(await seedDemoRequests(t.deps)).toBe(0);
  }, 60_000);
});
