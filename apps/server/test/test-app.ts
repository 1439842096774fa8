import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { TLoginKey, TLoginResponseData } from '@tarang/shared/auth/auth.schemas';
import { sealPassword } from '@tarang/shared/auth/seal-password';
import { newId } from '@tarang/shared/common/ids';
import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { TDeps } from '../src/app-deps';
import { loadConfig, type TConfig } from '../src/config';
import { connectDatabase, type TDatabase } from '../src/db/database';
import { createLogger } from '../src/lib/logger';
import { hashPassword } from '../src/modules/auth/passwords';
import { ensureFirstAdmin } from '../src/modules/bootstrap/first-start';
import { insertOrganization } from '../src/modules/organizations/organizations.repository';
import { insertRole } from '../src/modules/roles/roles.repository';
import { insertUser } from '../src/modules/users/users.repository';

export const ADMIN_EMAIL = 'admin@tarang.test';
export const ADMIN_PASSWORD = 'Vaayu-Admin-7391';
export const API = '/api/v1';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export type TTestApp = {
  app: FastifyInstance;
  deps: TDeps;
  database: TDatabase;
  /** Every log line the app wrote, as parsed JSON. */
  logs: Record<string, unknown>[];
  logText: () => string;
  /** Inject with JSON; returns the parsed body beside the response. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies as loose JSON
  call: (opts: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse & { body: string; json: () => any }>;
  seal: (password: string | string[]) => Promise<string[]>;
  login: (username: string, password: string) => Promise<TSession>;
  close: () => Promise<void>;
};

export type TSession = { token: string; refresh: string; data: TLoginResponseData };

/**
 * A real app on its own database, cloned from the migrated template (fast), with the super-admin
 * created as on first start. Logs are captured at debug level so tests can search them.
 */
export async function createTestApp(overrides: Partial<TConfig> = {}): Promise<TTestApp> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const database = connectDatabase(withDatabase(adminUrl, name), 10);
  const logs: Record<string, unknown>[] = [];
  const rawLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        rawLines.push(line);
        try {
          logs.push(JSON.parse(line));
        } catch {
          /* not JSON */
        }
      }
      cb();
    },
  });
  const logger = createLogger('debug', sink);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      webDistDir: '/nonexistent',
      // Every test signs in from one address, many times: the request rates of the unauthenticated endpoints are
      // lifted here, and the tests of those limits set them.
      anonymousRequestsPerMinutePerIp: 1_000_000,
      anonymousBurstPerIp: 1_000_000,
      anonymousRequestsPerMinutePerAccount: 1_000_000,
      // Tests sign the super-admin (staff) in with a password alone; the two-factor tests require it.
      staffTwoFactor: 'optional',
      ...overrides,
    },
  );
  await ensureFirstAdmin(database.db, config, logger);
  const { app, deps } = await buildApp({ config, db: database.db, logger });
  await app.ready();

  const call: TTestApp['call'] = async ({ token, ...opts }) => {
    const res = await app.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return Object.assign(res, { json: () => JSON.parse(res.body) });
  };

  const seal = async (passwords: string | string[]) => {
    const res = await call({ method: 'GET', url: `${API}/auth/login-key` });
    const key = res.json().data as TLoginKey;
    const list = Array.isArray(passwords) ? passwords : [passwords];
    return await Promise.all(list.map((p) => sealPassword(key, p)));
  };

  const login = async (username: string, password: string): Promise<TSession> => {
    const [sealed] = await seal(password);
    const res = await call({ method: 'POST', url: `${API}/auth/login`, payload: { username, password: sealed } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    const data = res.json().data as TLoginResponseData;
    return { token: data.token.access.token, refresh: data.token.refresh.token, data };
  };

  return {
    app,
    deps,
    database,
    logs,
    logText: () => rawLines.join('\n'),
    call,
    seal,
    login,
    close: async () => {
      await app.close();
      await database.close().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

/** Runs `work` against an app of its own, for a test that needs other settings than its file's; closed afterwards. */
export async function withTestApp<T>(overrides: Partial<TConfig>, work: (t: TTestApp) => Promise<T>): Promise<T> {
  const t = await createTestApp(overrides);
  try {
    return await work(t);
  } finally {
    await t.close();
  }
}

/** Direct inserts for fixtures (bypassing the API, which the tests exercise separately). */
export async function makeOrganization(t: TTestApp, tradeName: string, parent?: { id: string; path: string }) {
  const id = newId();
  return await insertOrganization(t.deps.db, {
    id,
    tradeName,
    brandName: null,
    email: `${tradeName.toLowerCase().replace(/\W+/g, '.')}@example.in`,
    parentId: parent?.id ?? null,
    path: `${parent?.path ?? '/'}${id}/`,
    settings: { lowBalanceAlertPaise: null, defaultPlanId: null, apiAccess: false },
  });
}

export async function makeRole(
  t: TTestApp,
  name: string,
  authScopes: TAuthScopes,
  options: { organizationId?: string | null; kind?: 'STAFF' | 'ORGANIZATION' } = {},
) {
  return await insertRole(t.deps.db, {
    name,
    authScopes,
    organizationId: options.organizationId ?? null,
    kind: options.kind ?? 'ORGANIZATION',
  });
}

let passwordHashCache: Promise<string> | null = null;
export const FIXTURE_PASSWORD = 'Fixture-Passw0rd-42';

export async function makeUser(
  t: TTestApp,
  values: {
    email?: string;
    phone?: string;
    roleId: string;
    organizationId: string | null;
    firstName?: string;
    status?: 'ACTIVE' | 'INVITED' | 'DISABLED';
  },
) {
  passwordHashCache ??= hashPassword(FIXTURE_PASSWORD);
  return await insertUser(t.deps.db, {
    firstName: values.firstName ?? 'Asha',
    lastName: 'Verma',
    email: values.email ?? null,
    phone: values.phone ?? null,
    roleId: values.roleId,
    organizationId: values.organizationId,
    status: values.status ?? 'ACTIVE',
    passwordHash: await passwordHashCache,
  });
}

/**
 * A user made mid-test and signed in, holding a role of its own with these permissions: the organisation's role and
 * user, or staff ones when `organizationId` is null.
 */
export async function makeSignedInUser(
  t: TTestApp,
  values: { email: string; role: string; authScopes: TAuthScopes; organizationId: string | null },
) {
  const { organizationId } = values;
  const role = await makeRole(t, values.role, values.authScopes, organizationId ? { organizationId } : { kind: 'STAFF' });
  const user = await makeUser(t, { email: values.email, roleId: role.id, organizationId });
  const session = await t.login(values.email, FIXTURE_PASSWORD);
  return { role, user, session };
}
