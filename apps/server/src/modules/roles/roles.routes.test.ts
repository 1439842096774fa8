import { fullAuthScopes, scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/fixtures';
import { routeTest } from '../../../test/route-test';
import { API, makeRole, makeSignedInUser, makeUser } from '../../../test/test-app';

const { t, f, tokens, rows } = routeTest({ tenancy: true });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token = tokens.staff, payload?: unknown) =>
  t.call({ method, url: `${API}${path}`, token, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('GET /roles/{id}?_id={id}&hydrate=permissions', () => {
  it('every signed-in user reads their own role, with name and authScopes, without the Role module', async () => {
    const viewer = f.actors.c1Viewer;
    const res = await call('GET', `/roles/${viewer.roleId}?_id=${viewer.roleId}&hydrate=permissions`, viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: viewer.roleId, name: 'Org Viewer', authScopes: viewer.authScopes, kind: 'ORGANIZATION' });
    // The Super Admin reads theirs: every module of the catalogue, every action.
    const own = await call('GET', `/roles/${f.roles.superAdminId}?_id=${f.roles.superAdminId}&hydrate=permissions`);
    expect(own.json().data).toMatchObject({ name: 'Super Admin', authScopes: fullAuthScopes(), system: true, kind: 'STAFF' });
  });

  it("another role needs the Role module (403), and one outside reach is 404; a role's holder count is exact", async () => {
    const viewer = f.actors.c1Viewer;
    expect((await call('GET', `/roles/${f.ownRoles.C1.id}`, viewer.token)).statusCode).toBe(403);
    expect((await call('GET', `/roles/${f.ownRoles.C2.id}`, f.actors.c1Admin.token)).statusCode).toBe(404);
    expect((await call('GET', `/roles/${f.roles.superAdminId}`, f.actors.c1Admin.token)).statusCode).toBe(404);
    const adminRole = await call('GET', `/roles/${f.roles.orgAdmin.id}`);
    expect(adminRole.statusCode).toBe(200);
    const [count] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE role_id = $1', [f.roles.orgAdmin.id]);
    const n = count!.n;
    expect(n).toBe(3);
    expect(adminRole.json().data.usersCount).toBe(n);
  });

  it('counts only the holders the caller can see: a platform role held in other organisations is not counted there', async () => {
    // Org Admin is held by the admins of R, C1 and I; C1's tokens.staff sees C1 and G only, R's tokens.staff R and its subtree.
    const holders = async (token: string) => {
      const one = (await call('GET', `/roles/${f.roles.orgAdmin.id}`, token)).json().data.usersCount;
      const own = (await call('GET', `/roles/${f.roles.orgAdmin.id}?_id=${f.roles.orgAdmin.id}&hydrate=permissions`, token)).json().data
        .usersCount;
      const listed = (await call('GET', `/roles?_id=${f.roles.orgAdmin.id}`, token)).json().data[0].usersCount;
      return [one, own, listed];
    };
    expect(await holders(f.actors.c1Admin.token)).toEqual([1, 1, 1]);
    expect(await holders(f.actors.rAdmin.token)).toEqual([2, 2, 2]);
    expect(await holders(f.actors.iAdmin.token)).toEqual([1, 1, 1]);
    expect(await holders(tokens.staff)).toEqual([3, 3, 3]);
    // Basic is held by one member in each of the five organisations.
    const basic = (await call('GET', `/roles?_id=${f.roles.basic.id}`, f.actors.c1Admin.token)).json().data[0];
    expect(basic.usersCount).toBe(2);
  });

  it('400 for unknown query parameters or values', async () => {
    const res = await call('GET', `/roles/${f.roles.basic.id}?hydrate=everything`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('querystring.hydrate');
    const unknown = await call('GET', `/roles/${f.roles.basic.id}?expand=1`);
    expect(unknown.json().errors[0].path).toBe('querystring.expand');
  });
});

describe('GET /roles', () => {
  it('sorts, pages, searches and filters by organisation', async () => {
    for (const name of ['Zonal Lead', 'Area Lead', 'Meter Reader']) await makeRole(t, name, {}, { organizationId: f.orgs.C2.id });
    const list = (await call('GET', `/roles?organizationId=${f.orgs.C2.id}&sort=name`)).json();
    expect(list.data.map((r: { name: string }) => r.name)).toEqual(['Area Lead', 'Meter Reader', 'Own role of C2', 'Zonal Lead']);
    expect(list.meta.total).toBe(4);
    const page = (await call('GET', `/roles?organizationId=${f.orgs.C2.id}&sort=-name&limit=3&page=2`)).json();
    expect(page.data.map((r: { name: string }) => r.name)).toEqual(['Area Lead']);
    const search = (await call('GET', '/roles?search=LEAD&sort=name')).json();
    expect(search.data.map((r: { name: string }) => r.name)).toEqual(['Area Lead', 'Zonal Lead']);
    const bad = await call('GET', '/roles?sort=authScopes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('querystring.sort');
  });
});

describe('POST /roles', () => {
  it('creates a role over the catalogue, audited', async () => {
    const authScopes = scopesFrom({ user: ['add', 'sendMail'], organisation: [] });
    const res = await call('POST', '/roles', f.actors.rAdmin.token, { name: 'Onboarding', description: 'Adds users', authScopes });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Onboarding',
      description: 'Adds users',
      organizationId: f.orgs.R.id,
      kind: 'ORGANIZATION',
      authScopes,
      system: false,
      usersCount: 0,
    });
    const [event] = await rows<{ after: { name: string } }>(
      "SELECT after FROM audit_events WHERE action = 'role.create' AND entity_id = $1",
      [res.json().data.id],
    );
    expect(event?.after.name).toBe('Onboarding');
  });

  it('staff create platform roles of either kind; a staff role owned by an organisation is 400', async () => {
    const staffRole = await call('POST', '/roles', tokens.staff, {
      name: 'Night Shift',
      kind: 'STAFF',
      authScopes: scopesFrom({ job: true }),
    });
    expect(staffRole.statusCode, staffRole.body).toBe(201);
    expect(staffRole.json().data).toMatchObject({ organizationId: null, kind: 'STAFF' });
    const platformOrg = await call('POST', '/roles', tokens.staff, { name: 'Template Reader', authScopes: {} });
    expect(platformOrg.json().data).toMatchObject({ organizationId: null, kind: 'ORGANIZATION' });
    const mixed = await call('POST', '/roles', tokens.staff, { name: 'Mixed', kind: 'STAFF', organizationId: f.orgs.R.id, authScopes: {} });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors[0].path).toBe('kind');
  });

  it('a role name is unique per owner, whatever the case (409 naming name); the same name elsewhere is fine', async () => {
    const first = await call('POST', '/roles', f.actors.iAdmin.token, { name: 'Field Engineer', authScopes: {} });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/roles', f.actors.iAdmin.token, { name: 'FIELD engineer', authScopes: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ path: 'name', message: 'A role with this name already exists' }]);
    const elsewhere = await call('POST', '/roles', f.actors.c1Admin.token, { name: 'Field Engineer', authScopes: {} });
    expect(elsewhere.statusCode).toBe(201);
    const racing = await Promise.all([1, 2, 3].map(() => call('POST', '/roles', tokens.staff, { name: 'Racer', authScopes: {} })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['an unknown module', { name: 'X', authScopes: { 'no-such-module': { allowed: true, actions: {} } } }, 'authScopes.no-such-module'],
    ['an unknown action', { name: 'X', authScopes: { user: { allowed: true, actions: { fly: true } } } }, 'authScopes.user.actions.fly'],
    [
      'an action flag that is not a boolean',
      { name: 'X', authScopes: { user: { allowed: true, actions: { add: 'yes' } } } },
      'authScopes.user.actions.add',
    ],
    ['allowed missing', { name: 'X', authScopes: { user: { actions: {} } } }, 'authScopes.user.allowed'],
    ['an unknown key in a scope', { name: 'X', authScopes: { user: { allowed: true, actions: {}, all: true } } }, 'authScopes.user.all'],
    ['authScopes missing', { name: 'X' }, 'authScopes'],
    ['authScopes as a list', { name: 'X', authScopes: ['user'] }, 'authScopes'],
    ['a missing name', { authScopes: {} }, 'name'],
    ['a name too long', { name: 'n'.repeat(101), authScopes: {} }, 'name'],
    ['a description too long', { name: 'X', description: 'd'.repeat(501), authScopes: {} }, 'description'],
    ['an unknown kind', { name: 'X', kind: 'ROOT', authScopes: {} }, 'kind'],
    ['a bad organisation id', { name: 'X', organizationId: 'R', authScopes: {} }, 'organizationId'],
    ['an unknown field', { name: 'X', authScopes: {}, system: true }, 'system'],
  ])('400 for %s, naming the path', async (_label, payload, path) => {
    const res = await call('POST', '/roles', tokens.staff, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('an organisation that does not exist, or is out of reach, is 404 naming organizationId', async () => {
    for (const organizationId of ['ffffffffffffffffffffffff', f.orgs.I.id]) {
      const res = await call('POST', '/roles', f.actors.rAdmin.token, { name: 'Elsewhere', organizationId, authScopes: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors).toEqual([{ path: 'organizationId', message: 'Organisation not found' }]);
    }
  });
});

describe('PUT /roles/{id}', () => {
  it('renames and narrows a role, audited with before and after', async () => {
    const role = await makeRole(t, 'Editable', scopesFrom({ user: ['add', 'edit'] }), { organizationId: f.orgs.C1.id });
    const res = await call('PUT', `/roles/${role.id}`, f.actors.c1Admin.token, {
      name: 'Edited',
      authScopes: scopesFrom({ user: ['add'] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Edited', authScopes: scopesFrom({ user: ['add'] }) });
    const [event] = await rows<{ before: { name: string }; after: { name: string } }>(
      "SELECT before, after FROM audit_events WHERE action = 'role.update' AND entity_id = $1",
      [role.id],
    );
    expect(event).toMatchObject({ before: { name: 'Editable' }, after: { name: 'Edited' } });
    expect((await call('PUT', `/roles/${role.id}`, f.actors.c1Admin.token, {})).statusCode).toBe(200);
  });

  it("refuses the built-in role, a platform role (for organisation users), one's own role and a richer role", async () => {
    const builtIn = await call('PUT', `/roles/${f.roles.superAdminId}`, tokens.staff, { name: 'Root' });
    expect(builtIn.statusCode).toBe(403);
    const platform = await call('PUT', `/roles/${f.roles.basic.id}`, f.actors.rAdmin.token, { name: 'Mine now' });
    expect(platform.statusCode).toBe(403);
    const { role: staffSelf, session: selfEditor } = await makeSignedInUser(t, {
      email: uniqueEmail('self-editor'),
      role: 'Self Editors',
      authScopes: scopesFrom({ role: true }),
      organizationId: null,
    });
    const ownRole = await call('PUT', `/roles/${staffSelf.id}`, selfEditor.token, { authScopes: fullAuthScopes() });
    expect(ownRole.statusCode).toBe(403);
    const richer = await makeRole(t, 'Treasury', scopesFrom({ wallet: true, role: true }), { kind: 'STAFF' });
    const rename = await call('PUT', `/roles/${richer.id}`, selfEditor.token, { name: 'Mine' });
    expect(rename.statusCode).toBe(403);
    const names = await rows<{ name: string }>('SELECT name FROM roles WHERE id = ANY($1) ORDER BY name', [
      [f.roles.superAdminId, f.roles.basic.id, richer.id],
    ]);
    expect(names.map((r) => r.name)).toEqual(['Basic', 'Super Admin', 'Treasury']);
  });

  it('400 for an unknown field (the owner and kind of a role do not change)', async () => {
    for (const payload of [{ organizationId: f.orgs.C2.id }, { kind: 'STAFF' }]) {
      const res = await call('PUT', `/roles/${f.ownRoles.C1.id}`, tokens.staff, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(Object.keys(payload)[0]);
    }
  });
});

describe('DELETE /roles/{id}', () => {
  it('a role still held is 409; once free it is deleted and audited', async () => {
    const role = await makeRole(t, 'Short Lived', {}, { organizationId: f.orgs.G.id });
    const holder = await makeUser(t, { email: uniqueEmail('holder'), roleId: role.id, organizationId: f.orgs.G.id });
    const held = await call('DELETE', `/roles/${role.id}`, f.actors.c1Admin.token);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('This role is held by 1 users; give them another role first');
    await t.database.pool.query('UPDATE users SET role_id = $1 WHERE id = $2', [f.roles.basic.id, holder.id]);
    const res = await call('DELETE', `/roles/${role.id}`, f.actors.c1Admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Role deleted' });
    expect(await rows("SELECT id FROM audit_events WHERE action = 'role.delete' AND entity_id = $1", [role.id])).toHaveLength(1);
    expect((await call('DELETE', `/roles/${role.id}`, f.actors.c1Admin.token)).statusCode).toBe(404);
  });
});
