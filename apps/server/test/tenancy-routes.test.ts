import { hasPermission, scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TRouteAccess } from '../src/http/route-access';
import { sealAuditInboxNow } from '../src/modules/audit/audit.service';
import { rollUpDashboard } from '../src/modules/dashboard/dashboard-rollup';
import {
  ACTOR_KEYS,
  ACTOR_SPECS,
  actorScopes,
  EXTRA_ACTOR_KEYS,
  ORG_KEYS,
  reaches,
  reachesByParents,
  relation,
  type TActorKey,
  type TOrgKey,
  uniqueEmail,
} from './fixtures';
import {
  buildMatrixWorld,
  MISSING_ICCID,
  matrixActors,
  ROUTE_TARGETS,
  routeKey,
  type TAim,
  type TMatrixActor,
  type TMatrixWorld,
  type TRouteTarget,
} from './route-targets';
import { routeTest } from './route-test';
import { API, makeRole, makeUser, type TTestApp } from './test-app';

/**
 * The tenancy matrix, generated from the route table (`app.routeAccess`): every route × every acting user ×
 * every organisation of the tree (own, child, grandchild, parent, sibling, foreign), aimed through the registry in
 * route-targets.ts. The rule, in order: a permission the route declares and the caller lacks (or a staff-only
 * route, for an organisation user) is 403; an object outside the caller's reach is 404 (a list leaves it out;
 * a batch reports the SIM exactly as one that does not exist); otherwise the route works (business rules may
 * answer 4xx, never 401/403/404). Nothing answers ≥ 500, and a refused change leaves every table as it was.
 * A route without a registry entry fails here, so a new route is covered the day it lands.
 */

const { t, f } = routeTest({ tenancy: { extraActors: EXTRA_ACTOR_KEYS } });
let w: TMatrixWorld;
let actors: TMatrixActor[];
let checksums: () => Promise<Map<string, string>>;

const ALL_ACTORS: TActorKey[] = [...ACTOR_KEYS, ...EXTRA_ACTOR_KEYS];

beforeAll(async () => {
  w = await buildMatrixWorld(t, f);
  actors = matrixActors(f);
  checksums = await tableChecksums(t);
}, 60_000);

/**
 * Columns that change on any signed-in call, refused or not: the session's last use (idle expiry). Nothing else
 * is left out of the comparison.
 */
const MOVING_COLUMNS: Record<string, string[]> = { sessions: ['last_used_at'] };

/** One statement that hashes the content of every table (bar MOVING_COLUMNS), table by table. */
async function tableChecksums(app: TTestApp): Promise<() => Promise<Map<string, string>>> {
  const { rows } = await app.database.pool.query<{ table_name: string; columns: string[] }>(
    `SELECT c.table_name, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
       FROM information_schema.columns c JOIN information_schema.tables x USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND x.table_type = 'BASE TABLE' GROUP BY c.table_name ORDER BY c.table_name`,
  );
  expect(rows.length).toBeGreaterThan(10);
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const statement = rows
    .map(({ table_name: table, columns }) => {
      const kept = columns.filter((c) => !(MOVING_COLUMNS[table] ?? []).includes(c)).map(q);
      return `SELECT '${table}' AS t, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS h
        FROM (SELECT ROW(${kept.join(', ')})::text AS r FROM ${q(table)}) x`;
    })
    .join('\nUNION ALL\n');
  return async () => {
    // Money calls leave their audit events in the inbox for the sweep (decision 025): sealed first, so that a sweep
    // during the calls compared is not counted as their change (refused calls write nothing to the inbox).
    await sealAuditInboxNow(app.deps.db);
    // The dashboards' roll-up folds deltas on a timer (decision 034): folded first, so the folding is not counted either.
    await rollUpDashboard(app.deps.db);
    const res = await app.database.pool.query<{ t: string; h: string }>(statement);
    return new Map(res.rows.map((r) => [r.t, r.h]));
  };
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}

// ─── expectations ──────────────────────────────────────────────────────────────────────────────

type TExpected = 'forbidden' | 'hidden' | 'allowed' | number;

/** What the call must answer, from the route's declaration, the entry's kind and the fixture's reach. */
function expectedOf(access: TRouteAccess, target: TRouteTarget, actor: TMatrixActor, org: TOrgKey | null): TExpected {
  if (access.kind === 'permission') {
    if (!hasPermission(actor.authScopes, access.module, access.action)) return 'forbidden';
    if (access.staffOnly && actor.org !== null) return 'forbidden';
    if (access.organizationOnly && actor.org === null) return 'forbidden';
  }
  if (target.kind === 'object' && target.permission && !hasPermission(actor.authScopes, target.permission.module, target.permission.action))
    return 'forbidden';
  if (target.kind === 'none' && target.answers) return target.answers;
  if (org && !reaches(actor.key, org)) return 'hidden';
  return 'allowed';
}

type TCell = {
  key: string;
  target: TRouteTarget;
  actor: TMatrixActor;
  org: TOrgKey | null;
  expected: TExpected;
  label: string;
};

type TResult = { cell: TCell; aim: TAim; status: number; body: string };

/** Every call made, for the summary. */
const made: { route: string; expected: TExpected; status: number }[] = [];

const methodOf = (key: string) => key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(key: string, actor: TMatrixActor, aim: TAim): Promise<{ status: number; body: string }> {
  const res = await t.call({
    method: methodOf(key),
    url: `${API}${aim.url}`,
    token: actor.token,
    ...(aim.payload !== undefined ? { payload: aim.payload as string } : {}),
    ...(aim.headers ? { headers: aim.headers } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

async function inGroups<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

/** The organisations an actor reaches, from the parent links in the database (not the path the server uses). */
async function reachedIds(actor: TMatrixActor): Promise<Set<string> | 'all'> {
  if (actor.org === null) return 'all';
  const { rows } = await t.database.pool.query<{ id: string }>(
    `WITH RECURSIVE down(id) AS (SELECT $1::char(24) UNION ALL SELECT o.id FROM organizations o JOIN down d ON o.parent_id = d.id)
     SELECT id FROM down`,
    [f.orgs[actor.org].id],
  );
  return new Set(rows.map((r) => r.id));
}

/** The rows of a list answer that lie outside the caller's reach. */
async function outOfReach(target: Extract<TRouteTarget, { owners: string }>, actor: TMatrixActor, body: string): Promise<string[]> {
  const ids = target.rows(body);
  if (ids.length === 0) return [];
  const { rows } = await t.database.pool.query<{ id: string; org: string | null }>(target.owners, [ids]);
  const owner = new Map(rows.map((r) => [r.id.trim(), r.org?.trim() ?? null]));
  const reach = await reachedIds(actor);
  return ids.filter((id) => {
    if (!owner.has(id)) return true; // a row the database does not know
    const org = owner.get(id)!;
    if (org === '*' || reach === 'all') return false;
    return org === null || !reach.has(org);
  });
}

/** An answer with the ICCIDs it was asked about, ids, times and the request id made neutral, to compare two answers. */
function neutral(res: { status: number; body: string }, aim: TAim): string {
  let body = res.body;
  // A file sent (multipart) names its SIMs in its text.
  const sent = Buffer.isBuffer(aim.payload) ? aim.payload.toString('utf8') : JSON.stringify(aim.payload ?? '');
  for (const iccid of sent.match(/\b\d{19,20}\b/g) ?? []) body = body.replaceAll(iccid, MISSING_ICCID);
  body = body
    .replace(/"requestId":"[^"]*"/g, '"requestId":""')
    .replace(/\b[0-9a-f]{24}\b/g, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
  return `${res.status} ${body}`;
}

/** Judges one answer; returns what is wrong with it (empty when right). */
async function judge(r: TResult, missing: Map<string, { status: number; body: string; aim: TAim }>): Promise<string[]> {
  const { cell, status, body } = r;
  const problems: string[] = [];
  const say = (what: string) => problems.push(`${cell.label}: ${what} (got ${status} ${body.slice(0, 300)})`);
  if (status >= 500) {
    say('answered ≥ 500');
    return problems;
  }
  const target = cell.target;
  const parsed = () => JSON.parse(body);
  const json = body.startsWith('{') ? parsed() : null;
  // A refusal carries no data; an answer that worked says so.
  if (json && status >= 400 && (json.success !== false || json.data !== undefined))
    say('a refusal must be { success: false } without data');
  if (json && status < 300 && json.success !== true) say('a working answer must be { success: true }');
  if (cell.expected === 'forbidden') {
    if (status !== 403 || parsed().code !== 'FORBIDDEN') say('expected 403 FORBIDDEN');
  } else if (typeof cell.expected === 'number') {
    if (status !== cell.expected) say(`expected ${cell.expected}`);
  } else if (cell.expected === 'hidden') {
    if (target.kind === 'list') {
      if (status === 200) {
        const leaked = await outOfReach(target, cell.actor, body);
        if (leaked.length) say(`listed rows out of reach: ${leaked.join(', ')}`);
      } else if (status !== 404) say('expected 404, or 200 without rows out of reach');
    } else if (target.kind === 'batch') {
      const ref = missing.get(`${cell.key}|${target.name ?? ''}|${cell.actor.key}`)!;
      if (status !== 404 && status !== 422) say('expected the SIM refused (404 or 422) as one that does not exist');
      else if (neutral(r, r.aim) !== neutral(ref, ref.aim))
        say(`answered unlike for a SIM that does not exist: ${neutral(ref, ref.aim).slice(0, 300)}`);
    } else if (status !== 404 || parsed().code !== 'NOT_FOUND') say('expected 404 NOT_FOUND');
  } else {
    if ([401, 403, 404].includes(status)) say('expected the route to work');
    else if (target.kind === 'object' && target.ok && status !== target.ok) say(`expected ${target.ok}`);
    else if (target.kind === 'list' || target.kind === 'reach') {
      if (status !== 200) say('expected 200');
      else {
        const leaked = await outOfReach(target, cell.actor, body);
        if (leaked.length) say(`listed rows out of reach: ${leaked.join(', ')}`);
        const shown = target.kind === 'list' ? await target.shows?.(w, cell.org!) : await target.shows?.(w, cell.actor);
        if (shown && !target.rows(body).includes(shown)) say(`left out ${shown}, which is in reach`);
        if (target.kind === 'reach') await target.check?.(w, cell.actor, body);
      }
    } else if (target.kind === 'batch') {
      const ref = missing.get(`${cell.key}|${target.name ?? ''}|${cell.actor.key}`);
      if (ref && neutral(r, r.aim) === neutral(ref, ref.aim)) say('reported a SIM in reach as one that does not exist');
    }
  }
  if (target.kind === 'object' && target.verify) {
    try {
      await target.verify(w, r.aim, cell.expected === 'allowed' && status < 300, body);
    } catch (error) {
      say(`database check: ${(error as Error).message}`);
    }
  }
  return problems;
}

function cellsOf(key: string, access: TRouteAccess): TCell[] {
  const entry = ROUTE_TARGETS[key]!;
  const targets = Array.isArray(entry) ? entry : [entry];
  const out: TCell[] = [];
  for (const target of targets) {
    const orgs: (TOrgKey | null)[] = target.kind === 'none' || target.kind === 'reach' ? [null] : [...ORG_KEYS];
    for (const actor of actors)
      for (const org of orgs) {
        const expected = expectedOf(access, target, actor, org);
        const where = org ? ` · ${org} (${relation(actor.key, org)})` : '';
        out.push({
          key,
          target,
          actor,
          org,
          expected,
          label: `${key}${target.name ? ` [${target.name}]` : ''} · ${actor.label}${where} → ${expected}`,
        });
      }
  }
  return out;
}

async function aimOf(cell: TCell): Promise<TAim> {
  const target = cell.target;
  if (target.kind === 'none' || target.kind === 'reach') return await target.aim(w, cell.actor);
  return await target.aim(w, cell.org!, cell.actor);
}

/** Runs every cell of a route: refused changes first, between two checksums of the whole database. */
async function runRoute(key: string): Promise<string[]> {
  const access = t.app.routeAccess.find((r) => routeKey(r.method, r.url) === key)!.access;
  const cells = cellsOf(key, access);
  const refused = cells.filter((c) => c.expected === 'forbidden' || c.expected === 'hidden');
  const rest = cells.filter((c) => !refused.includes(c));
  const problems: string[] = [];
  const record = (r: TResult) => made.push({ route: key, expected: r.cell.expected, status: r.status });

  // For batches: the same call naming SIMs that do not exist, per actor (itself a refusal).
  const missingAims = new Map<string, { actor: TMatrixActor; aim: TAim }>();
  for (const c of cells) {
    if (c.target.kind !== 'batch' || c.expected === 'forbidden') continue;
    const id = `${key}|${c.target.name ?? ''}|${c.actor.key}`;
    if (!missingAims.has(id)) missingAims.set(id, { actor: c.actor, aim: await c.target.aim(w, 'missing', c.actor) });
  }
  const refusedAims = await inGroups(refused, 6, async (cell) => ({ cell, aim: await aimOf(cell) }));

  const before = methodOf(key) === 'GET' ? null : await checksums();
  const missing = new Map<string, { status: number; body: string; aim: TAim }>();
  await inGroups([...missingAims], 6, async ([id, { actor, aim }]) => {
    missing.set(id, { ...(await call(key, actor, aim)), aim });
  });
  const refusedResults = await inGroups(refusedAims, 6, async ({ cell, aim }) => ({ cell, aim, ...(await call(key, cell.actor, aim)) }));
  if (before) {
    const changed = changedTables(before, await checksums());
    if (changed.length)
      problems.push(`${key}: refused calls changed ${changed.join(', ')} — among: ${refused.map((c) => c.label).join('; ')}`);
  }
  for (const [id, ref] of missing)
    if (ref.status >= 500 || ![404, 422].includes(ref.status))
      problems.push(`${id}: naming a SIM that does not exist should be refused (404/422), got ${ref.status} ${ref.body.slice(0, 300)}`);
  for (const r of refusedResults) {
    record(r);
    problems.push(...(await judge(r, missing)));
  }

  // Allowed calls: one at a time where they change things (each on a fresh object where it needs one).
  const size = methodOf(key) === 'GET' ? 6 : 1;
  await inGroups(rest, size, async (cell) => {
    const aim = await aimOf(cell);
    const r = { cell, aim, ...(await call(key, cell.actor, aim)) };
    record(r);
    problems.push(...(await judge(r, missing)));
  });
  return problems;
}

// ─── the tests ─────────────────────────────────────────────────────────────────────────────────

describe('the route table and the registry', () => {
  it('every route in the route table has a registry entry, and every entry a route', () => {
    const table = t.app.routeAccess.map((r) => routeKey(r.method, r.url));
    expect(table.length).toBeGreaterThanOrEqual(76);
    const missingEntries = table.filter((k) => !(k in ROUTE_TARGETS));
    expect(
      missingEntries.map((k) => `${k} has no entry in apps/server/test/route-targets.ts: add how to aim it at an organisation's object`),
    ).toEqual([]);
    const stale = Object.keys(ROUTE_TARGETS).filter((k) => !table.includes(k));
    expect(stale.map((k) => `${k} is in apps/server/test/route-targets.ts but no longer a route: remove its entry`)).toEqual([]);
  });

  it('an entry without a tenant object says why', () => {
    for (const [key, entry] of Object.entries(ROUTE_TARGETS))
      for (const target of Array.isArray(entry) ? entry : [entry])
        if (target.kind === 'none') expect(target.why.trim().length, key).toBeGreaterThan(5);
  });

  it('covers every relation and, across the routes, every kind of answer', () => {
    const cells = t.app.routeAccess.flatMap((r) => cellsOf(routeKey(r.method, r.url), r.access));
    const relations = new Set(cells.filter((c) => c.org).map((c) => relation(c.actor.key, c.org!)));
    expect([...relations].sort()).toEqual(['any', 'child', 'foreign', 'grandchild', 'own', 'parent', 'sibling']);
    expect(new Set(cells.map((c) => c.expected))).toEqual(new Set(['allowed', 'forbidden', 'hidden', 403]));
    // The actor holding every permission is refused only for reach or for staff-only routes.
    for (const c of cells.filter((x) => x.actor.key === 'c1All' && x.expected === 'forbidden')) {
      const access = t.app.routeAccess.find((r) => routeKey(r.method, r.url) === c.key)!.access;
      expect(access.kind === 'permission' && access.staffOnly, c.label).toBe(true);
    }
  });

  it('the expected reach agrees with the parent links stored in the database', async () => {
    for (const actor of ALL_ACTORS) {
      const own = ACTOR_SPECS[actor].org;
      for (const target of ORG_KEYS)
        expect(await reachesByParents(t, own ? f.orgs[own].id : null, f.orgs[target].id)).toBe(reaches(actor, target));
    }
  });
});

describe('tenancy matrix, route by route', () => {
  it.each(Object.keys(ROUTE_TARGETS))('%s', async (key) => {
    if (!t.app.routeAccess.some((r) => routeKey(r.method, r.url) === key)) return; // reported by the registry test
    expect(await runRoute(key)).toEqual([]);
  });

  it('made every call it planned, none of them ≥ 500', () => {
    expect(made.length).toBeGreaterThan(1500);
    expect(made.filter((m) => m.status >= 500)).toEqual([]);
    // What business rules answered to allowed calls (recorded, not judged).
    const business = new Map<string, number>();
    for (const m of made)
      if (m.expected === 'allowed' && m.status >= 300)
        business.set(`${m.route} ${m.status}`, (business.get(`${m.route} ${m.status}`) ?? 0) + 1);
    console.info(
      `tenancy matrix: ${t.app.routeAccess.length} routes, ${actors.length} actors, ${made.length} calls; allowed calls answered by business rules:\n` +
        [...business].map(([k, n]) => `  ${k} ×${n}`).join('\n'),
    );
  });
});

// ─── beyond the matrix: whole lists, and fields a caller may not set ───────────────────────────

const token = (actor: TActorKey) => f.actors[actor].token;
const orgId = (key: TOrgKey) => f.orgs[key].id;
async function ids(sql: string, params: unknown[]): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ id: string }>(sql, params);
  return rows.map((r) => r.id).sort();
}
async function one<T>(sql: string, params: unknown[]): Promise<T | undefined> {
  const { rows } = await t.database.pool.query(sql, params);
  return rows[0] as T | undefined;
}

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

  const usersActors = ALL_ACTORS.filter((a) => hasPermission(actorScopes(a), 'user'));
  const orgActors = ALL_ACTORS.filter((a) => hasPermission(actorScopes(a), 'organisation'));
  const roleActors = ALL_ACTORS.filter((a) => hasPermission(actorScopes(a), 'role'));

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
      payload: { name: 'Allocating role', authScopes: scopesFrom({ 'sim-inventory': ['allocate'] }) },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().errors).toEqual([{ path: 'authScopes', message: 'You cannot grant permissions you do not hold' }]);
    expect(await ids('SELECT id FROM roles WHERE name = $1', ['Allocating role'])).toEqual([]);

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
    const richer = await makeRole(t, 'Richer than admin', scopesFrom({ 'sim-inventory': true }), { organizationId: orgId('R') });
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
