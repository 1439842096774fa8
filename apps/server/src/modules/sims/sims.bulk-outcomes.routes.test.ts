import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims } from './sims-test-kit';

/**
 * One outcome rule for every bulk SIM action (docs/decisions/022-bulk-action-outcomes.md): none of the SIMs can take
 * it → 422 listing each refused SIM with its reason, and nothing changes; some can → 200, the others listed with why.
 */

const { t, f, tokens } = routeTest({
  tenancy: true,
  roles: {
    'SIM desk': scopesFrom({ 'sim-inventory': ['allocate', 'rollBack', 'viewDetails'], 'sim-actions': true, request: true, job: true }),
  },
  users: { c1: { email: 'desk@bulk.test', role: 'SIM desk', org: 'C1' } },
});

const put = (url: string, payload: unknown, token = tokens.c1) =>
  t.call({ method: 'PUT', url: `${API}${url}`, token, payload: payload as object });

/** What the database holds of the SIMs, to show a refused call changed nothing. */
async function state(iccids: string[]) {
  const { rows } = await t.database.pool.query(
    'SELECT primary_iccid, status, organization_id, label, imei_lock, version FROM sims WHERE primary_iccid = ANY($1) ORDER BY primary_iccid',
    [iccids],
  );
  return rows;
}

async function operations(): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sim_operations');
  return rows[0]!.n;
}

describe('bulk SIM actions: none can proceed → 422 naming each SIM', () => {
  it('allocate: SIMs of another organisation, stock and unknown ICCIDs', async () => {
    const foreign = await makeSims(t, 2, { organizationId: f.orgs.C2.id, status: 'ALLOCATED' });
    const stock = await makeSims(t, 1);
    const iccids = [...foreign.map((s) => s.iccid), stock[0]!.iccid, '8991000000000000001'];
    const before = [await state(iccids), await operations()];
    const res = await put('/sim/allocate', { iccids, organizationId: f.orgs.G.id });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'UNPROCESSABLE', message: 'None of the 4 SIMs can be allocated' });
    expect(res.json().errors).toEqual(iccids.map((iccid, i) => ({ path: `iccids.${i}`, message: `${iccid}: Not found` })));
    expect([await state(iccids), await operations()]).toEqual(before);
  });

  it('allocate by a filter that selects no movable SIM', async () => {
    await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', tags: ['none-movable'] });
    const res = await put('/sim/allocate', { filter: { tag: 'none-movable' }, organizationId: f.orgs.G.id });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'filter', message: 'No SIM matching the filter can be allocated' }]);
  });

  it('roll back: SIMs the caller holds itself, and active ones', async () => {
    const own = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    const active = await makeSims(t, 1, { organizationId: f.orgs.G.id, status: 'ACTIVE' });
    const iccids = [own[0]!.iccid, active[0]!.iccid];
    const before = await state(iccids);
    const res = await put('/sim/rollback', { iccids });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: 'iccids.0', message: `${iccids[0]}: Held by your own organisation: only the provider takes SIMs back to stock` },
      { path: 'iccids.1', message: `${iccids[1]}: Status ACTIVE: there is no way back to stock after activation` },
    ]);
    expect(await state(iccids)).toEqual(before);
  });

  it('update (label, tags): none in reach', async () => {
    const foreign = await makeSims(t, 2, { organizationId: f.orgs.I.id, status: 'ACTIVE' });
    const iccids = foreign.map((s) => s.iccid);
    const before = await state(iccids);
    const res = await put('/sim', { iccids, label: 'Mine now' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(iccids.map((iccid, i) => ({ path: `iccids.${i}`, message: `${iccid}: Not found` })));
    expect(await state(iccids)).toEqual(before);
  });

  it('IMEI lock: none can be locked', async () => {
    const terminated = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'TERMINATED' });
    const foreign = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ACTIVE' });
    const res = await put('/sim/imeis', {
      lock: true,
      sims: [
        { iccid: foreign[0]!.iccid, imei: '490154203237518' },
        { iccid: terminated[0]!.iccid, imei: '490154203237518' },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: 'sims.0.iccid', message: `${foreign[0]!.iccid}: Not found` },
      { path: 'sims.1.iccid', message: `${terminated[0]!.iccid}: Status TERMINATED: nothing to lock` },
    ]);
    expect((await state([terminated[0]!.iccid]))[0].imei_lock).toBe(false);
  });

  it('request: none of the SIMs can take it', async () => {
    const foreign = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ACTIVE' });
    const res = await t.call({
      method: 'POST',
      url: `${API}/request`,
      token: tokens.c1,
      payload: { type: 'SUSPEND', iccids: [foreign[0]!.iccid] },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'iccids.0', message: 'Not found' }]);
  });
});

describe('bulk SIM actions: some can proceed → 200 with each refused SIM and why', () => {
  it('allocate: the movable ones move, the others are listed', async () => {
    const mine = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    const foreign = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ALLOCATED' });
    const iccids = [mine[0]!.iccid, foreign[0]!.iccid, mine[1]!.iccid];
    const res = await put('/sim/allocate', { iccids, organizationId: f.orgs.G.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.operation).toMatchObject({ status: 'DONE', succeeded: 2, skipped: 1 });
    expect(res.json().data.skipped).toEqual([{ iccid: foreign[0]!.iccid, reason: 'Not found' }]);
    expect((await state(iccids)).map((r) => r.organization_id).sort()).toEqual([f.orgs.C2.id, f.orgs.G.id, f.orgs.G.id].sort());
  });

  it('roll back: from a descendant, the own ones listed', async () => {
    const fromG = await makeSims(t, 1, { organizationId: f.orgs.G.id, status: 'ALLOCATED' });
    const own = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    const res = await put('/sim/rollback', { iccids: [fromG[0]!.iccid, own[0]!.iccid] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.operation).toMatchObject({ succeeded: 1, skipped: 1 });
    expect(res.json().data.skipped).toEqual([
      { iccid: own[0]!.iccid, reason: 'Held by your own organisation: only the provider takes SIMs back to stock' },
    ]);
  });

  it('lists every refused SIM of a named list, not only the first hundred', async () => {
    const mine = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    const unknown = Array.from({ length: 150 }, (_, i) => `8991999${String(i).padStart(12, '0')}`);
    const res = await put('/sim/allocate', { iccids: [mine[0]!.iccid, ...unknown], organizationId: f.orgs.G.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.skipped).toHaveLength(150);
  });

  it('update: the SIMs in reach change, the others are listed', async () => {
    const mine = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const foreign = await makeSims(t, 1, { organizationId: f.orgs.I.id, status: 'ACTIVE' });
    const res = await put('/sim', { iccids: [mine[0]!.iccid, foreign[0]!.iccid], label: 'Depot 4' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 1, notFound: [foreign[0]!.iccid] });
  });

  it('IMEI lock: the lockable ones lock, the others are listed', async () => {
    const mine = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const terminated = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'TERMINATED' });
    const res = await put('/sim/imeis', {
      lock: true,
      sims: [
        { iccid: mine[0]!.iccid, imei: '490154203237518' },
        { iccid: terminated[0]!.iccid, imei: '490154203237518' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      updated: 1,
      skipped: [{ iccid: terminated[0]!.iccid, reason: 'Status TERMINATED: nothing to lock' }],
    });
  });

  it('request: with proceedWithValid the others are left out and listed with why', async () => {
    const mine = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const foreign = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ACTIVE' });
    const res = await t.call({
      method: 'POST',
      url: `${API}/request`,
      token: tokens.c1,
      payload: { type: 'SUSPEND', iccids: [mine[0]!.iccid, foreign[0]!.iccid], proceedWithValid: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.preview).toMatchObject({
      valid: 1,
      invalid: 1,
      rows: [{ row: 2, iccid: foreign[0]!.iccid, reason: 'Not found' }],
    });
  });
});
