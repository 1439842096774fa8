import { hasPermission, scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTOR_KEYS,
  ACTOR_SPECS,
  actorScopes,
  buildTenancyFixture,
  ORG_KEYS,
  reaches,
  reachesByParents,
  relation,
  type TActorKey,
  type TOrgKey,
  type TTenancyFixture,
  uniqueEmail,
} from './fixtures';
import { API, createTestApp, makeOrganization, makeRole, makeUser, type TTestApp } from './test-app';

/**
 * The tenancy matrix of the management API: every acting user × every organisation of the tree ×
 * every route of users, organisations and roles. The rule, in order: a missing permission is 403;
 * an object outside the caller's reach is 404 (a list simply leaves it out); otherwise the route works.
 * Refused changes are checked in the database: they never happen.
 */

let t: TTestApp;
let f: TTenancyFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildTenancyFixture(t);
});
afterAll(async () => t.close());

type TRes = Awaited<ReturnType<TTestApp['call']>>;
type TOutcome = {
  res: TRes;
  /** List routes: the rows the filter matches, each with the organisation it belongs to; the list holds those in reach. */
  candidates?: { id: string; org: string }[];
  /** Checks the change in the database: made when the call succeeded, absent otherwise. */
  verify?: (applied: boolean) => Promise<void>;
};
type TRoute = {
  name: string;
  module: string;
  action?: string;
  /** The status when allowed and in reach; list routes are always 200 once permitted. */
  status: 200 | 201;
  list?: boolean;
  run: (actor: TActorKey, target: TOrgKey) => Promise<TOutcome>;
};

async function candidates(sql: string, params: unknown[]): Promise<{ id: string; org: string }[]> {
  const { rows } = await t.database.pool.query<{ id: string; org: string }>(sql, params);
  return rows;
}
async function ids(sql: string, params: unknown[]): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ id: string }>(sql, params);
  return rows.map((r) => r.id).sort();
}
async function one<T>(sql: string, params: unknown[]): Promise<T | undefined> {
  const { rows } = await t.database.pool.query(sql, params);
  return rows[0] as T | undefined;
}

const token = (actor: TActorKey) => f.actors[actor].token;
const orgId = (key: TOrgKey) => f.orgs[key].id;
let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}`;

const routes: TRoute[] = [
  {
    name: 'list users of the organisation',
    module: 'user',
    status: 200,
    list: true,
    run: async (actor, target) => ({
      res: await t.call({ method: 'GET', url: `${API}/users?organizationId=${orgId(target)}&limit=500`, token: token(actor) }),
      candidates: await candidates('SELECT id, organization_id AS org FROM users WHERE organization_id = $1', [orgId(target)]),
    }),
  },
  {
    name: 'list users by _id',
    module: 'user',
    status: 200,
    list: true,
    run: async (actor, target) => ({
      res: await t.call({ method: 'GET', url: `${API}/users?_id=${f.members[target].id}`, token: token(actor) }),
      candidates: [{ id: f.members[target].id, org: orgId(target) }],
    }),
  },
  {
    name: 'list organisations by _id',
    module: 'organisation',
    status: 200,
    list: true,
    run: async (actor, target) => ({
      res: await t.call({ method: 'GET', url: `${API}/organization?_id=${orgId(target)}`, token: token(actor) }),
      candidates: [{ id: orgId(target), org: orgId(target) }],
    }),
  },
  {
    name: 'list child organisations',
    module: 'organisation',
    status: 200,
    list: true,
    run: async (actor, target) => ({
      res: await t.call({ method: 'GET', url: `${API}/organization?parentId=${orgId(target)}&limit=500`, token: token(actor) }),
      candidates: await candidates('SELECT id, id AS org FROM organizations WHERE parent_id = $1', [orgId(target)]),
    }),
  },
  {
    name: 'list roles of the organisation',
    module: 'role',
    status: 200,
    list: true,
    run: async (actor, target) => ({
      res: await t.call({ method: 'GET', url: `${API}/roles?organizationId=${orgId(target)}&limit=500`, token: token(actor) }),
      candidates: await candidates('SELECT id, organization_id AS org FROM roles WHERE organization_id = $1', [orgId(target)]),
    }),
  },
  {
    name: 'get a user',
    module: 'user',
    status: 200,
    run: async (actor, target) => {
      const res = await t.call({ method: 'GET', url: `${API}/users/${f.members[target].id}`, token: token(actor) });
      return {
        res,
        verify: async (applied) => {
          if (applied) expect(res.json().data).toMatchObject({ id: f.members[target].id, organization: { id: orgId(target) } });
        },
      };
    },
  },
  {
    name: 'get an organisation',
    module: 'organisation',
    status: 200,
    run: async (actor, target) => {
      const res = await t.call({ method: 'GET', url: `${API}/organization/${orgId(target)}`, token: token(actor) });
      return {
        res,
        verify: async (applied) => {
          if (applied) expect(res.json().data).toMatchObject({ id: orgId(target), tradeName: `Org ${target}` });
        },
      };
    },
  },
  {
    name: 'get a role',
    module: 'role',
    status: 200,
    run: async (actor, target) => {
      const role = f.ownRoles[target];
      const res = await t.call({ method: 'GET', url: `${API}/roles/${role.id}?_id=${role.id}&hydrate=permissions`, token: token(actor) });
      return {
        res,
        verify: async (applied) => {
          if (applied) expect(res.json().data).toMatchObject({ id: role.id, name: role.name, authScopes: role.authScopes });
        },
      };
    },
  },
  {
    name: 'get settings',
    module: 'organisation',
    status: 200,
    run: async (actor, target) => {
      const res = await t.call({ method: 'GET', url: `${API}/organization/${orgId(target)}/settings`, token: token(actor) });
      return {
        res,
        verify: async (applied) => {
          if (applied) expect(Object.keys(res.json().data).sort()).toEqual(['apiAccess', 'defaultPlanId', 'lowBalanceAlertPaise']);
        },
      };
    },
  },
  {
    name: 'create a user',
    module: 'user',
    action: 'add',
    status: 201,
    run: async (actor, target) => {
      const email = uniqueEmail('created');
      const res = await t.call({
        method: 'POST',
        url: `${API}/users`,
        token: token(actor),
        payload: { firstName: 'New', lastName: 'Member', email, role: f.roles.basic.id, organizationId: orgId(target) },
      });
      return {
        res,
        verify: async (applied) => {
          const row = await one<{ organization_id: string; status: string }>('SELECT organization_id, status FROM users WHERE email = $1', [
            email,
          ]);
          expect(row).toEqual(applied ? { organization_id: orgId(target), status: 'INVITED' } : undefined);
        },
      };
    },
  },
  {
    name: 'update a user',
    module: 'user',
    action: 'edit',
    status: 200,
    run: async (actor, target) => {
      const lastName = unique('Renamed');
      const res = await t.call({ method: 'PUT', url: `${API}/users/${f.members[target].id}`, token: token(actor), payload: { lastName } });
      return {
        res,
        verify: async (applied) => {
          const row = await one<{ last_name: string }>('SELECT last_name FROM users WHERE id = $1', [f.members[target].id]);
          if (applied) expect(row?.last_name).toBe(lastName);
          else expect(row?.last_name).not.toBe(lastName);
        },
      };
    },
  },
  {
    name: 'delete a user',
    module: 'user',
    action: 'delete',
    status: 200,
    run: async (actor, target) => {
      const victim = await makeUser(t, { email: uniqueEmail('victim'), roleId: f.roles.basic.id, organizationId: orgId(target) });
      const res = await t.call({ method: 'DELETE', url: `${API}/users/${victim.id}`, token: token(actor) });
      return {
        res,
        verify: async (applied) => {
          expect(await ids('SELECT id FROM users WHERE id = $1', [victim.id])).toEqual(applied ? [] : [victim.id]);
        },
      };
    },
  },
  {
    name: 'send mail to a user',
    module: 'user',
    action: 'sendMail',
    status: 200,
    run: async (actor, target) => {
      const countMail = async () =>
        Number((await one<{ n: string }>('SELECT count(*) AS n FROM outbox_messages WHERE recipient = $1', [f.members[target].email]))?.n);
      const before = await countMail();
      const res = await t.call({ method: 'POST', url: `${API}/users/${f.members[target].id}/send-mail`, token: token(actor) });
      return { res, verify: async (applied) => expect(await countMail()).toBe(before + (applied ? 1 : 0)) };
    },
  },
  {
    name: 'create a child organisation',
    module: 'organisation',
    action: 'add',
    status: 201,
    run: async (actor, target) => {
      const tradeName = unique('New child');
      const res = await t.call({
        method: 'POST',
        url: `${API}/organization`,
        token: token(actor),
        payload: { tradeName, parentId: orgId(target) },
      });
      return {
        res,
        verify: async (applied) => {
          const row = await one<{ parent_id: string }>('SELECT parent_id FROM organizations WHERE trade_name = $1', [tradeName]);
          expect(row).toEqual(applied ? { parent_id: orgId(target) } : undefined);
        },
      };
    },
  },
  {
    name: 'update an organisation',
    module: 'organisation',
    action: 'edit',
    status: 200,
    run: async (actor, target) => {
      const brandName = unique('Brand');
      const res = await t.call({ method: 'PUT', url: `${API}/organization/${orgId(target)}`, token: token(actor), payload: { brandName } });
      return {
        res,
        verify: async (applied) => {
          const row = await one<{ brand_name: string | null }>('SELECT brand_name FROM organizations WHERE id = $1', [orgId(target)]);
          if (applied) expect(row?.brand_name).toBe(brandName);
          else expect(row?.brand_name).not.toBe(brandName);
        },
      };
    },
  },
  {
    name: 'delete an (empty) child organisation',
    module: 'organisation',
    action: 'delete',
    status: 200,
    run: async (actor, target) => {
      const leaf = await makeOrganization(t, unique('Leaf'), f.orgs[target]);
      const res = await t.call({ method: 'DELETE', url: `${API}/organization/${leaf.id}`, token: token(actor) });
      return {
        res,
        verify: async (applied) =>
          expect(await ids('SELECT id FROM organizations WHERE id = $1', [leaf.id])).toEqual(applied ? [] : [leaf.id]),
      };
    },
  },
  {
    name: 'save settings',
    module: 'organisation',
    action: 'editSettings',
    status: 200,
    run: async (actor, target) => {
      const paise = 100_000 + ++seq;
      const res = await t.call({
        method: 'PUT',
        url: `${API}/organization/${orgId(target)}/settings`,
        token: token(actor),
        payload: { lowBalanceAlertPaise: paise },
      });
      return {
        res,
        verify: async (applied) => {
          const row = await one<{ settings: { lowBalanceAlertPaise: number | null } }>('SELECT settings FROM organizations WHERE id = $1', [
            orgId(target),
          ]);
          if (applied) expect(row?.settings.lowBalanceAlertPaise).toBe(paise);
          else expect(row?.settings.lowBalanceAlertPaise).not.toBe(paise);
        },
      };
    },
  },
  {
    name: 'create a role',
    module: 'role',
    action: 'add',
    status: 201,
    run: async (actor, target) => {
      const name = unique('Created role');
      const res = await t.call({
        method: 'POST',
        url: `${API}/roles`,
        token: token(actor),
        payload: { name, organizationId: orgId(target), authScopes: scopesFrom({ user: [] }) },
      });
      return {
        res,
        verify: async (applied) => {
          const row = await one<{ organization_id: string }>('SELECT organization_id FROM roles WHERE name = $1', [name]);
          expect(row).toEqual(applied ? { organization_id: orgId(target) } : undefined);
        },
      };
    },
  },
  {
    name: 'update a role',
    module: 'role',
    action: 'edit',
    status: 200,
    run: async (actor, target) => {
      const description = unique('Described');
      const res = await t.call({
        method: 'PUT',
        url: `${API}/roles/${f.ownRoles[target].id}`,
        token: token(actor),
        payload: { description },
      });
      return {
        res,
        verify: async (applied) => {
          const row = await one<{ description: string | null }>('SELECT description FROM roles WHERE id = $1', [f.ownRoles[target].id]);
          if (applied) expect(row?.description).toBe(description);
          else expect(row?.description).not.toBe(description);
        },
      };
    },
  },
  {
    name: 'delete a role',
    module: 'role',
    action: 'delete',
    status: 200,
    run: async (actor, target) => {
      const role = await makeRole(t, unique('Doomed role'), {}, { organizationId: orgId(target) });
      const res = await t.call({ method: 'DELETE', url: `${API}/roles/${role.id}`, token: token(actor) });
      return {
        res,
        verify: async (applied) => expect(await ids('SELECT id FROM roles WHERE id = $1', [role.id])).toEqual(applied ? [] : [role.id]),
      };
    },
  },
];

function expectedStatus(actor: TActorKey, route: TRoute, target: TOrgKey): number {
  if (!hasPermission(actorScopes(actor), route.module, route.action)) return 403;
  if (route.list) return 200;
  return reaches(actor, target) ? route.status : 404;
}

const cells = ACTOR_KEYS.flatMap((actor) =>
  routes.flatMap((route) =>
    ORG_KEYS.map((target) => ({
      actor,
      route,
      target,
      expected: expectedStatus(actor, route, target),
      label: `${ACTOR_SPECS[actor].label} · ${route.name} · ${target} (${relation(actor, target)})`,
    })),
  ),
);

describe('tenancy matrix', () => {
  it('covers every actor, route and organisation, with every outcome present', () => {
    expect(cells).toHaveLength(ACTOR_KEYS.length * routes.length * ORG_KEYS.length);
    const outcomes = new Set(cells.map((c) => c.expected));
    expect([...outcomes].sort()).toEqual([200, 201, 403, 404]);
    const relations = new Set(cells.map((c) => relation(c.actor, c.target)));
    expect([...relations].sort()).toEqual(['any', 'child', 'foreign', 'grandchild', 'own', 'parent', 'sibling']);
  });

  it('the expected reach agrees with the parent links stored in the database', async () => {
    for (const actor of ACTOR_KEYS) {
      const own = ACTOR_SPECS[actor].org;
      for (const target of ORG_KEYS) expect(await reachesByParents(t, own ? orgId(own) : null, orgId(target))).toBe(reaches(actor, target));
    }
  });

  it.each(cells)('$label → $expected', async ({ actor, route, target, expected }) => {
    const { res, candidates: matching, verify } = await route.run(actor, target);
    expect(res.statusCode, res.body).toBe(expected);
    const body = res.json();
    if (expected >= 400) {
      expect(body).toMatchObject({ success: false, code: expected === 403 ? 'FORBIDDEN' : 'NOT_FOUND' });
      expect(body.data).toBeUndefined();
    } else {
      expect(body.success).toBe(true);
    }
    if (route.list && expected === 200) {
      const returned = (body.data as { id: string }[]).map((row) => row.id).sort();
      const own = ACTOR_SPECS[actor].org;
      const expectedIds: string[] = [];
      for (const row of matching ?? []) if (await reachesByParents(t, own ? orgId(own) : null, row.org)) expectedIds.push(row.id);
      expect(returned).toEqual(expectedIds.sort());
      // Nothing from outside reach, whatever the filter names.
      if (!reaches(actor, target) && route.name !== 'list child organisations') expect(returned).toEqual([]);
      expect(body.meta.total).toBe(returned.length);
    }
    await verify?.(expected < 300);
  });
});

describe('listing never leaks rows from outside reach', () => {
  async function reachable(actor: TActorKey, organizationId: string | null) {
    if (organizationId === null) return ACTOR_SPECS[actor].org === null;
    const own = ACTOR_SPECS[actor].org;
    return await reachesByParents(t, own ? orgId(own) : null, organizationId);
  }

  async function listAll(actor: TActorKey, path: string): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const res = await t.call({ method: 'GET', url: `${API}/${path}?limit=7&page=${page}`, token: token(actor) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      out.push(...body.data.map((row: { id: string }) => row.id));
      if (body.data.length < 7) {
        expect(body.meta.total).toBe(out.length);
        break;
      }
    }
    expect(new Set(out).size).toBe(out.length);
    return out.sort();
  }

  const usersActors = ACTOR_KEYS.filter((a) => hasPermission(actorScopes(a), 'user'));
  const orgActors = ACTOR_KEYS.filter((a) => hasPermission(actorScopes(a), 'organisation'));
  const roleActors = ACTOR_KEYS.filter((a) => hasPermission(actorScopes(a), 'role'));

  it.each(usersActors)('GET /users as %s holds exactly the users in reach, page by page', async (actor) => {
    const { rows } = await t.database.pool.query<{ id: string; organization_id: string | null }>('SELECT id, organization_id FROM users');
    const expected: string[] = [];
    for (const row of rows) if (await reachable(actor, row.organization_id)) expected.push(row.id);
    expect(await listAll(actor, 'users')).toEqual(expected.sort());
  });

  it.each(orgActors)('GET /organization as %s holds exactly the organisations in reach', async (actor) => {
    const { rows } = await t.database.pool.query<{ id: string }>('SELECT id FROM organizations');
    const expected: string[] = [];
    for (const row of rows) if (await reachable(actor, row.id)) expected.push(row.id);
    expect(await listAll(actor, 'organization')).toEqual(expected.sort());
  });

  it.each(roleActors)('GET /roles as %s holds the platform roles it may use and the roles of organisations in reach', async (actor) => {
    const { rows } = await t.database.pool.query<{ id: string; organization_id: string | null; kind: string }>(
      'SELECT id, organization_id, kind FROM roles',
    );
    const staff = ACTOR_SPECS[actor].org === null;
    const expected: string[] = [];
    for (const row of rows) {
      const visible = staff || (row.organization_id === null ? row.kind === 'ORGANIZATION' : await reachable(actor, row.organization_id));
      if (visible) expected.push(row.id);
    }
    expect(await listAll(actor, 'roles')).toEqual(expected.sort());
  });

  it('an organisation user cannot see staff users, by list, by id or by search', async () => {
    const staffIds = await ids('SELECT id FROM users WHERE organization_id IS NULL', []);
    expect(staffIds.length).toBeGreaterThanOrEqual(2);
    for (const actor of ['rAdmin', 'c1Admin', 'iAdmin'] as const) {
      const list = await t.call({ method: 'GET', url: `${API}/users?limit=500`, token: token(actor) });
      expect(list.json().data.map((u: { id: string }) => u.id)).not.toEqual(expect.arrayContaining([staffIds[0]]));
      for (const id of staffIds) {
        const res = await t.call({ method: 'GET', url: `${API}/users/${id}`, token: token(actor) });
        expect(res.statusCode).toBe(404);
        const byId = await t.call({ method: 'GET', url: `${API}/users?_id=${id}`, token: token(actor) });
        expect(byId.json().data).toEqual([]);
      }
      const search = await t.call({ method: 'GET', url: `${API}/search/admin?from=users`, token: token(actor) });
      expect(search.statusCode).toBe(200);
      for (const u of search.json().data.USERS) expect(staffIds).not.toContain(u.id);
    }
  });
});

describe('fields a caller may not set are refused, never applied', () => {
  it('an organisation admin cannot create or widen a role beyond their own permissions (403)', async () => {
    const create = await t.call({
      method: 'POST',
      url: `${API}/roles`,
      token: token('rAdmin'),
      payload: { name: 'Wallet role', authScopes: scopesFrom({ wallet: ['sendMoney'] }) },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().errors).toEqual([{ path: 'authScopes', message: 'You cannot grant permissions you do not hold' }]);
    expect(await ids('SELECT id FROM roles WHERE name = $1', ['Wallet role'])).toEqual([]);

    const widen = await t.call({
      method: 'PUT',
      url: `${API}/roles/${f.ownRoles.C1.id}`,
      token: token('c1Admin'),
      payload: { authScopes: scopesFrom({ user: [], 'sim-inventory': ['allocate'] }) },
    });
    expect(widen.statusCode).toBe(403);
    const row = await one<{ auth_scopes: unknown }>('SELECT auth_scopes FROM roles WHERE id = $1', [f.ownRoles.C1.id]);
    expect(row?.auth_scopes).toEqual(f.ownRoles.C1.authScopes);
  });

  it('an organisation admin cannot create a staff role or a platform role', async () => {
    const staffRole = await t.call({
      method: 'POST',
      url: `${API}/roles`,
      token: token('rAdmin'),
      payload: { name: 'Sneaky staff', kind: 'STAFF', authScopes: {} },
    });
    expect(staffRole.statusCode).toBe(403);
    expect(staffRole.json().errors[0].path).toBe('kind');
    const platform = await t.call({
      method: 'POST',
      url: `${API}/roles`,
      token: token('rAdmin'),
      payload: { name: 'Owned by me', authScopes: {} },
    });
    expect(platform.statusCode).toBe(201);
    expect(platform.json().data).toMatchObject({ organizationId: orgId('R'), kind: 'ORGANIZATION' });
  });

  it('an organisation admin cannot give a user a staff role', async () => {
    for (const role of [f.roles.superAdminId, f.roles.staffSupport.id]) {
      const update = await t.call({ method: 'PUT', url: `${API}/users/${f.members.C1.id}`, token: token('rAdmin'), payload: { role } });
      expect(update.statusCode).toBe(404);
      expect(update.json().errors).toEqual([{ path: 'role', message: 'Role not found' }]);
      const create = await t.call({
        method: 'POST',
        url: `${API}/users`,
        token: token('rAdmin'),
        payload: { firstName: 'Staff', lastName: 'Wannabe', email: uniqueEmail('wannabe'), role, organizationId: orgId('C1') },
      });
      expect(create.statusCode).toBe(404);
    }
    const row = await one<{ role_id: string }>('SELECT role_id FROM users WHERE id = $1', [f.members.C1.id]);
    expect(row?.role_id).toBe(f.roles.basic.id);
    expect(await ids("SELECT id FROM users WHERE first_name = 'Staff' AND last_name = 'Wannabe'", [])).toEqual([]);
  });

  it('an organisation admin cannot make a staff user, nor give a role that grants more than they hold', async () => {
    const staffUser = await t.call({
      method: 'POST',
      url: `${API}/users`,
      token: token('rAdmin'),
      payload: { firstName: 'No', lastName: 'Org', email: uniqueEmail('noorg'), role: f.roles.basic.id, organizationId: null },
    });
    expect(staffUser.statusCode).toBe(403);
    expect(staffUser.json().errors[0].path).toBe('organizationId');
    const richer = await makeRole(t, 'Richer than admin', scopesFrom({ wallet: true }), { organizationId: orgId('R') });
    const give = await t.call({
      method: 'PUT',
      url: `${API}/users/${f.members.R.id}`,
      token: token('rAdmin'),
      payload: { role: richer.id },
    });
    expect(give.statusCode).toBe(403);
    expect(give.json().errors[0].path).toBe('role');
    expect((await one<{ role_id: string }>('SELECT role_id FROM users WHERE id = $1', [f.members.R.id]))?.role_id).toBe(f.roles.basic.id);
  });

  it('a caller cannot change their own role, status or organisation, but may edit their own name', async () => {
    const me = f.actors.c1Admin;
    for (const payload of [{ role: f.roles.basic.id }, { status: 'DISABLED' }, { organizationId: orgId('G') }]) {
      const res = await t.call({ method: 'PUT', url: `${API}/users/${me.userId}`, token: me.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const row = await one<{ role_id: string; status: string; organization_id: string }>(
      'SELECT role_id, status, organization_id FROM users WHERE id = $1',
      [me.userId],
    );
    expect(row).toEqual({ role_id: f.roles.orgAdmin.id, status: 'ACTIVE', organization_id: orgId('C1') });
    // The profile form sends the unchanged values back: that is not a change.
    const profile = await t.call({
      method: 'PUT',
      url: `${API}/users/${me.userId}`,
      token: me.token,
      payload: { firstName: 'Chitra', role: me.roleId, organizationId: orgId('C1'), status: 'ACTIVE' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.firstName).toBe('Chitra');
    const deleteSelf = await t.call({ method: 'DELETE', url: `${API}/users/${me.userId}`, token: me.token });
    expect(deleteSelf.statusCode).toBe(403);
  });

  it('an organisation admin cannot move, disable or delete their own organisation', async () => {
    for (const payload of [{ parentId: orgId('G') }, { parentId: null }, { status: 'DISABLED' }]) {
      const res = await t.call({ method: 'PUT', url: `${API}/organization/${orgId('C1')}`, token: token('c1Admin'), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const del = await t.call({ method: 'DELETE', url: `${API}/organization/${orgId('C1')}`, token: token('c1Admin') });
    expect(del.statusCode).toBe(403);
    const row = await one<{ parent_id: string; status: string }>('SELECT parent_id, status FROM organizations WHERE id = $1', [
      orgId('C1'),
    ]);
    expect(row).toEqual({ parent_id: orgId('R'), status: 'ACTIVE' });
  });

  it('an organisation admin cannot move a child organisation out of reach, nor under its own descendant', async () => {
    const out = await t.call({
      method: 'PUT',
      url: `${API}/organization/${orgId('C1')}`,
      token: token('rAdmin'),
      payload: { parentId: orgId('I') },
    });
    expect(out.statusCode).toBe(404);
    expect(out.json().errors[0].path).toBe('parentId');
    const cycle = await t.call({
      method: 'PUT',
      url: `${API}/organization/${orgId('C1')}`,
      token: token('rAdmin'),
      payload: { parentId: orgId('G') },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors[0].path).toBe('parentId');
    const root = await t.call({
      method: 'PUT',
      url: `${API}/organization/${orgId('C1')}`,
      token: token('rAdmin'),
      payload: { parentId: null },
    });
    expect(root.statusCode).toBe(403);
    expect((await one<{ parent_id: string }>('SELECT parent_id FROM organizations WHERE id = $1', [orgId('C1')]))?.parent_id).toBe(
      orgId('R'),
    );
  });

  it('an organisation cannot grant itself API access; its parent can', async () => {
    const self = await t.call({
      method: 'PUT',
      url: `${API}/organization/${orgId('C1')}/settings`,
      token: token('c1Admin'),
      payload: { apiAccess: true },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().errors[0].path).toBe('apiAccess');
    const parent = await t.call({
      method: 'PUT',
      url: `${API}/organization/${orgId('C1')}/settings`,
      token: token('rAdmin'),
      payload: { apiAccess: true },
    });
    expect(parent.statusCode).toBe(200);
    expect(parent.json().data.apiAccess).toBe(true);
  });

  it('a user who holds more than the caller cannot be edited or deleted by them', async () => {
    const adminId = f.actors.staffAdmin.userId;
    const takeover = await t.call({
      method: 'PUT',
      url: `${API}/users/${adminId}`,
      token: token('staffSupport'),
      payload: { email: 'attacker@example.in' },
    });
    expect(takeover.statusCode).toBe(403);
    expect((await one<{ email: string }>('SELECT email FROM users WHERE id = $1', [adminId]))?.email).toBe(f.actors.staffAdmin.email);
    // An organisation admin and a C1 user holding Org Admin: equal rights, so allowed.
    const peer = await makeUser(t, { email: uniqueEmail('peer'), roleId: f.roles.orgAdmin.id, organizationId: orgId('C1') });
    const rename = await t.call({ method: 'PUT', url: `${API}/users/${peer.id}`, token: token('c1Admin'), payload: { firstName: 'Peer' } });
    expect(rename.statusCode).toBe(200);
  });
});
