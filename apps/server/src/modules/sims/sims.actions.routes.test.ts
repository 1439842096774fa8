import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { generatedImei, simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { SIM_EXPORT_COLUMNS } from '@tarang/shared/sims/sim.constants';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims, type TMadeSim } from './sims-test-kit';

const { t, f, tokens } = routeTest({
  tenancy: true,
  roles: {
    'SIM actors': scopesFrom({ 'sim-inventory': true, 'sim-actions': true }),
    'SIM readers': scopesFrom({ 'sim-inventory': ['viewDetails'] }),
  },
  users: {
    c1User: { email: 'c1.actor@actions.test', role: 'SIM actors', org: 'C1' },
    c1Reader: { email: 'c1.reader@actions.test', role: 'SIM readers', org: 'C1' },
  },
});
let c1Sims: TMadeSim[];
let foreign: TMadeSim[];

beforeAll(async () => {
  c1Sims = await makeSims(t, 6, (i) => ({
    organizationId: f.orgs.C1.id,
    status: 'ACTIVE',
    operators: i === 0 ? ['AIRTEL', 'BSNL'] : ['VI'],
    label: `Bus ${i}`,
    tags: ['fleet'],
    expiresAt: new Date(Date.now() + (i + 1) * 86_400_000 * 10),
  }));
  foreign = await makeSims(t, 2, { organizationId: f.orgs.I.id, status: 'ACTIVE' });
});

const call = (method: 'GET' | 'PUT', url: string, token = tokens.c1User, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });
const detail = async (iccid: string) => (await call('GET', `/sim/${iccid}`, tokens.staff)).json().data;

describe('PUT /sim', () => {
  it('sets the label and tags of one SIM, audited on the SIM with before and after', async () => {
    const res = await call('PUT', '/sim', tokens.c1User, {
      iccids: [c1Sims[1]!.iccid],
      label: 'Bus 101',
      addTags: ['route-7'],
      removeTags: ['fleet'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 1, notFound: [] });
    const sim = await detail(c1Sims[1]!.iccid);
    expect(sim).toMatchObject({ label: 'Bus 101', tags: ['route-7'], version: 2 });
    expect(sim.history[0]).toMatchObject({
      action: 'sim.update',
      actorLabel: 'c1.actor@actions.test',
      before: { label: 'Bus 1', tags: ['fleet'] },
      after: { label: 'Bus 101', addTags: ['route-7'] },
    });
  });

  it('many SIMs in one call: one batch event in each one’s history; SIMs out of reach are not found', async () => {
    const iccids = [c1Sims[2]!.iccid, c1Sims[3]!.iccid, foreign[0]!.iccid];
    const res = await call('PUT', '/sim', tokens.c1User, { iccids, apn: 'iot.fleet', tags: ['b', 'a', 'b'] });
    expect(res.json().data).toEqual({ updated: 2, notFound: [foreign[0]!.iccid] });
    const a = await detail(c1Sims[2]!.iccid);
    const b = await detail(c1Sims[3]!.iccid);
    expect(a).toMatchObject({ apn: 'iot.fleet', tags: ['a', 'b'] });
    expect(a.history[0].id).toBe(b.history[0].id);
    expect(a.history[0]).toMatchObject({ action: 'sim.update', after: { count: 2 } });
    expect((await detail(foreign[0]!.iccid)).apn).toBeNull();
  });

  it('a static IP goes on one SIM, and only one SIM holds an address', async () => {
    const many = await call('PUT', '/sim', tokens.c1User, { iccids: [c1Sims[2]!.iccid, c1Sims[3]!.iccid], staticIp: '10.20.30.40' });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0].path).toBe('staticIp');
    expect((await call('PUT', '/sim', tokens.c1User, { iccids: [c1Sims[2]!.iccid], staticIp: '10.20.30.40' })).statusCode).toBe(200);
    const clash = await call('PUT', '/sim', tokens.c1User, { iccids: [c1Sims[3]!.iccid], staticIp: '10.20.30.40' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain(c1Sims[2]!.iccid);
    expect((await call('PUT', '/sim', tokens.c1User, { iccids: [c1Sims[3]!.iccid], staticIp: '10.20.300.40' })).statusCode).toBe(400);
  });

  it('needs the sim-actions module', async () => {
    expect((await call('PUT', '/sim', tokens.c1Reader, { iccids: [c1Sims[1]!.iccid], label: 'x' })).statusCode).toBe(403);
  });
});

describe('GET and PUT /sim/individual-sim/status', () => {
  it('bars an active SIM with a reason and clears the bar back to the intended status', async () => {
    const iccid = c1Sims[4]!.iccid;
    const before = await call('GET', `/sim/individual-sim/status?iccid=${iccid}`);
    expect(before.json().data).toEqual({ iccid, status: 'ACTIVE', intendedStatus: null, statusReason: null, allowed: ['BARRED'] });
    const noReason = await call('PUT', '/sim/individual-sim/status', tokens.c1User, { iccid, status: 'BARRED' });
    expect(noReason.json().errors[0].path).toBe('reason');
    const barred = await call('PUT', '/sim/individual-sim/status', tokens.c1User, { iccid, status: 'BARRED', reason: 'IMEI mismatch' });
    expect(barred.json().data).toEqual({
      iccid,
      status: 'BARRED',
      intendedStatus: 'ACTIVE',
      statusReason: 'IMEI mismatch',
      allowed: ['ACTIVE'],
    });
    const cleared = await call('PUT', '/sim/individual-sim/status', tokens.c1User, { iccid, status: 'ACTIVE' });
    expect(cleared.json().data).toMatchObject({ status: 'ACTIVE', intendedStatus: null, statusReason: null });
    expect((await detail(iccid)).history.map((h: { action: string }) => h.action)).toEqual(['sim.status', 'sim.status']);
  });

  it('changes that need the operator, and a terminated SIM, are refused with why', async () => {
    const iccid = c1Sims[5]!.iccid;
    const suspend = await call('PUT', '/sim/individual-sim/status', tokens.c1User, { iccid, status: 'SUSPENDED' });
    expect(suspend.statusCode).toBe(422);
    expect(suspend.json().message).toBe('status: ACTIVE → SUSPENDED goes to the operator: raise a request');
    const toStock = await call('PUT', '/sim/individual-sim/status', tokens.c1User, { iccid, status: 'IN_STOCK' });
    expect(toStock.json().message).toMatch(/PUT \/sim\/rollback/);
    const [gone] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'TERMINATED' });
    const revive = await call('PUT', '/sim/individual-sim/status', tokens.c1User, { iccid: gone!.iccid, status: 'ACTIVE' });
    expect(revive.json().message).toBe('status: A terminated SIM stays terminated');
  });

  it("another organisation's SIM is a 404", async () => {
    expect((await call('GET', `/sim/individual-sim/status?iccid=${foreign[1]!.iccid}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/sim/individual-sim/status', tokens.c1User, { iccid: foreign[1]!.iccid, status: 'BARRED', reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PUT /sim/imeis', () => {
  it('locks to a valid IMEI, refuses a bad check digit, and unlocks', async () => {
    const iccid = c1Sims[0]!.iccid;
    const imei = generatedImei(4242);
    const bad = `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;
    const refused = await call('PUT', '/sim/imeis', tokens.c1User, { lock: true, sims: [{ iccid, imei: bad }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({ path: 'sims.0.imei', message: 'IMEI check digit is wrong' });
    const locked = await call('PUT', '/sim/imeis', tokens.c1User, { lock: true, sims: [{ iccid, imei }, { iccid: c1Sims[1]!.iccid }] });
    expect(locked.json().data).toEqual({
      updated: 1,
      skipped: [{ iccid: c1Sims[1]!.iccid, reason: 'Give the IMEI: the SIM has not been seen in a device yet' }],
    });
    expect(await detail(iccid)).toMatchObject({ imeiLock: true, lockedImei: imei });
    const filtered = (await call('GET', '/sim?imeiLock=true')).json().data.map((s: { iccid: string }) => s.iccid);
    expect(filtered).toEqual([iccid]);
    await call('PUT', '/sim/imeis', tokens.c1User, { lock: false, sims: [{ iccid }] });
    expect(await detail(iccid)).toMatchObject({ imeiLock: false, lockedImei: null });
  });
});

describe('GET /sim/expiring-soon', () => {
  it('lists SIMs expiring within the days asked, soonest first', async () => {
    const res = await call('GET', '/sim/expiring-soon?days=25');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((s: { iccid: string }) => s.iccid)).toEqual([c1Sims[0]!.iccid, c1Sims[1]!.iccid]);
    expect((await call('GET', '/sim/expiring-soon?days=366')).statusCode).toBe(400);
  });
});

describe('GET /sim/export', () => {
  it('CSV: every matching SIM with its profiles, inside the caller’s reach', async () => {
    const res = await call('GET', '/sim/export?format=csv&tag=fleet');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sims-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe(SIM_EXPORT_COLUMNS.join(','));
    const withFleet = (await call('GET', '/sim?tag=fleet&limit=500')).json().data;
    expect(rows).toHaveLength(withFleet.length);
    const first = rows[0]!.split(',');
    const dual = c1Sims[0]!;
    expect(first.slice(0, 9)).toEqual([
      dual.iccid,
      dual.imsi,
      dual.msisdn,
      'AIRTEL',
      dual.provisionedIccid,
      simIdentity(Number(dual.provisionedIccid!.slice(6, 18)), 'BSNL').imsi,
      simIdentity(Number(dual.provisionedIccid!.slice(6, 18)), 'BSNL').msisdn,
      'BSNL',
      'Bus 0',
    ]);
    expect(first[9]).toBe('ACTIVE');
    expect(first[10]).toBe('Org C1');
    const all = await call('GET', '/sim/export?format=csv');
    expect(all.body).not.toContain(foreign[0]!.iccid);
  });

  it('XLSX: the same rows as a workbook', async () => {
    const res = await call('GET', '/sim/export?format=xlsx&tag=fleet');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('SIMs')!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([...SIM_EXPORT_COLUMNS]);
    expect(sheet.getRow(2).getCell(1).value).toBe(c1Sims[0]!.iccid);
    const csv = (await call('GET', '/sim/export?format=csv&tag=fleet')).body.trim().split('\n');
    expect(sheet.actualRowCount).toBe(csv.length);
  });

  it('an organisation filter out of reach is a 404 before anything is sent', async () => {
    const res = await call('GET', `/sim/export?organizationId=${f.orgs.I.id}`);
    expect(res.statusCode).toBe(404);
  });
});
