import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { afterAll, beforeAll } from 'vitest';
import type { TConfig } from '../src/config';
import { buildTenancyFixture, type TExtraActorKey, type TOrgRow, type TRoleRow, type TTenancyFixture, type TUserRow } from './fixtures';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  FIXTURE_PASSWORD,
  makeOrganization,
  makeRole,
  makeUser,
  type TTestApp,
} from './test-app';

/**
 * The set-up every API test file starts from: `routeTest({ … })` at the top of a file (or of a describe) gives the app on
 * its own database and the signed-in users the file asks for, made before its first test and closed after its last.
 *
 *   const { t, f, tokens } = routeTest({
 *     tenancy: true,
 *     roles: { 'SIM desk': scopesFrom({ 'sim-inventory': true }) },
 *     users: { c1: { email: 'c1@sims.test', role: 'SIM desk', org: 'C1' } },
 *   });
 *
 * The objects answered are filled in by the set-up: read them inside hooks and tests, not at the top of the file.
 */

export type TRouteTestOptions<K extends string> = {
  /** Settings of the app (createTestApp's test defaults otherwise); a function runs first, inside the set-up. */
  config?: Partial<TConfig> | (() => Promise<Partial<TConfig>>);
  /** The tenancy fixture (test/fixtures.ts: organisations R, C1, C2, G, I and their signed-in actors) as `f`. */
  tenancy?: boolean | { extraActors: readonly TExtraActorKey[] };
  /** Signs the first super-admin in as `tokens.staff` (the tenancy fixture does so anyway). */
  staff?: boolean;
  /** More organisations, by key: their trade names (top-level organisations). */
  organizations?: Record<string, string>;
  /** Roles to make, by name: a platform role with these permissions, or one owned by the organisation `org` (a key). */
  roles?: Record<string, TAuthScopes | { scopes: TAuthScopes; org: string }>;
  /** Users to make and sign in, by key: `users[key]` holds each one's row, `tokens[key]` its access token. `org` is a key of `orgs`. */
  users?: Record<K, { email: string; role: string; org: string }>;
  /** Starts the app's queue worker once everything is made. */
  worker?: boolean;
};

export type TRouteTest<K extends string> = {
  t: TTestApp;
  /** The tenancy fixture, when asked for. */
  f: TTenancyFixture;
  /** The organisations by key: the fixture's (R, C1, …) and `organizations`. */
  orgs: Record<string, TOrgRow>;
  /** The roles made from `roles`, by name. */
  roles: Record<string, TRoleRow>;
  /** The users made from `users`, by key. */
  users: Record<K, TUserRow>;
  tokens: Record<K | 'staff', string>;
  /** The rows of a statement on the app's database. */
  rows: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
};

export function routeTest<K extends string = never>(options: TRouteTestOptions<K> = {}): TRouteTest<K> {
  const made: TRouteTest<K> = {
    t: {} as TTestApp,
    f: {} as TTenancyFixture,
    orgs: {},
    roles: {},
    users: {} as Record<K, TUserRow>,
    tokens: {} as Record<K | 'staff', string>,
    rows: async <T>(sql: string, params: unknown[] = []) => (await made.t.database.pool.query(sql, params)).rows as T[],
  };
  const { t, f, orgs, roles, users, tokens } = made;

  beforeAll(async () => {
    const config = typeof options.config === 'function' ? await options.config() : options.config;
    Object.assign(t, await createTestApp(config));
    if (options.tenancy) {
      Object.assign(f, await buildTenancyFixture(t, options.tenancy === true ? {} : options.tenancy));
      Object.assign(orgs, f.orgs);
      tokens.staff = f.actors.staffAdmin.token;
    } else if (options.staff) {
      tokens.staff = (await t.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    }
    for (const [key, tradeName] of Object.entries(options.organizations ?? {})) orgs[key] = await makeOrganization(t, tradeName);
    for (const [name, spec] of Object.entries(options.roles ?? {})) {
      roles[name] =
        'scopes' in spec
          ? await makeRole(t, name, spec.scopes as TAuthScopes, { organizationId: orgs[spec.org as string]!.id })
          : await makeRole(t, name, spec);
    }
    const wanted = Object.entries(options.users ?? {}) as [K, { email: string; role: string; org: string }][];
    for (const [key, user] of wanted)
      users[key] = await makeUser(t, { email: user.email, roleId: roles[user.role]!.id, organizationId: orgs[user.org]!.id });
    const sessions = await Promise.all(wanted.map(([, user]) => t.login(user.email, FIXTURE_PASSWORD)));
    wanted.forEach(([key], i) => {
      tokens[key] = sessions[i]!.token;
    });
    if (options.worker) await t.deps.worker.start();
  }, 60_000);
  afterAll(async () => {
    if (t.close) await t.close();
  });

  return made;
}
