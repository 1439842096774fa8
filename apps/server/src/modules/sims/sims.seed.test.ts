import { iccidError, imeiError, imsiError, msisdnError } from '@tarang/shared/sims/identifiers';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { seedDemo, seedDemoSims } from '../../scripts/seed-demo';

const { t } = routeTest();
beforeAll(async () => {
  await seedDemo(t.deps.db, 'Demo-Pass-9182');
});

describe('seed:demo --sims N', () => {
  it('adds N SIMs over the demo organisations, operators and statuses, with valid identifiers; a second run adds more', async () => {
    await seedDemoSims(t.database.pool, 3000);
    await seedDemoSims(t.database.pool, 1000);
    const q = async <T>(text: string) => (await t.database.pool.query(text)).rows as T[];
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM sims'))[0]!.n).toBe(4000);
    const statuses = await q<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM sims GROUP BY 1');
    expect(statuses.length).toBeGreaterThanOrEqual(8);
    const dual = await q<{ n: number }>('SELECT count(*)::int AS n FROM sim_profiles WHERE position = 1');
    expect(dual[0]!.n / 4000).toBeGreaterThan(0.2);
    const orgs = await q<{ n: number }>('SELECT count(DISTINCT organization_id)::int AS n FROM sims');
    expect(orgs[0]!.n).toBe(6);
    const stock = await q<{ n: number }>("SELECT count(*)::int AS n FROM sims WHERE organization_id IS NULL AND status <> 'IN_STOCK'");
    expect(stock[0]!.n).toBe(0);
    const ops = await q<{ operator: string }>('SELECT DISTINCT operator FROM sim_profiles ORDER BY 1');
    expect(ops.map((o) => o.operator)).toEqual(['AIRTEL', 'BSNL', 'VI']);
    const profiles = await q<{ iccid: string; imsi: string; msisdn: string }>('SELECT iccid, imsi, msisdn FROM sim_profiles');
    for (const p of profiles) {
      expect(iccidError(p.iccid)).toBeNull();
      expect(imsiError(p.imsi)).toBeNull();
      expect(msisdnError(p.msisdn)).toBeNull();
    }
    const imeis = await q<{ locked_imei: string }>('SELECT locked_imei FROM sims WHERE imei_lock');
    expect(imeis.length).toBeGreaterThan(0);
    for (const r of imeis) expect(imeiError(r.locked_imei)).toBeNull();
    // The demo reseller's admin sees the SIMs of its subtree through the API.
    const reseller = await t.login('vikram.singh@sancharconnect.in', 'Demo-Pass-9182');
    const res = await t.call({ method: 'GET', url: `${API}/sim?limit=5`, token: reseller.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.length).toBe(5);
  });
});
