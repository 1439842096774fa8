import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { storedActor } from './sim-moves.service';
import { insertOperation } from './sim-operations.repository';
import { runnerOf } from './sims.runner';
import { makeSims, waitForOperation } from './sims-test-kit';

const { t, f, tokens } = routeTest({
  tenancy: true,
  roles: {
    'SIM movers': scopesFrom({ 'sim-inventory': ['allocate', 'rollBack', 'viewDetails'] }),
    'SIM lookers': scopesFrom({ 'sim-inventory': ['viewDetails'] }),
  },
  users: {
    rUser: { email: 'r.mover@moves.test', role: 'SIM movers', org: 'R' },
    c1User: { email: 'c1.mover@moves.test', role: 'SIM movers', org: 'C1' },
    c1NoAllocate: { email: 'c1.looker@moves.test', role: 'SIM lookers', org: 'C1' },
  },
});

const put = (url: string, payload: unknown, token = tokens.staff) =>
  t.call({ method: 'PUT', url: `${API}${url}`, token, payload: payload as object });
const sim = async (iccid: string) => (await t.call({ method: 'GET', url: `${API}/sim/${iccid}`, token: tokens.staff })).json().data;

describe('PUT /sim/allocate and /sim/rollback by ICCIDs', () => {
  it('staff allocate stock to an organisation, audited once with a history entry on each SIM', async () => {
    const made = await makeSims(t, 3);
    const res = await put('/sim/allocate', { iccids: made.map((s) => s.iccid), organizationId: f.orgs.R.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '3 SIMs allocated',
      data: { operation: { kind: 'ALLOCATE', status: 'DONE', succeeded: 3, skipped: 0 }, skipped: [] },
    });
    const after = await sim(made[0]!.iccid);
    expect(after).toMatchObject({ status: 'ALLOCATED', organization: { id: f.orgs.R.id }, version: 2 });
    expect(after.history).toHaveLength(1);
    expect(after.history[0]).toMatchObject({ action: 'sim.allocate', after: { moved: 3, iccidCount: 3, organizationId: f.orgs.R.id } });
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'sim.allocate' AND entity_id = $1`,
      [res.json().data.operation.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('an organisation passes SIMs to its child and grandchild, never to a sibling or a foreign organisation', async () => {
    const made = await makeSims(t, 4, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    // Sibling and foreign organisations are out of reach: 404, nothing moves.
    for (const org of ['C2', 'I', 'R'] as const) {
      const res = await put('/sim/allocate', { iccids: [made[0]!.iccid], organizationId: f.orgs[org].id }, tokens.c1User);
      expect(res.statusCode, org).toBe(404);
      expect(res.json().errors[0].path).toBe('organizationId');
    }
    const own = await put('/sim/allocate', { iccids: [made[0]!.iccid], organizationId: f.orgs.C1.id }, tokens.c1User);
    // Nothing can move: 422 naming each SIM (docs/decisions/022-bulk-action-outcomes.md).
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual([{ path: 'iccids.0', message: `${made[0]!.iccid}: Already with this organisation` }]);
    const child = await put('/sim/allocate', { iccids: [made[0]!.iccid, made[1]!.iccid], organizationId: f.orgs.G.id }, tokens.c1User);
    expect(child.json().data.operation).toMatchObject({ succeeded: 2, skipped: 0 });
    expect((await sim(made[1]!.iccid)).organization.id).toBe(f.orgs.G.id);
    // Not back up the tree by allocation.
    const up = await put('/sim/allocate', { iccids: [made[0]!.iccid], organizationId: f.orgs.R.id }, tokens.rUser);
    expect(up.statusCode).toBe(422);
    expect(up.json().errors[0].message).toMatch(/down the tree/);
  });

  it("another organisation's ICCIDs, stock, and unknown ICCIDs are reported as not found", async () => {
    const foreign = await makeSims(t, 1, { organizationId: f.orgs.I.id, status: 'ALLOCATED' });
    const stock = await makeSims(t, 1);
    const res = await put(
      '/sim/allocate',
      { iccids: [foreign[0]!.iccid, stock[0]!.iccid, '8991000000000000000'], organizationId: f.orgs.G.id },
      tokens.c1User,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message.replace(/^\d+: /, '')])).toEqual([
      ['iccids.0', 'Not found'],
      ['iccids.1', 'Not found'],
      ['iccids.2', 'Not found'],
    ]);
    expect((await sim(foreign[0]!.iccid)).organization.id).toBe(f.orgs.I.id);
  });

  it('active SIMs do not move: no way back to stock after activation', async () => {
    const active = await makeSims(t, 1, { organizationId: f.orgs.R.id, status: 'ACTIVE' });
    const a = await put('/sim/allocate', { iccids: [active[0]!.iccid], organizationId: f.orgs.C1.id });
    expect(a.statusCode).toBe(422);
    expect(a.json().errors[0].message).toMatch(new RegExp(`^${active[0]!.iccid}: Status ACTIVE`));
    const r = await put('/sim/rollback', { iccids: [active[0]!.iccid] });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors[0].message).toBe(`${active[0]!.iccid}: Status ACTIVE: there is no way back to stock after activation`);
  });

  it('roll-back: an organisation takes SIMs back from descendants; only staff return them to stock', async () => {
    const inG = await makeSims(t, 2, { organizationId: f.orgs.G.id, status: 'ALLOCATED' });
    const inC1 = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    const inC2 = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ALLOCATED' });
    const res = await put('/sim/rollback', { iccids: [...inG, ...inC1, ...inC2].map((s) => s.iccid) }, tokens.c1User);
    expect(res.statusCode, res.body).toBe(200);
    const skipped = res.json().data.skipped;
    expect(res.json().data.operation.succeeded).toBe(2);
    expect(skipped).toEqual([
      { iccid: inC1[0]!.iccid, reason: 'Held by your own organisation: only the provider takes SIMs back to stock' },
      { iccid: inC2[0]!.iccid, reason: 'Not found' },
    ]);
    expect(await sim(inG[0]!.iccid)).toMatchObject({ status: 'ALLOCATED', organization: { id: f.orgs.C1.id } });
    const toStock = await put('/sim/rollback', { iccids: [inG[0]!.iccid] });
    expect(toStock.json().data.operation.succeeded).toBe(1);
    expect(await sim(inG[0]!.iccid)).toMatchObject({ status: 'IN_STOCK', organization: null });
    const again = await put('/sim/rollback', { iccids: [inG[0]!.iccid] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].message).toBe(`${inG[0]!.iccid}: Already in stock`);
  });

  it('needs the allocate / rollBack actions, and exactly one of iccids or filter', async () => {
    const made = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    expect((await put('/sim/allocate', { iccids: [made[0]!.iccid], organizationId: f.orgs.G.id }, tokens.c1NoAllocate)).statusCode).toBe(
      403,
    );
    expect((await put('/sim/rollback', { iccids: [made[0]!.iccid] }, tokens.c1NoAllocate)).statusCode).toBe(403);
    const both = await put('/sim/allocate', { iccids: [made[0]!.iccid], filter: {}, organizationId: f.orgs.G.id });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].path).toBe('iccids');
    const bad = await put('/sim/allocate', { iccids: ['89'], organizationId: f.orgs.G.id });
    expect(bad.json().errors[0].path).toBe('iccids.0');
  });
});

describe('by filter, small and large', () => {
  it('a filter with a limit moves that many, in ICCID order, at once', async () => {
    const made = await makeSims(t, 30, { tags: ['batch-small'] });
    const res = await put('/sim/allocate', { filter: { tag: 'batch-small', inStock: true }, limit: 20, organizationId: f.orgs.C2.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.operation).toMatchObject({ status: 'DONE', succeeded: 20, total: 20 });
    const moved = await t.database.pool.query(
      `SELECT primary_iccid FROM sims WHERE organization_id = $1 AND 'batch-small' = ANY(tags) ORDER BY 1`,
      [f.orgs.C2.id],
    );
    expect(moved.rows.map((r) => r.primary_iccid)).toEqual(
      made
        .map((s) => s.iccid)
        .sort()
        .slice(0, 20),
    );
  });

  it('more than 10,000 SIMs run in the background with progress, one audit event at the end', async () => {
    await makeSims(t, 10_050, { tags: ['batch-large'] });
    const res = await put('/sim/allocate', { filter: { tag: 'batch-large' }, organizationId: f.orgs.I.id });
    expect(res.statusCode, res.body).toBe(202);
    const op = res.json().data.operation;
    expect(op).toMatchObject({ status: 'QUEUED', total: 10_050, kind: 'ALLOCATE' });
    const done = await waitForOperation(t, tokens.staff, `${API}/sim/operations/${op.id}`);
    expect(done).toMatchObject({ status: 'DONE', succeeded: 10_050, processed: 10_050 });
    const { rows } = await t.database.pool.query(`SELECT count(*)::int AS n FROM sims WHERE organization_id = $1`, [f.orgs.I.id]);
    expect(rows[0].n).toBeGreaterThanOrEqual(10_050);
    const audit = await t.database.pool.query(`SELECT after FROM audit_events WHERE entity_id = $1`, [op.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].after).toMatchObject({ moved: 10_050, filter: { tag: 'batch-large' } });
    // A broad search (more than 10,000 matching SIMs) pages through the sort index instead of resolving ids first.
    const broad = await t.call({ method: 'GET', url: `${API}/sim?search=8991&limit=5`, token: tokens.staff });
    expect(broad.statusCode).toBe(200);
    const firstFive = broad.json().data.map((x: { iccid: string }) => x.iccid);
    const { rows: lowest } = await t.database.pool.query(`SELECT primary_iccid FROM sims ORDER BY primary_iccid LIMIT 5`);
    expect(firstFive).toEqual(lowest.map((r) => r.primary_iccid));
    expect(broad.json().meta.totalIsEstimate).toBe(true);
    // An organisation user does not see staff operations.
    expect((await t.call({ method: 'GET', url: `${API}/sim/operations/${op.id}`, token: tokens.c1User })).statusCode).toBe(404);
    // Back to stock the same way.
    const back = await put('/sim/rollback', { filter: { tag: 'batch-large' } });
    expect(back.statusCode).toBe(202);
    expect(await waitForOperation(t, tokens.staff, `${API}/sim/operations/${back.json().data.operation.id}`)).toMatchObject({
      succeeded: 10_050,
    });
    // With a limit, batches updating side by side stop at exactly that many: the first 10,020 by ICCID, none twice.
    const some = await put('/sim/allocate', { filter: { tag: 'batch-large' }, organizationId: f.orgs.I.id, limit: 10_020 });
    expect(some.statusCode, some.body).toBe(202);
    const someOp = some.json().data.operation.id;
    expect(await waitForOperation(t, tokens.staff, `${API}/sim/operations/${someOp}`)).toMatchObject({ status: 'DONE', succeeded: 10_020 });
    const { rows: moved } = await t.database.pool.query(
      `SELECT s.primary_iccid, s.organization_id, count(h.seq)::int AS links FROM sims s
       LEFT JOIN sim_history h ON h.sim_id = s.id AND h.operation_id = $1
       WHERE 'batch-large' = ANY(s.tags) GROUP BY s.id ORDER BY s.primary_iccid`,
      [someOp],
    );
    expect(moved).toHaveLength(10_050);
    expect(moved.slice(0, 10_020).every((r) => r.organization_id === f.orgs.I.id && r.links === 1)).toBe(true);
    expect(moved.slice(10_020).every((r) => r.organization_id === null && r.links === 0)).toBe(true);
  });

  it('an operation left half-done by a stopped process resumes from its cursor', async () => {
    const made = await makeSims(t, 40, { tags: ['resume'] });
    const ordered = made.map((s) => s.iccid).sort();
    const ctx = { actor: null, ip: null, userAgent: null, requestId: null };
    const staffCtx = {
      ...ctx,
      actor: {
        type: 'USER' as const,
        userId: f.actors.staffAdmin.userId,
        sessionId: '',
        label: 'staff admin',
        organizationId: null,
        roleId: '',
        roleName: '',
        authScopes: {},
        scope: { kind: 'all' as const },
      },
    };
    // As if a runner had moved the first 10 and died: RUNNING, an old heartbeat, the cursor after the 10th.
    await t.database.pool.query(`UPDATE sims SET organization_id = $1, status = 'ALLOCATED' WHERE primary_iccid = ANY($2)`, [
      f.orgs.C2.id,
      ordered.slice(0, 10),
    ]);
    const op = await insertOperation(t.deps.db, {
      kind: 'ALLOCATE',
      status: 'RUNNING',
      actor: storedActor(staffCtx),
      params: { kind: 'ALLOCATE', organizationId: f.orgs.C2.id, organizationPath: f.orgs.C2.path, filter: { tag: 'resume' } },
      total: 40,
      processed: 10,
      succeeded: 10,
      cursor: ordered[9]!,
      heartbeatAt: new Date(Date.now() - 10 * 60_000),
    });
    runnerOf(t.deps)!.start();
    const done = await waitForOperation(t, tokens.staff, `${API}/sim/operations/${op.id}`);
    expect(done).toMatchObject({ status: 'DONE', succeeded: 40, processed: 40 });
    const { rows } = await t.database.pool.query(`SELECT count(*)::int AS n FROM sim_history WHERE operation_id = $1`, [op.id]);
    expect(rows[0].n).toBe(30);
  });
});
