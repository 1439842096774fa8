import { ZBlueprint, ZPlan } from '@tarang/shared/plans/plan.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims } from '../sims/sims-test-kit';
import { blueprintOwner, priceChain } from './price-chain';

/**
 * Plans and plan sharing through the API, over the tenancy fixture (R ─┬ C1 ─ G, └ C2; independent I). The chain of
 * the issue: staff share a plan with R at ₹100, R with C1 at ₹120, C1 with G at ₹150.
 */
const { t, f, tokens, rows } = routeTest({
  tenancy: true,
  roles: { 'Plan desk': scopesFrom({ plans: true }), 'Plan reader': scopesFrom({ plans: [] }) },
  users: {
    gAdmin: { email: 'plans.g@plans.test', role: 'Plan desk', org: 'G' },
    c1Reader: { email: 'plans.reader@plans.test', role: 'Plan reader', org: 'C1' },
  },
});

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: TMethod, path: string, token: string = tokens.staff, payload?: unknown) =>
  t.call({ method, url: `${API}${path}`, token, ...(payload !== undefined ? { payload: payload as object } : {}) });
const as = {
  staff: () => tokens.staff,
  r: () => f.actors.rAdmin.token,
  c1: () => f.actors.c1Admin.token,
  g: () => tokens.gAdmin,
  i: () => f.actors.iAdmin.token,
};

let planSeq = 0;
const planBody = (over: Record<string, unknown> = {}) => ({
  name: `Fleet ${++planSeq} GB`,
  description: 'Data for trackers',
  operators: ['AIRTEL', 'VI'],
  dataMb: 1024,
  smsCount: 100,
  validityDays: 30,
  basePrice: 10_000,
  overLimitAction: 'THROTTLE',
  ...over,
});

async function createPlan(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/plans', as.staff(), planBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string };
}

async function share(token: string, planId: string, organizationId: string, price: number) {
  return await call('POST', '/plans/share', token, { planId, organizationId, price });
}

async function shared(token: string, planId: string, organizationId: string, price: number) {
  const res = await share(token, planId, organizationId, price);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe('Plan shared');
  return res.json().data as { id: string; price: number; parentBlueprintId: string | null };
}

/** The chain: provider → R ₹100 → C1 ₹120 → G ₹150. */
async function chainOf(over: Record<string, unknown> = {}) {
  const plan = await createPlan(over);
  const r = await shared(as.staff(), plan.id, f.orgs.R.id, 10_000);
  const c1 = await shared(as.r(), plan.id, f.orgs.C1.id, 12_000);
  const g = await shared(as.c1(), plan.id, f.orgs.G.id, 15_000);
  return { plan, r, c1, g };
}

const auditOf = (action: string, entityId: string) =>
  rows<{ organization_id: string | null; before: unknown; after: unknown; actor_id: string; request_id: string | null }>(
    'SELECT organization_id, before, after, actor_id, request_id FROM audit_events WHERE action = $1 AND entity_id = $2 ORDER BY seq',
    [action, entityId],
  );

describe('the plan catalogue (staff)', () => {
  it('creates a plan in paise, audited; the name is unique whatever its case', async () => {
    const res = await call('POST', '/plans', as.staff(), planBody({ name: 'Tracker 1 GB', basePrice: 12_345 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Plan created');
    const plan = ZPlan.parse(res.json().data);
    expect(plan).toMatchObject({
      name: 'Tracker 1 GB',
      basePrice: 12_345,
      price: 12_345,
      blueprintId: null,
      sharedCount: 0,
      status: 'ACTIVE',
      operators: ['AIRTEL', 'VI'],
    });
    const [audit] = await auditOf('plan.create', plan.id);
    expect(audit).toMatchObject({ organization_id: null, actor_id: f.actors.staffAdmin.userId, after: { basePrice: 12_345 } });
    expect(audit!.request_id).toBeTruthy();

    const again = await call('POST', '/plans', as.staff(), planBody({ name: 'TRACKER 1 gb' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ path: 'name', message: 'A plan with this name already exists' }]);
    const [{ n }] = (await rows<{ n: number }>("SELECT count(*)::int AS n FROM plans WHERE lower(name) = 'tracker 1 gb'")) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const before = await rows<{ n: number }>('SELECT count(*)::int AS n FROM plans');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'Nul\u0000name' }, 400, 'name'],
      [{ name: '   ' }, 400, 'name'],
      [{ basePrice: 0 }, 422, 'basePrice'],
      [{ basePrice: 1.5 }, 422, 'basePrice'],
      [{ basePrice: 10 ** 13 }, 422, 'basePrice'],
      [{ basePrice: '100' }, 422, 'basePrice'],
      [{ basePrice: -100 }, 422, 'basePrice'],
      [{ operators: [] }, 400, 'operators'],
      [{ operators: ['AIRTEL', 'AIRTEL'] }, 400, 'operators'],
      [{ operators: ['JIO'] }, 400, 'operators.0'],
      [{ validityDays: 0 }, 400, 'validityDays'],
      [{ dataMb: 1.5 }, 400, 'dataMb'],
      [{ overLimitAction: 'IGNORE' }, 400, 'overLimitAction'],
      [{ status: 'RETIRED' }, 400, 'status'],
    ];
    for (const [over, status, path] of cases) {
      const res = await call('POST', '/plans', as.staff(), planBody(over));
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(status);
      expect(res.json().errors[0].path, JSON.stringify(over)).toBe(path);
    }
    expect(await rows('SELECT count(*)::int AS n FROM plans')).toEqual(before);
  });

  it('is for staff: organisation users may not add, edit or delete plans (403), whatever their role holds', async () => {
    const plan = await createPlan();
    for (const token of [as.r(), as.c1(), as.i()]) {
      expect((await call('POST', '/plans', token, planBody())).statusCode).toBe(403);
      expect((await call('PUT', `/plans/${plan.id}`, token, { name: 'Taken over' })).statusCode).toBe(403);
      expect((await call('DELETE', `/plans/${plan.id}`, token)).statusCode).toBe(403);
    }
    expect((await call('GET', `/plans/${plan.id}`)).json().data.name).toBe(plan.name);
  });

  it('edits a plan (audited with before and after) and retires it with status RETIRED, then brings it back', async () => {
    const plan = await createPlan();
    const res = await call('PUT', `/plans/${plan.id}`, as.staff(), { basePrice: 11_000, description: null, validityDays: 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Plan updated');
    expect(res.json().data).toMatchObject({ basePrice: 11_000, price: 11_000, description: null, validityDays: 60 });
    const [audit] = await auditOf('plan.update', plan.id);
    expect(audit).toMatchObject({ before: { basePrice: 10_000, validityDays: 30 }, after: { basePrice: 11_000, validityDays: 60 } });

    const retired = await call('PUT', `/plans/${plan.id}`, as.staff(), { status: 'RETIRED' });
    expect(retired.json().data.status).toBe('RETIRED');
    const [row] = await rows<{ status: string; retired_at: Date | null }>('SELECT status, retired_at FROM plans WHERE id = $1', [plan.id]);
    expect(row!.status).toBe('RETIRED');
    expect(row!.retired_at).toBeInstanceOf(Date);
    const back = await call('PUT', `/plans/${plan.id}`, as.staff(), { status: 'ACTIVE' });
    expect(back.json().data.status).toBe('ACTIVE');
    expect((await rows('SELECT retired_at FROM plans WHERE id = $1', [plan.id]))[0]).toEqual({ retired_at: null });

    const other = await createPlan();
    const clash = await call('PUT', `/plans/${other.id}`, as.staff(), { name: plan.name.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0].path).toBe('name');
    // Its own name in another case is not a clash.
    expect((await call('PUT', `/plans/${plan.id}`, as.staff(), { name: plan.name.toUpperCase() })).statusCode).toBe(200);
    expect((await call('PUT', '/plans/f0f0f0f0f0f0f0f0f0f0f0f0', as.staff(), { name: 'Nobody' })).statusCode).toBe(404);
    const bad = await call('PUT', `/plans/${plan.id}`, as.staff(), { basePrice: 99.99 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].path).toBe('basePrice');
  });

  it('deletes a plan nobody uses; one in use answers 409 with the reason, and stays', async () => {
    const unused = await createPlan();
    const del = await call('DELETE', `/plans/${unused.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Plan deleted' });
    expect(await rows('SELECT id FROM plans WHERE id = $1', [unused.id])).toEqual([]);
    expect(await auditOf('plan.delete', unused.id)).toMatchObject([{ before: { id: unused.id, name: unused.name }, after: null }]);
    expect((await call('DELETE', `/plans/${unused.id}`)).statusCode).toBe(404);

    const { plan } = await chainOf();
    const sims = await makeSims(t, 2, { organizationId: f.orgs.G.id, status: 'ACTIVE' });
    await t.database.pool.query('UPDATE sims SET plan_id = $1 WHERE primary_iccid = ANY($2)', [plan.id, sims.map((s) => s.iccid)]);
    const busy = await call('DELETE', `/plans/${plan.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Plan is in use by 3 organisations and 2 SIMs; retire it instead');
    expect(await rows('SELECT id FROM plans WHERE id = $1', [plan.id])).toEqual([{ id: plan.id }]);

    const sharedOnly = await createPlan();
    await shared(as.staff(), sharedOnly.id, f.orgs.I.id, 9_000);
    expect((await call('DELETE', `/plans/${sharedOnly.id}`)).json().message).toBe('Plan is in use by 1 organisation; retire it instead');
  });
});

describe('sharing a plan down the tree', () => {
  it('shares two levels down with margins: staff → R ₹100, R → C1 ₹120, C1 → G ₹150; each share audited', async () => {
    const { plan, r, c1, g } = await chainOf();
    expect(r.parentBlueprintId).toBeNull();
    expect(c1.parentBlueprintId).toBe(r.id);
    expect(g.parentBlueprintId).toBe(c1.id);

    // R's view of C1's share: R sold it at ₹120 and pays ₹100.
    const seen = await call('GET', `/plans/share/${c1.id}`, as.r());
    expect(seen.statusCode).toBe(200);
    expect(ZBlueprint.parse(seen.json().data)).toMatchObject({
      planId: plan.id,
      plan: { id: plan.id, name: plan.name, status: 'ACTIVE' },
      organizationId: f.orgs.C1.id,
      organization: { id: f.orgs.C1.id, tradeName: 'Org C1' },
      price: 12_000,
      sharerPrice: 10_000,
      sharedBy: { organizationId: f.orgs.R.id, label: 'Org R' },
    });
    const provider = (await call('GET', `/plans/share/${r.id}`)).json().data;
    expect(provider).toMatchObject({ price: 10_000, sharerPrice: 10_000, sharedBy: { organizationId: null, label: 'Provider' } });

    const [audit] = await auditOf('plan.share', g.id);
    expect(audit).toMatchObject({ organization_id: f.orgs.G.id, actor_id: f.actors.c1Admin.userId, after: { price: 15_000 } });
    const stored = await rows<{ organization_id: string; price: number }>(
      'SELECT organization_id, price FROM plan_blueprints WHERE plan_id = $1 ORDER BY price',
      [plan.id],
    );
    expect(stored.map((s) => [s.organization_id, Number(s.price)])).toEqual([
      [f.orgs.R.id, 10_000],
      [f.orgs.C1.id, 12_000],
      [f.orgs.G.id, 15_000],
    ]);
  });

  it('refuses a price below what the sharer pays (422 naming price, with both figures) and shares nothing', async () => {
    const plan = await createPlan();
    await shared(as.staff(), plan.id, f.orgs.R.id, 10_000);
    const low = await share(as.r(), plan.id, f.orgs.C1.id, 9_999);
    expect(low.statusCode).toBe(422);
    expect(low.json().errors[0].path).toBe('price');
    expect(low.json().message).toContain('₹100.00');
    expect(low.json().message).toContain('₹99.99');
    // Equal to its own price: no margin, allowed.
    await shared(as.r(), plan.id, f.orgs.C1.id, 10_000);
    expect(await rows('SELECT organization_id FROM plan_blueprints WHERE plan_id = $1 AND price < 10000', [plan.id])).toEqual([]);
  });

  it('an organisation shares only with its direct children: parent, sibling, stranger and unknown are 404; itself and a grandchild 422', async () => {
    const plan = await createPlan();
    await shared(as.staff(), plan.id, f.orgs.R.id, 10_000);
    await shared(as.r(), plan.id, f.orgs.C1.id, 12_000);
    const count = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM plan_blueprints WHERE plan_id = $1', [plan.id]))[0]!.n;
    const before = await count();

    for (const [target, why] of [
      [f.orgs.R.id, 'parent'],
      [f.orgs.C2.id, 'sibling'],
      [f.orgs.I.id, 'stranger'],
      ['f0f0f0f0f0f0f0f0f0f0f0f0', 'unknown'],
    ] as const) {
      const res = await share(as.c1(), plan.id, target, 20_000);
      expect(res.statusCode, why).toBe(404);
      expect(res.json().errors[0].path, why).toBe('organizationId');
    }
    const self = await share(as.c1(), plan.id, f.orgs.C1.id, 20_000);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors[0].path).toBe('organizationId');
    const grandchild = await share(as.r(), plan.id, f.orgs.G.id, 20_000);
    expect(grandchild.statusCode).toBe(422);
    expect(grandchild.json().errors[0].path).toBe('organizationId');
    // A plan the sharer does not hold, and one that does not exist: the same 404 naming planId.
    const other = await createPlan();
    for (const planId of [other.id, 'f0f0f0f0f0f0f0f0f0f0f0f0']) {
      const res = await share(as.c1(), planId, f.orgs.G.id, 20_000);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].path).toBe('planId');
    }
    expect(await count()).toBe(before);
  });

  it('a retired plan is not shared (422 naming planId); a plan already shared with the organisation is a 409', async () => {
    const plan = await createPlan();
    await shared(as.staff(), plan.id, f.orgs.R.id, 10_000);
    const twice = await share(as.staff(), plan.id, f.orgs.R.id, 11_000);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].path).toBe('organizationId');

    await call('PUT', `/plans/${plan.id}`, as.staff(), { status: 'RETIRED' });
    for (const [token, org] of [
      [as.staff(), f.orgs.I.id],
      [as.r(), f.orgs.C1.id],
    ] as const) {
      const res = await share(token, plan.id, org, 12_000);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0].path).toBe('planId');
    }
    expect(await rows('SELECT organization_id FROM plan_blueprints WHERE plan_id = $1', [plan.id])).toEqual([
      { organization_id: f.orgs.R.id },
    ]);
  });

  it('concurrent shares of one plan with one organisation: exactly one is made, the rest are 409', async () => {
    const plan = await createPlan();
    const answers = await Promise.all(Array.from({ length: 8 }, () => share(as.staff(), plan.id, f.orgs.C2.id, 10_000)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await rows('SELECT count(*)::int AS n FROM plan_blueprints WHERE plan_id = $1', [plan.id])).toEqual([{ n: 1 }]);
  });

  it('refuses bad share input naming the field', async () => {
    const plan = await createPlan();
    const base = { planId: plan.id, organizationId: f.orgs.R.id, price: 10_000 };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ price: 0 }, 422, 'price'],
      [{ price: 1.5 }, 422, 'price'],
      [{ price: 10 ** 13 }, 422, 'price'],
      [{ price: '100' }, 422, 'price'],
      [{ price: null }, 422, 'price'],
      [{ planId: 'not-an-id' }, 400, 'planId'],
      [{ organizationId: 'x\u0000' }, 400, 'organizationId'],
      [{ extra: true }, 400, 'extra'],
    ];
    for (const [over, status, path] of cases) {
      const res = await call('POST', '/plans/share', as.staff(), { ...base, ...over });
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(status);
      expect(res.json().errors[0].path, JSON.stringify(over)).toBe(path);
    }
    const blueprint = await shared(as.staff(), plan.id, f.orgs.R.id, 10_000);
    for (const price of [0, 1.5, 10 ** 13, '100']) {
      const res = await call('PUT', `/plans/share/${blueprint.id}`, as.staff(), { price });
      expect(res.statusCode, String(price)).toBe(422);
      expect(res.json().errors[0].path).toBe('price');
    }
    expect(await rows('SELECT price FROM plan_blueprints WHERE plan_id = $1', [plan.id])).toEqual([{ price: 10_000 }]);
  });

  it('needs Allocate to share; the plans module to read', async () => {
    const { plan } = await chainOf();
    const res = await share(tokens.c1Reader, plan.id, f.orgs.G.id, 20_000);
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/plans', tokens.c1Reader)).statusCode).toBe(200);
    expect((await call('GET', '/plans', f.actors.c1Viewer.token)).statusCode).toBe(403);
  });
});

describe('what each organisation sees', () => {
  let chain: Awaited<ReturnType<typeof chainOf>>;
  let strangers: { id: string };
  beforeAll(async () => {
    chain = await chainOf({ name: 'Visible chain plan' });
    // A plan shared only with I, and one shared with nobody.
    strangers = await createPlan({ name: 'Visible stranger plan' });
    await shared(as.staff(), strangers.id, f.orgs.I.id, 9_000);
    await createPlan({ name: 'Visible unshared plan' });
  });

  it('staff see every plan at its base price, without a blueprint, with every share counted', async () => {
    const list = (await call('GET', '/plans?search=visible&sort=name')).json();
    expect(list.meta).toMatchObject({ total: 3, page: 1 });
    expect(
      list.data.map((p: { name: string; sharedCount: number; basePrice: number; blueprintId: null }) => [
        p.name,
        p.sharedCount,
        p.basePrice,
        p.blueprintId,
      ]),
    ).toEqual([
      ['Visible chain plan', 3, 10_000, null],
      ['Visible stranger plan', 1, 10_000, null],
      ['Visible unshared plan', 0, 10_000, null],
    ]);
  });

  it('an organisation sees only plans shared with it, at its own price, without the base price', async () => {
    const c1 = (await call('GET', '/plans?search=visible', as.c1())).json();
    expect(c1.meta.total).toBe(1);
    expect(c1.data).toEqual([
      expect.objectContaining({ id: chain.plan.id, price: 12_000, basePrice: null, blueprintId: chain.c1.id, sharedCount: 1 }),
    ]);
    const g = (await call('GET', '/plans?search=visible', as.g())).json();
    expect(g.data).toEqual([expect.objectContaining({ price: 15_000, basePrice: null, blueprintId: chain.g.id, sharedCount: 0 })]);
    expect(JSON.stringify(g.data)).not.toContain('10000');
    const i = (await call('GET', '/plans?search=visible', as.i())).json();
    expect(i.data.map((p: { id: string; price: number }) => [p.id, p.price])).toEqual([[strangers.id, 9_000]]);

    expect((await call('GET', `/plans/${chain.plan.id}`, as.g())).json().data).toMatchObject({ price: 15_000, basePrice: null });
    expect((await call('GET', `/plans/${strangers.id}`, as.c1())).statusCode).toBe(404);
    expect((await call('GET', `/plans/${chain.plan.id}`, as.i())).statusCode).toBe(404);
    expect((await call('GET', `/plans/${chain.plan.id}`)).json().data).toMatchObject({ basePrice: 10_000, price: 10_000, sharedCount: 3 });
  });

  it('sorts by price and filters by status and operator', async () => {
    const cheap = await createPlan({ name: 'Filter cheap', basePrice: 500, operators: ['BSNL'] });
    const dear = await createPlan({ name: 'Filter dear', basePrice: 90_000, operators: ['BSNL', 'VI'] });
    await call('PUT', `/plans/${dear.id}`, as.staff(), { status: 'RETIRED' });
    const byPrice = (await call('GET', '/plans?search=filter&sort=-price')).json().data;
    expect(byPrice.map((p: { id: string }) => p.id)).toEqual([dear.id, cheap.id]);
    expect((await call('GET', '/plans?search=filter&status=RETIRED')).json().data.map((p: { id: string }) => p.id)).toEqual([dear.id]);
    expect((await call('GET', '/plans?operator=BSNL&search=filter&sort=name')).json().data).toHaveLength(2);
    expect((await call('GET', '/plans?operator=AIRTEL&search=filter')).json().data).toHaveLength(0);
    const bad = await call('GET', '/plans?sort=basePrice');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('querystring.sort');
    expect((await call('GET', '/plans?status=GONE')).statusCode).toBe(400);
  });

  it("lists shares in the caller's subtree; on its own share an organisation sees its own price as the sharer's", async () => {
    const ids = async (token: string, query = '') =>
      ((await call('GET', `/plans/share?planId=${chain.plan.id}${query}`, token)).json().data as { id: string }[]).map((b) => b.id).sort();
    expect(await ids(as.staff())).toEqual([chain.r.id, chain.c1.id, chain.g.id].sort());
    expect(await ids(as.r())).toEqual([chain.r.id, chain.c1.id, chain.g.id].sort());
    expect(await ids(as.c1())).toEqual([chain.c1.id, chain.g.id].sort());
    expect(await ids(as.g())).toEqual([chain.g.id]);
    expect(await ids(as.i())).toEqual([]);
    expect(await ids(as.r(), `&organizationId=${f.orgs.G.id}`)).toEqual([chain.g.id]);
    expect(await ids(as.c1(), `&organizationId=${f.orgs.R.id}`)).toEqual([]);

    const own = (await call('GET', `/plans/share/${chain.c1.id}`, as.c1())).json().data;
    expect(own).toMatchObject({ price: 12_000, sharerPrice: 12_000, sharedBy: { label: 'Org R' } });
    const child = (await call('GET', `/plans/share/${chain.g.id}`, as.c1())).json().data;
    expect(child).toMatchObject({ price: 15_000, sharerPrice: 12_000, sharedBy: { organizationId: f.orgs.C1.id, label: 'Org C1' } });
    expect((await call('GET', `/plans/share/${chain.r.id}`, as.c1())).statusCode).toBe(404);
    expect((await call('GET', `/plans/share/${chain.c1.id}`, as.i())).statusCode).toBe(404);

    const page = (await call('GET', `/plans/share?planId=${chain.plan.id}&sort=price&limit=2`)).json();
    expect(page.meta).toMatchObject({ total: 3, limit: 2, page: 1 });
    expect(page.data.map((b: { price: number }) => b.price)).toEqual([10_000, 12_000]);
    const search = (await call('GET', '/plans/share?search=org%20c1', as.r())).json().data as { organizationId: string }[];
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((b) => b.organizationId === f.orgs.C1.id)).toBe(true);
  });
});

describe('changing a share price', () => {
  it('stays between the sharer’s price and the lowest price sold on, so no margin is negative; audited', async () => {
    const { c1, g } = await chainOf();
    // R raises C1's price above what C1 sells to G at: refused.
    const over = await call('PUT', `/plans/share/${c1.id}`, as.r(), { price: 15_001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors[0].path).toBe('price');
    expect(over.json().message).toContain('a child is sold this plan at ₹150.00');
    // Below what R pays: refused.
    const under = await call('PUT', `/plans/share/${c1.id}`, as.r(), { price: 9_999 });
    expect(under.statusCode).toBe(422);
    expect(under.json().errors[0].path).toBe('price');
    expect(under.json().message).toContain('₹100.00');
    // At either limit: allowed.
    for (const price of [15_000, 10_000, 13_000]) {
      const res = await call('PUT', `/plans/share/${c1.id}`, as.r(), { price });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Price updated', data: { price, sharerPrice: 10_000 } });
    }
    const audits = await auditOf('plan.share.update', c1.id);
    expect(audits.at(-1)).toMatchObject({ organization_id: f.orgs.C1.id, before: { price: 10_000 }, after: { price: 13_000 } });

    // C1 lowers G's price to its own, not below.
    expect((await call('PUT', `/plans/share/${g.id}`, as.c1(), { price: 12_999 })).statusCode).toBe(422);
    expect((await call('PUT', `/plans/share/${g.id}`, as.c1(), { price: 13_000 })).statusCode).toBe(200);
  });

  it('an organisation changes only prices it set: its own is set by its seller, a grandchild’s by the child (422); out of reach is 404', async () => {
    const { r, c1, g } = await chainOf();
    const own = await call('PUT', `/plans/share/${c1.id}`, as.c1(), { price: 12_500 });
    expect(own.statusCode).toBe(422);
    const grand = await call('PUT', `/plans/share/${g.id}`, as.r(), { price: 15_500 });
    expect(grand.statusCode).toBe(422);
    expect((await call('PUT', `/plans/share/${r.id}`, as.c1(), { price: 12_000 })).statusCode).toBe(404);
    expect((await call('PUT', `/plans/share/${c1.id}`, as.i(), { price: 12_000 })).statusCode).toBe(404);
    expect((await call('PUT', '/plans/share/f0f0f0f0f0f0f0f0f0f0f0f0', as.staff(), { price: 12_000 })).statusCode).toBe(404);
    const prices = await rows<{ id: string; price: number }>('SELECT id, price FROM plan_blueprints WHERE id = ANY($1) ORDER BY price', [
      [r.id, c1.id, g.id],
    ]);
    expect(prices.map((p) => Number(p.price))).toEqual([10_000, 12_000, 15_000]);
    // Staff change the provider's price freely, up to what R sells on at.
    expect((await call('PUT', `/plans/share/${r.id}`, as.staff(), { price: 12_001 })).statusCode).toBe(422);
    expect((await call('PUT', `/plans/share/${r.id}`, as.staff(), { price: 8_000 })).statusCode).toBe(200);
  });
});

describe('changing prices while sharing', () => {
  it('a seller raising its buyer’s price while the buyer shares on below the new price: exactly one wins, no margin is negative', async () => {
    for (let round = 0; round < 5; round++) {
      const plan = await createPlan();
      await shared(as.staff(), plan.id, f.orgs.R.id, 10_000);
      const c1 = await shared(as.r(), plan.id, f.orgs.C1.id, 12_000);
      // Sent together, or the share a moment ahead (it reads more before it locks), so that each can arrive first.
      const sharing = share(as.c1(), plan.id, f.orgs.G.id, 13_000);
      if (round % 2 === 1) await new Promise((resolve) => setTimeout(resolve, round * 4));
      const [onward, raise] = await Promise.all([sharing, call('PUT', `/plans/share/${c1.id}`, as.r(), { price: 14_000 })]);
      const won = [raise.statusCode === 200, onward.statusCode === 201];
      expect(won.filter(Boolean), `${raise.body} ${onward.body}`).toHaveLength(1);
      expect((won[0] ? onward : raise).statusCode).toBe(422);
      const prices = await rows<{ organization_id: string; price: number }>(
        'SELECT organization_id, price FROM plan_blueprints WHERE plan_id = $1',
        [plan.id],
      );
      const of = (org: string) => prices.find((p) => p.organization_id === org)?.price;
      if (won[1]) expect([of(f.orgs.C1.id), of(f.orgs.G.id)]).toEqual([12_000, 13_000]);
      else expect([of(f.orgs.C1.id), of(f.orgs.G.id)]).toEqual([14_000, undefined]);
    }
  });
});

describe('priceChain', () => {
  it('runs from the provider-shared blueprint down to the buyer, with each price', async () => {
    const { plan, r, c1, g } = await chainOf({ validityDays: 45 });
    const chain = await priceChain(t.deps.db, f.orgs.G.id, plan.id);
    expect(chain).toEqual({
      plan: { id: plan.id, name: plan.name, validityDays: 45, status: 'ACTIVE' },
      links: [
        { organizationId: f.orgs.R.id, blueprintId: r.id, price: 10_000 },
        { organizationId: f.orgs.C1.id, blueprintId: c1.id, price: 12_000 },
        { organizationId: f.orgs.G.id, blueprintId: g.id, price: 15_000 },
      ],
    });
    // What an activation of one SIM by G pays out: the provider ₹100, R ₹20, C1 ₹30; G pays ₹150.
    const margins = chain.links.slice(0, -1).map((link, i) => chain.links[i + 1]!.price - link.price);
    expect([chain.links[0]!.price, ...margins]).toEqual([10_000, 2_000, 3_000]);
    expect(chain.links[0]!.price + margins.reduce((a, b) => a + b, 0)).toBe(chain.links.at(-1)!.price);

    expect((await priceChain(t.deps.db, f.orgs.R.id, plan.id)).links).toEqual([
      { organizationId: f.orgs.R.id, blueprintId: r.id, price: 10_000 },
    ]);
    await expect(priceChain(t.deps.db, f.orgs.C2.id, plan.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(priceChain(t.deps.db, f.orgs.G.id, 'f0f0f0f0f0f0f0f0f0f0f0f0')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A blueprint read within a scope: C1 reaches G's, I does not.
    const c1Scope = { kind: 'subtree', organizationId: f.orgs.C1.id, path: f.orgs.C1.path } as const;
    const owned = await blueprintOwner(t.deps.db, c1Scope, g.id);
    expect(owned.blueprint).toMatchObject({ id: g.id, organizationId: f.orgs.G.id, parentBlueprintId: c1.id });
    expect(owned.chain).toEqual(chain);
    const iScope = { kind: 'subtree', organizationId: f.orgs.I.id, path: f.orgs.I.path } as const;
    await expect(blueprintOwner(t.deps.db, iScope, g.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await call('PUT', `/plans/${plan.id}`, as.staff(), { status: 'RETIRED' });
    await expect(priceChain(t.deps.db, f.orgs.G.id, plan.id)).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      errors: [{ path: 'blueprintId' }],
    });
  });
});
