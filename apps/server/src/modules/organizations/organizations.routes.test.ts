import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/fixtures';
import { routeTest } from '../../../test/route-test';
import { API, FIXTURE_PASSWORD, makeOrganization, makeUser } from '../../../test/test-app';

const { t, f, tokens, rows } = routeTest({ tenancy: true });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token = tokens.staff, payload?: Record<string, unknown>) =>
  t.call({ method, url: `${API}${path}`, token, ...(payload ? { payload } : {}) });

describe('POST /organization', () => {
  it('staff create an independent organisation with default settings, audited', async () => {
    const res = await call('POST', '/organization', tokens.staff, {
      tradeName: 'Jal Shakti Meters',
      brandName: 'JSM',
      email: 'OPS@JSM.example.in',
    });
    expect(res.statusCode, res.body).toBe(201);
    const org = res.json().data;
    expect(org).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      tradeName: 'Jal Shakti Meters',
      brandName: 'JSM',
      email: 'ops@jsm.example.in',
      parentId: null,
      status: 'ACTIVE',
      settings: { lowBalanceAlertPaise: null, defaultPlanId: null, apiAccess: false },
      childrenCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [event] = await rows<{ after: { tradeName: string } }>(
      "SELECT after FROM audit_events WHERE action = 'organization.create' AND entity_id = $1",
      [org.id],
    );
    expect(event?.after.tradeName).toBe('Jal Shakti Meters');
  });

  it("an organisation admin's new organisation hangs under their own by default", async () => {
    const res = await call('POST', '/organization', f.actors.c1Admin.token, { tradeName: 'C1 Field Team' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.parentId).toBe(f.orgs.C1.id);
    const parentId = await call('POST', '/organization', f.actors.c1Admin.token, { tradeName: 'G Sub Team', parentId: f.orgs.G.id });
    expect(parentId.json().data.parentId).toBe(f.orgs.G.id);
  });

  it.each([
    ['a missing trade name', { brandName: 'x' }, 'tradeName'],
    ['an empty trade name', { tradeName: '  ' }, 'tradeName'],
    ['a trade name too long', { tradeName: 'T'.repeat(201) }, 'tradeName'],
    ['a trade name of the wrong type', { tradeName: ['a'] }, 'tradeName'],
    ['a malformed e-mail', { tradeName: 'Ok', email: 'nope' }, 'email'],
    ['a bad parent id', { tradeName: 'Ok', parentId: 'parent' }, 'parentId'],
    ['an unknown field', { tradeName: 'Ok', path: '/x/' }, 'path'],
    ['settings (saved through their own route)', { tradeName: 'Ok', settings: { apiAccess: true } }, 'settings'],
  ])('400 for %s, naming the field', async (_label, payload, path) => {
    const res = await call('POST', '/organization', tokens.staff, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('a parent that does not exist is 404 naming parentId', async () => {
    const res = await call('POST', '/organization', tokens.staff, { tradeName: 'Orphan', parentId: 'ffffffffffffffffffffffff' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([{ path: 'parentId', message: 'Parent organisation not found' }]);
  });
});

describe('GET /organization', () => {
  it('pages, sorts, searches and filters by _id and parentId', async () => {
    const parent = await makeOrganization(t, 'Listing Parent');
    for (const name of ['Beta Logistics', 'Alpha Telematics', 'Gamma Smart Poles']) await makeOrganization(t, name, parent);
    const base = `/organization?parentId=${parent.id}`;
    const asc = (await call('GET', `${base}&sort=tradeName`)).json();
    expect(asc.data.map((o: { tradeName: string }) => o.tradeName)).toEqual(['Alpha Telematics', 'Beta Logistics', 'Gamma Smart Poles']);
    expect(asc.meta).toEqual({ page: 1, limit: 25, total: 3 });
    const desc = (await call('GET', `${base}&sort=-tradeName&limit=2&page=2`)).json();
    expect(desc.data.map((o: { tradeName: string }) => o.tradeName)).toEqual(['Alpha Telematics']);
    const search = (await call('GET', '/organization?search=SMART%20pole')).json();
    expect(search.data.map((o: { tradeName: string }) => o.tradeName)).toEqual(['Gamma Smart Poles']);
    const byId = (await call('GET', `/organization?_id=${parent.id}`)).json();
    expect(byId.data).toEqual([expect.objectContaining({ id: parent.id, childrenCount: 3 })]);
  });

  it.each([
    ['sort=settings', 'querystring.sort'],
    ['limit=-1', 'querystring.limit'],
    ['_id=R', 'querystring._id'],
    ['parentId=1', 'querystring.parentId'],
    ['status=ACTIVE', 'querystring.status'],
  ])('400 for %s', async (query, path) => {
    const res = await call('GET', `/organization?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('PUT /organization/{id}', () => {
  it('changes names, audited with before and after; an empty body changes nothing', async () => {
    const org = await makeOrganization(t, 'Renamable', f.orgs.R);
    const res = await call('PUT', `/organization/${org.id}`, f.actors.rAdmin.token, { tradeName: 'Renamed Pvt Ltd', brandName: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tradeName: 'Renamed Pvt Ltd', brandName: null, parentId: f.orgs.R.id });
    const [event] = await rows<{ before: { tradeName: string }; after: { tradeName: string } }>(
      "SELECT before, after FROM audit_events WHERE action = 'organization.update' AND entity_id = $1",
      [org.id],
    );
    expect(event).toMatchObject({ before: { tradeName: 'Renamable' }, after: { tradeName: 'Renamed Pvt Ltd' } });
    expect((await call('PUT', `/organization/${org.id}`, tokens.staff, {})).statusCode).toBe(200);
  });

  it('refuses a move under itself or its own descendant (400), even for staff', async () => {
    for (const target of [f.orgs.R.id, f.orgs.G.id]) {
      const res = await call('PUT', `/organization/${f.orgs.R.id}`, tokens.staff, { parentId: target });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('parentId');
    }
  });

  it('disabling an organisation stops its users at once', async () => {
    const org = await makeOrganization(t, 'Soon Disabled', f.orgs.I);
    const email = uniqueEmail('disabled-org');
    await makeUser(t, { email, roleId: f.roles.orgOperator.id, organizationId: org.id });
    const session = await t.login(email, FIXTURE_PASSWORD);
    expect((await call('GET', `/organization/${org.id}`, session.token)).statusCode).toBe(200);
    expect((await call('PUT', `/organization/${org.id}`, f.actors.iAdmin.token, { status: 'DISABLED' })).statusCode).toBe(200);
    expect((await call('GET', `/organization/${org.id}`, session.token)).statusCode).toBe(401);
  });
});

describe('DELETE /organization/{id}', () => {
  it('refuses an organisation that still has children, users or roles (409), deletes an empty one', async () => {
    const parent = await makeOrganization(t, 'Has Child', f.orgs.I);
    const child = await makeOrganization(t, 'Empty Child', parent);
    const busy = await call('DELETE', `/organization/${parent.id}`, f.actors.iAdmin.token);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain('1 child organisations');
    const res = await call('DELETE', `/organization/${child.id}`, f.actors.iAdmin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Organisation deleted' });
    expect(await rows('SELECT id FROM organizations WHERE id = $1', [child.id])).toEqual([]);
    expect(await rows("SELECT id FROM audit_events WHERE action = 'organization.delete' AND entity_id = $1", [child.id])).toHaveLength(1);
    expect((await call('DELETE', `/organization/${parent.id}`, f.actors.iAdmin.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/organization/${parent.id}`, f.actors.iAdmin.token)).statusCode).toBe(404);
  });
});

describe('organisation settings', () => {
  it('GET returns the defaults; PUT merges the given keys and audits the change', async () => {
    const org = await makeOrganization(t, 'Settings Co', f.orgs.R);
    const get = await call('GET', `/organization/${org.id}/settings`, f.actors.rAdmin.token);
    expect(get.json()).toEqual({ success: true, data: { lowBalanceAlertPaise: null, defaultPlanId: null, apiAccess: false } });
    const put = await call('PUT', `/organization/${org.id}/settings`, f.actors.rAdmin.token, { lowBalanceAlertPaise: 50_000 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      success: true,
      message: 'Settings saved',
      data: { lowBalanceAlertPaise: 50_000, defaultPlanId: null, apiAccess: false },
    });
    const second = await call('PUT', `/organization/${org.id}/settings`, f.actors.rAdmin.token, {
      apiAccess: true,
      defaultPlanId: 'abcdefabcdefabcdefabcdef',
    });
    expect(second.json().data).toEqual({ lowBalanceAlertPaise: 50_000, defaultPlanId: 'abcdefabcdefabcdefabcdef', apiAccess: true });
    expect((await call('GET', `/organization/${org.id}`, tokens.staff)).json().data.settings).toEqual(second.json().data);
    const events = await rows<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_events WHERE action = 'organization.settings_update' AND entity_id = $1 ORDER BY seq",
      [org.id],
    );
    expect(events[0]).toEqual({
      before: { lowBalanceAlertPaise: null, defaultPlanId: null, apiAccess: false },
      after: { lowBalanceAlertPaise: 50_000, defaultPlanId: null, apiAccess: false },
    });
  });

  it.each([
    ['a negative alert', { lowBalanceAlertPaise: -1 }, 'lowBalanceAlertPaise'],
    ['a fractional alert (paise are whole)', { lowBalanceAlertPaise: 10.5 }, 'lowBalanceAlertPaise'],
    ['an alert given as text', { lowBalanceAlertPaise: '100' }, 'lowBalanceAlertPaise'],
    ['a bad plan id', { defaultPlanId: 'basic' }, 'defaultPlanId'],
    ['apiAccess as text', { apiAccess: 'yes' }, 'apiAccess'],
    ['an unknown setting', { theme: 'dark' }, 'theme'],
  ])('400 for %s', async (_label, payload, path) => {
    const res = await call('PUT', `/organization/${f.orgs.R.id}/settings`, tokens.staff, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('moving a subtree', () => {
  it('staff move C1 (with its child G) from R to I: reach follows the new ancestor, not the old', async () => {
    const gUser = f.members.G.id;
    const asR = (path: string) => call('GET', path, f.actors.rAdmin.token);
    const asI = (path: string) => call('GET', path, f.actors.iAdmin.token);
    expect((await asR(`/users/${gUser}`)).statusCode).toBe(200);
    expect((await asI(`/users/${gUser}`)).statusCode).toBe(404);

    const res = await call('PUT', `/organization/${f.orgs.C1.id}`, tokens.staff, { parentId: f.orgs.I.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.parentId).toBe(f.orgs.I.id);

    const paths = await rows<{ id: string; path: string }>('SELECT id, path FROM organizations WHERE id = ANY($1)', [
      [f.orgs.C1.id, f.orgs.G.id],
    ]);
    const pathOf = Object.fromEntries(paths.map((p) => [p.id, p.path]));
    expect(pathOf[f.orgs.C1.id]).toBe(`/${f.orgs.I.id}/${f.orgs.C1.id}/`);
    expect(pathOf[f.orgs.G.id]).toBe(`/${f.orgs.I.id}/${f.orgs.C1.id}/${f.orgs.G.id}/`);

    expect((await asI(`/users/${gUser}`)).statusCode).toBe(200);
    expect((await asR(`/users/${gUser}`)).statusCode).toBe(404);
    expect((await asR(`/organization/${f.orgs.G.id}`)).statusCode).toBe(404);
    const iOrgs = (await asI('/organization?limit=500')).json().data.map((o: { id: string }) => o.id);
    expect(iOrgs).toEqual(expect.arrayContaining([f.orgs.I.id, f.orgs.C1.id, f.orgs.G.id]));
    const rOrgs = (await asR('/organization?limit=500')).json().data.map((o: { id: string }) => o.id);
    expect(rOrgs).not.toContain(f.orgs.C1.id);
    expect(rOrgs).not.toContain(f.orgs.G.id);
    // The C1 tokens.staff still reaches their own subtree, whoever its parent is.
    expect((await call('GET', `/users/${gUser}`, f.actors.c1Admin.token)).statusCode).toBe(200);
    // Staff can make it independent again.
    const root = await call('PUT', `/organization/${f.orgs.C1.id}`, tokens.staff, { parentId: null });
    expect(root.json().data.parentId).toBeNull();
    expect((await rows<{ path: string }>('SELECT path FROM organizations WHERE id = $1', [f.orgs.G.id]))[0]?.path).toBe(
      `/${f.orgs.C1.id}/${f.orgs.G.id}/`,
    );
    expect((await asI(`/users/${gUser}`)).statusCode).toBe(404);
  });
});
