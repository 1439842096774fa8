import { newId } from '@tarang/shared/common/ids';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { expect } from 'vitest';
import { sha256 } from '../src/modules/auth/tokens';
import { insertOperation } from '../src/modules/sims/sim-operations.repository';
import { makeSims, multipartBody } from '../src/modules/sims/sims-test-kit';
import { ORG_KEYS, type TFixtureActor, type TOrgKey, type TTenancyFixture, uniqueEmail } from './fixtures';
import { ADMIN_PASSWORD, API, FIXTURE_PASSWORD, makeOrganization, makeRole, makeUser, type TTestApp } from './test-app';

/**
 * How the tenancy matrix (tenancy-routes.test.ts) aims every route of `app.routeAccess` at an object owned by an
 * organisation of the fixture tree (R ─┬ C1 ─ G, └ C2; independent I). One entry per route, keyed
 * "METHOD /api/v1/url/:param" exactly as the route table lists it; an entry may hold several aims (variants).
 *
 * Kinds of aim:
 *  - `object`: one tenant object of the target organisation (path, query or body names it). Out of reach → 404.
 *  - `list`: a collection filtered to the target organisation. Out of reach → 404, or 200 with nothing out of reach;
 *    in reach → 200 with nothing out of reach and (where `shows` says) the target's own object in it.
 *  - `reach`: a collection over the caller's whole reach (no organisation filter): nothing out of reach in it.
 *  - `batch`: SIMs named in a body, reported one by one. Out of reach → refused (404 or 422) exactly as for an
 *    ICCID that does not exist, so the answer tells nothing about the stranger's SIM.
 *  - `none`: no tenant object (public routes, the caller's own things, the provider's own configuration): the
 *    matrix checks the permission only; `why` says why.
 * The expected answer comes from the route's declaration (permission, staffOnly) and the fixture's `reaches`,
 * never from this file; `permission` is only for routes declared `signedIn` whose service asks for a module.
 */

export const MISSING_ID = 'f0f0f0f0f0f0f0f0f0f0f0f0';
export const MISSING_ICCID = '8991999999999999999';
/** A valid IMEI (Luhn). */
const IMEI = '490154203237518';
const LATER = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

export type TAim = {
  /** Path under /api/v1 with its query string. */
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Anything the entry's verify needs later. */
  note?: Record<string, unknown>;
};

export type TMatrixActor = TFixtureActor & { password: string };

type TOrgObjects = {
  id: string;
  path: string;
  member: { id: string; email: string };
  role: { id: string };
  /** A child organisation made for the matrix: where SIMs of this organisation are allocated to. */
  leaf: { id: string; path: string };
  /** An ACTIVE SIM, expiring within 30 days, for reads and repeatable changes. */
  sim: { id: string; iccid: string };
  /** A scheduled (not yet started) SUSPEND request: its batch job, tasks and MNO job. */
  request: { id: string; jobId: string; batchJobId: string };
  /** A cancelled request's job (ended: its event stream closes after one event). */
  endedJobId: string;
  terminationId: string;
  operationId: string;
};

export type TMatrixWorld = {
  t: TTestApp;
  f: TTenancyFixture;
  objects: Record<TOrgKey, TOrgObjects>;
  /** The provider's own things, for staff-only routes. */
  spare: { mnoJobId: string; uploadId: string; requestFileIccid: string };
  /** Fresh objects, one per destructive call, so later calls still find theirs. */
  fresh: {
    sim: (org: TOrgKey | null, status: 'ACTIVE' | 'ALLOCATED' | 'IN_STOCK') => Promise<{ id: string; iccid: string }>;
    request: (org: TOrgKey) => Promise<{ id: string; jobId: string }>;
    user: (org: TOrgKey) => Promise<{ id: string }>;
    role: (org: TOrgKey) => Promise<{ id: string }>;
    organization: (org: TOrgKey) => Promise<{ id: string }>;
  };
};

type TOwnerQuery = {
  /** SQL returning `id, org` for the ids in $1; org null is staff-only, '*' is visible to everyone. */
  owners: string;
  /** The ids in a response. */
  rows: (body: string) => string[];
};

type TBase = { name?: string };
export type TNoneTarget = TBase & {
  kind: 'none';
  why: string;
  aim: (w: TMatrixWorld, actor: TMatrixActor) => Promise<TAim>;
  /** A route whose answer is the same for everyone by design (e.g. registration is closed). */
  answers?: number;
};
export type TObjectTarget = TBase & {
  kind: 'object';
  aim: (w: TMatrixWorld, org: TOrgKey, actor: TMatrixActor) => Promise<TAim>;
  permission?: { module: string; action?: string };
  /** The answer when allowed and in reach, where business rules leave no choice. */
  ok?: number;
  /** Checks the database after the call: the change made when applied, absent otherwise. */
  verify?: (w: TMatrixWorld, aim: TAim, applied: boolean, body: string) => Promise<void>;
};
export type TListTarget = TBase &
  TOwnerQuery & {
    kind: 'list';
    aim: (w: TMatrixWorld, org: TOrgKey, actor: TMatrixActor) => Promise<TAim>;
    /** An id the list must hold when the target is in reach. */
    shows?: (w: TMatrixWorld, org: TOrgKey) => Promise<string | undefined>;
  };
export type TReachTarget = TBase &
  TOwnerQuery & {
    kind: 'reach';
    aim: (w: TMatrixWorld, actor: TMatrixActor) => Promise<TAim>;
    /** An id the list must hold for this actor (their own organisation's object). */
    shows?: (w: TMatrixWorld, actor: TMatrixActor) => Promise<string | undefined>;
    /** Extra checks of the answer for this actor (e.g. counts against the database). */
    check?: (w: TMatrixWorld, actor: TMatrixActor, body: string) => Promise<void>;
  };
export type TBatchTarget = TBase & {
  kind: 'batch';
  /** `missing`: the same call naming SIMs that do not exist. */
  aim: (w: TMatrixWorld, org: TOrgKey | 'missing', actor: TMatrixActor) => Promise<TAim>;
};
export type TRouteTarget = TNoneTarget | TObjectTarget | TListTarget | TReachTarget | TBatchTarget;

// ─── helpers ────────────────────────────────────────────────────────────────────────────────────

const dataIds = (body: string): string[] => {
  const data = JSON.parse(body).data;
  return Array.isArray(data) ? data.map((row: { id: string }) => row.id) : [];
};
const iccidsIn = (body: string): string[] => [...new Set(body.match(/\b\d{19,20}\b/g) ?? [])];

const OWNERS = {
  users: 'SELECT id, organization_id AS org FROM users WHERE id = ANY($1)',
  organizations: 'SELECT id, id AS org FROM organizations WHERE id = ANY($1)',
  roles: `SELECT id, CASE WHEN organization_id IS NULL AND kind = 'ORGANIZATION' THEN '*' ELSE organization_id END AS org
    FROM roles WHERE id = ANY($1)`,
  sims: 'SELECT id, organization_id AS org FROM sims WHERE id = ANY($1)',
  iccids: 'SELECT p.iccid AS id, s.organization_id AS org FROM sim_profiles p JOIN sims s ON s.id = p.sim_id WHERE p.iccid = ANY($1)',
  requests: 'SELECT id, organization_id AS org FROM requests WHERE id = ANY($1)',
  jobs: 'SELECT b.id, r.organization_id AS org FROM batch_jobs b JOIN requests r ON r.id = b.request_id WHERE b.id = ANY($1)',
  audit: 'SELECT id, organization_id AS org FROM audit_events WHERE id = ANY($1)',
  searchHits: `SELECT id, organization_id AS org FROM users WHERE id = ANY($1)
    UNION ALL SELECT id, id FROM organizations WHERE id = ANY($1)
    UNION ALL SELECT id, organization_id FROM sims WHERE id = ANY($1)
    UNION ALL SELECT b.id, r.organization_id FROM batch_jobs b JOIN requests r ON r.id = b.request_id WHERE b.id = ANY($1)`,
};

async function one<T>(w: TMatrixWorld, sql: string, params: unknown[]): Promise<T | undefined> {
  const { rows } = await w.t.database.pool.query(sql, params);
  return rows[0] as T | undefined;
}

const o = (w: TMatrixWorld, org: TOrgKey) => w.objects[org];
let seq = 0;
/** Turns of the change-password entry: each call chooses a password not used before. */
let passwordTurn = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++seq}`;

/** The route table's key of a route. */
export const routeKey = (method: string, url: string) => `${method} ${url}`;

/** A set-up challenge of the actor's own sign-in, as a password step gives a staff user without two-factor sign-in. */
async function signInChallenge(w: TMatrixWorld, actor: TMatrixActor): Promise<string> {
  const challenge = `matrix-${actor.key}-${++seq}-${Date.now().toString(36)}`;
  await w.t.database.pool.query(
    "INSERT INTO two_factor_challenges (id, user_id, handle_hash, purpose, expires_at) VALUES ($1, $2, $3, 'ENROL', now() + interval '5 minutes')",
    [newId(), actor.userId, sha256(challenge)],
  );
  return challenge;
}

// ─── the registry ───────────────────────────────────────────────────────────────────────────────

const requestBody = (iccid: string) => ({ type: 'SUSPEND', iccids: [iccid], scheduledAt: LATER() });

export const ROUTE_TARGETS: Record<string, TRouteTarget | TRouteTarget[]> = {
  // Health and sign-in: public, no tenant object.
  'GET /api/v1/health': { kind: 'none', why: 'public', aim: async () => ({ url: '/health' }) },
  'GET /api/v1/auth/login-key': { kind: 'none', why: 'public', aim: async () => ({ url: '/auth/login-key' }) },
  'POST /api/v1/auth/login': {
    kind: 'none',
    why: 'public: the caller signs in as themself',
    aim: async (w, actor) => {
      const [password] = await w.t.seal(actor.password);
      return { url: '/auth/login', payload: { username: actor.email, password } };
    },
  },
  'POST /api/v1/auth/refresh-tokens': {
    kind: 'none',
    why: 'public: a refresh token of a session of the caller',
    aim: async (w, actor) => ({
      url: '/auth/refresh-tokens',
      payload: { refreshToken: (await w.t.login(actor.email, actor.password)).refresh },
    }),
  },
  'POST /api/v1/auth/logout': {
    kind: 'none',
    why: 'public: ends a session of the caller (a fresh one)',
    aim: async (w, actor) => ({ url: '/auth/logout', payload: { refreshToken: (await w.t.login(actor.email, actor.password)).refresh } }),
  },
  'GET /api/v1/auth/logged-in-user/:token': {
    kind: 'none',
    why: "public: the user of the caller's own token",
    aim: async (_w, actor) => ({ url: `/auth/logged-in-user/${actor.token}` }),
  },
  'POST /api/v1/auth/forgot-password': {
    kind: 'none',
    why: 'public: a reset code for the caller themself',
    aim: async (_w, actor) => ({ url: '/auth/forgot-password', payload: { username: actor.email } }),
  },
  'POST /api/v1/auth/reset-password': {
    kind: 'none',
    why: 'public: a reset with a code the caller does not have (refused as a wrong code)',
    aim: async (w, actor) => {
      const [password] = await w.t.seal(actor.password);
      return { url: '/auth/reset-password?otp=000000', payload: { otpToken: 'not-a-reset-handle', password } };
    },
  },
  'POST /api/v1/auth/change-password': {
    kind: 'none',
    why: "public (signed-in callers change their own): the caller's own password, once",
    aim: async (w, actor) => {
      // Nothing of the caller's e-mail or name in it: the password policy refuses those.
      const next = `Matrix-Kettle-${++passwordTurn}-Harbour-7391`;
      const [password, newpassword] = await w.t.seal([actor.password, next]);
      actor.password = next;
      return { url: '/auth/change-password', payload: { username: actor.email, password, newpassword } };
    },
  },
  'POST /api/v1/auth/register': {
    kind: 'none',
    why: 'public: self-registration is closed for everyone',
    answers: 403,
    aim: async () => ({ url: '/auth/register', payload: { email: 'someone@example.in' } }),
  },
  'POST /api/v1/auth/login/two-factor': {
    kind: 'none',
    why: "public: the second step of the caller's own sign-in (a set-up challenge answered with a recovery code: refused before any count)",
    aim: async (w, actor) => ({
      url: '/auth/login/two-factor',
      payload: { challenge: await signInChallenge(w, actor), recoveryCode: 'abcd-efgh-jkmn' },
    }),
  },
  'POST /api/v1/auth/login/two-factor/setup': {
    kind: 'none',
    why: "public: set-up during the caller's own sign-in, with the challenge their password gave",
    aim: async (w, actor) => ({ url: '/auth/login/two-factor/setup', payload: { challenge: await signInChallenge(w, actor) } }),
  },
  'GET /api/v1/auth/two-factor': {
    kind: 'none',
    why: "signed in: the caller's own two-factor sign-in",
    aim: async () => ({ url: '/auth/two-factor' }),
  },
  'POST /api/v1/auth/two-factor/setup': {
    kind: 'none',
    why: "signed in: a new authenticator key for the caller's own account (with their own password)",
    aim: async (w, actor) => {
      const [password] = await w.t.seal(actor.password);
      return { url: '/auth/two-factor/setup', payload: { password } };
    },
  },
  'POST /api/v1/auth/two-factor/confirm': {
    kind: 'none',
    why: "signed in: confirms the caller's own waiting key (a wrong code here)",
    aim: async () => ({ url: '/auth/two-factor/confirm', payload: { code: '000000' } }),
  },
  'POST /api/v1/auth/two-factor/disable': {
    kind: 'none',
    why: "signed in: turns the caller's own two-factor sign-in off (not on for anyone here)",
    aim: async () => ({ url: '/auth/two-factor/disable', payload: { code: '000000' } }),
  },
  'POST /api/v1/auth/two-factor/recovery-codes': {
    kind: 'none',
    why: "signed in: new recovery codes for the caller's own account (not on for anyone here)",
    aim: async () => ({ url: '/auth/two-factor/recovery-codes', payload: { code: '000000' } }),
  },

  // Global search: signed in; each group of results keeps to the caller's reach.
  'GET /api/v1/search/:term': {
    kind: 'list',
    aim: async (_w, org) => ({ url: `/search/${encodeURIComponent(`Org ${org}`)}?limit=20` }),
    owners: OWNERS.searchHits,
    rows: (body) => {
      const data = JSON.parse(body).data as Record<string, { id: string }[]>;
      return Object.values(data).flatMap((hits) => hits.map((h) => h.id));
    },
  },
  'GET /api/v1/search': { kind: 'none', why: 'signed in: a search without a term (always 400)', aim: async () => ({ url: '/search' }) },

  // Audit trail.
  'GET /api/v1/audit-trail': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/audit-trail?organizationId=${o(w, org).id}&limit=500` }),
    owners: OWNERS.audit,
    rows: dataIds,
    shows: async (w, org) =>
      (await one<{ id: string }>(w, 'SELECT id FROM audit_events WHERE organization_id = $1 ORDER BY seq DESC LIMIT 1', [o(w, org).id]))
        ?.id,
  },

  // The outbox: the provider's mail.
  'GET /api/v1/outbox': { kind: 'none', why: "staff only: the platform's held mail", aim: async () => ({ url: '/outbox' }) },

  // Users.
  'GET /api/v1/users': [
    {
      name: 'of the organisation',
      kind: 'list',
      aim: async (w, org) => ({ url: `/users?organizationId=${o(w, org).id}&limit=500` }),
      owners: OWNERS.users,
      rows: dataIds,
      shows: async (w, org) => o(w, org).member.id,
    },
    {
      name: 'by _id',
      kind: 'list',
      aim: async (w, org) => ({ url: `/users?_id=${o(w, org).member.id}` }),
      owners: OWNERS.users,
      rows: dataIds,
      shows: async (w, org) => o(w, org).member.id,
    },
  ],
  'GET /api/v1/users/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/users/${o(w, org).member.id}`, note: { org } }),
    verify: async (w, aim, applied, body) => {
      const org = aim.note!.org as TOrgKey;
      if (applied) expect(JSON.parse(body).data).toMatchObject({ id: o(w, org).member.id, organization: { id: o(w, org).id } });
    },
  },
  'POST /api/v1/users': {
    kind: 'object',
    ok: 202,
    aim: async (w, org) => {
      const email = uniqueEmail('created');
      return {
        url: '/users',
        payload: { firstName: 'New', lastName: 'Member', email, role: w.f.roles.basic.id, organizationId: o(w, org).id },
        note: { email, org },
      };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT organization_id, status FROM users WHERE email = $1', [aim.note!.email]);
      expect(row).toEqual(applied ? { organization_id: o(w, aim.note!.org as TOrgKey).id, status: 'INVITED' } : undefined);
    },
  },
  'PUT /api/v1/users/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const lastName = unique('Renamed');
      return { url: `/users/${o(w, org).member.id}`, payload: { lastName }, note: { lastName, id: o(w, org).member.id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ last_name: string }>(w, 'SELECT last_name FROM users WHERE id = $1', [aim.note!.id]);
      if (applied) expect(row?.last_name).toBe(aim.note!.lastName);
      else expect(row?.last_name).not.toBe(aim.note!.lastName);
    },
  },
  'DELETE /api/v1/users/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const victim = await w.fresh.user(org);
      return { url: `/users/${victim.id}`, note: { id: victim.id } };
    },
    verify: async (w, aim, applied) => {
      expect(await one(w, 'SELECT id FROM users WHERE id = $1', [aim.note!.id])).toEqual(applied ? undefined : { id: aim.note!.id });
    },
  },
  'POST /api/v1/users/:id/reset-two-factor': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const victim = await w.fresh.user(org);
      await w.t.database.pool.query(
        "INSERT INTO user_two_factor (user_id, secret, enabled_at) VALUES ($1, 'v1.matrix.matrix.matrix', now())",
        [victim.id],
      );
      return { url: `/users/${victim.id}/reset-two-factor`, note: { id: victim.id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT user_id FROM user_two_factor WHERE user_id = $1', [aim.note!.id]);
      expect(row).toEqual(applied ? undefined : { user_id: aim.note!.id });
    },
  },
  'POST /api/v1/users/:id/send-mail': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { email } = o(w, org).member;
      const before = await one<{ n: number }>(w, 'SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1', [email]);
      return { url: `/users/${o(w, org).member.id}/send-mail`, note: { email, before: before!.n } };
    },
    verify: async (w, aim, applied) => {
      const after = await one<{ n: number }>(w, 'SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1', [aim.note!.email]);
      expect(after!.n).toBe((aim.note!.before as number) + (applied ? 1 : 0));
    },
  },

  // Organisations.
  'GET /api/v1/organization': [
    {
      name: 'by _id',
      kind: 'list',
      aim: async (w, org) => ({ url: `/organization?_id=${o(w, org).id}` }),
      owners: OWNERS.organizations,
      rows: dataIds,
      shows: async (w, org) => o(w, org).id,
    },
    {
      name: 'children',
      kind: 'list',
      aim: async (w, org) => ({ url: `/organization?parentId=${o(w, org).id}&limit=500` }),
      owners: OWNERS.organizations,
      rows: dataIds,
      shows: async (w, org) => o(w, org).leaf.id,
    },
  ],
  'GET /api/v1/organization/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/organization/${o(w, org).id}`, note: { org } }),
    verify: async (w, aim, applied, body) => {
      const org = aim.note!.org as TOrgKey;
      if (applied) expect(JSON.parse(body).data).toMatchObject({ id: o(w, org).id, tradeName: `Org ${org}` });
    },
  },
  'POST /api/v1/organization': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => {
      const tradeName = unique('New child');
      return { url: '/organization', payload: { tradeName, parentId: o(w, org).id }, note: { tradeName, parentId: o(w, org).id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT parent_id FROM organizations WHERE trade_name = $1', [aim.note!.tradeName]);
      expect(row).toEqual(applied ? { parent_id: aim.note!.parentId } : undefined);
    },
  },
  'PUT /api/v1/organization/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const brandName = unique('Brand');
      return { url: `/organization/${o(w, org).id}`, payload: { brandName }, note: { brandName, id: o(w, org).id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ brand_name: string | null }>(w, 'SELECT brand_name FROM organizations WHERE id = $1', [aim.note!.id]);
      if (applied) expect(row?.brand_name).toBe(aim.note!.brandName);
      else expect(row?.brand_name).not.toBe(aim.note!.brandName);
    },
  },
  'DELETE /api/v1/organization/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const leaf = await w.fresh.organization(org);
      return { url: `/organization/${leaf.id}`, note: { id: leaf.id } };
    },
    verify: async (w, aim, applied) => {
      expect(await one(w, 'SELECT id FROM organizations WHERE id = $1', [aim.note!.id])).toEqual(
        applied ? undefined : { id: aim.note!.id },
      );
    },
  },
  'GET /api/v1/organization/:id/settings': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/organization/${o(w, org).id}/settings` }),
    verify: async (_w, _aim, applied, body) => {
      if (applied) expect(Object.keys(JSON.parse(body).data).sort()).toEqual(['apiAccess', 'defaultPlanId', 'lowBalanceAlertPaise']);
    },
  },
  'PUT /api/v1/organization/:id/settings': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const paise = 100_000 + ++seq;
      return { url: `/organization/${o(w, org).id}/settings`, payload: { lowBalanceAlertPaise: paise }, note: { paise, id: o(w, org).id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ settings: { lowBalanceAlertPaise: number | null } }>(w, 'SELECT settings FROM organizations WHERE id = $1', [
        aim.note!.id,
      ]);
      if (applied) expect(row?.settings.lowBalanceAlertPaise).toBe(aim.note!.paise);
      else expect(row?.settings.lowBalanceAlertPaise).not.toBe(aim.note!.paise);
    },
  },

  // Roles.
  'GET /api/v1/roles': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/roles?organizationId=${o(w, org).id}&limit=500` }),
    owners: OWNERS.roles,
    rows: dataIds,
    shows: async (w, org) => o(w, org).role.id,
  },
  'GET /api/v1/roles/:id': [
    {
      name: "an organisation's role",
      kind: 'object',
      ok: 200,
      permission: { module: 'role' },
      aim: async (w, org) => ({
        url: `/roles/${o(w, org).role.id}?_id=${o(w, org).role.id}&hydrate=permissions`,
        note: { id: o(w, org).role.id },
      }),
      verify: async (w, aim, applied, body) => {
        if (!applied) return;
        const row = await one<{ name: string; auth_scopes: unknown }>(w, 'SELECT name, auth_scopes FROM roles WHERE id = $1', [
          aim.note!.id,
        ]);
        expect(JSON.parse(body).data).toMatchObject({ id: aim.note!.id, name: row!.name, authScopes: row!.auth_scopes });
      },
    },
    {
      name: 'own role',
      kind: 'none',
      why: 'every signed-in user reads their own role, wherever it is defined',
      aim: async (_w, actor) => ({ url: `/roles/${actor.roleId}?hydrate=permissions` }),
    },
  ],
  'POST /api/v1/roles': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => {
      const name = unique('Created role');
      return {
        url: '/roles',
        payload: { name, organizationId: o(w, org).id, authScopes: scopesFrom({ user: [] }) },
        note: { name, organizationId: o(w, org).id },
      };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT organization_id FROM roles WHERE name = $1', [aim.note!.name]);
      expect(row).toEqual(applied ? { organization_id: aim.note!.organizationId } : undefined);
    },
  },
  'PUT /api/v1/roles/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const description = unique('Described');
      return { url: `/roles/${o(w, org).role.id}`, payload: { description }, note: { description, id: o(w, org).role.id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ description: string | null }>(w, 'SELECT description FROM roles WHERE id = $1', [aim.note!.id]);
      if (applied) expect(row?.description).toBe(aim.note!.description);
      else expect(row?.description).not.toBe(aim.note!.description);
    },
  },
  'DELETE /api/v1/roles/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const role = await w.fresh.role(org);
      return { url: `/roles/${role.id}`, note: { id: role.id } };
    },
    verify: async (w, aim, applied) => {
      expect(await one(w, 'SELECT id FROM roles WHERE id = $1', [aim.note!.id])).toEqual(applied ? undefined : { id: aim.note!.id });
    },
  },

  // SIM inventory.
  'GET /api/v1/sim': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/sim?organizationId=${o(w, org).id}&limit=200` }),
    owners: OWNERS.sims,
    rows: dataIds,
    shows: async (w, org) => o(w, org).sim.id,
  },
  'GET /api/v1/sim/expiring-soon': {
    kind: 'reach',
    aim: async () => ({ url: '/sim/expiring-soon?days=60&limit=200' }),
    owners: OWNERS.sims,
    rows: dataIds,
    shows: async (w, actor) => (actor.org ? o(w, actor.org).sim.id : undefined),
  },
  'GET /api/v1/sim/export': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/sim/export?organizationId=${o(w, org).id}` }),
    owners: OWNERS.iccids,
    rows: iccidsIn,
    shows: async (w, org) => o(w, org).sim.iccid,
  },
  'GET /api/v1/sim/operations/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/sim/operations/${o(w, org).operationId}` }),
  },
  'PUT /api/v1/sim/allocate': [
    {
      name: "SIMs of the organisation, to a child of the caller's",
      kind: 'batch',
      aim: async (w, org, actor) => {
        const iccid = org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ALLOCATED')).iccid;
        const to = actor.org ?? (org === 'missing' ? 'C1' : org);
        return { url: '/sim/allocate', payload: { iccids: [iccid], organizationId: o(w, to).leaf.id } };
      },
    },
    {
      name: "the caller's SIMs, into the organisation",
      kind: 'object',
      aim: async (w, org, actor) => {
        const sim = await w.fresh.sim(actor.org, actor.org ? 'ALLOCATED' : 'IN_STOCK');
        return { url: '/sim/allocate', payload: { iccids: [sim.iccid], organizationId: o(w, org).id } };
      },
    },
  ],
  'PUT /api/v1/sim/rollback': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/sim/rollback',
      payload: { iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ALLOCATED')).iccid] },
    }),
  },
  'PUT /api/v1/sim': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/sim',
      payload: { iccids: [org === 'missing' ? MISSING_ICCID : o(w, org).sim.iccid], label: unique('Label') },
    }),
  },
  'GET /api/v1/sim/individual-sim/status': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/sim/individual-sim/status?iccid=${o(w, org).sim.iccid}` }),
  },
  'PUT /api/v1/sim/individual-sim/status': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({
      url: '/sim/individual-sim/status',
      payload: { iccid: (await w.fresh.sim(org, 'ACTIVE')).iccid, status: 'BARRED', reason: 'Tenancy matrix' },
    }),
  },
  'PUT /api/v1/sim/imeis': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/sim/imeis',
      payload: { lock: true, sims: [{ iccid: org === 'missing' ? MISSING_ICCID : o(w, org).sim.iccid, imei: IMEI }] },
    }),
  },
  'GET /api/v1/sim/large-data/template': {
    kind: 'none',
    why: 'staff only: the upload template',
    aim: async () => ({ url: '/sim/large-data/template' }),
  },
  'POST /api/v1/sim/large-data': {
    kind: 'none',
    why: "staff only: SIMs come into the provider's stock",
    aim: async () => {
      const body = multipartBody('matrix.csv', 'iccid,imsi,msisdn,operator\n');
      return { url: '/sim/large-data', payload: body.payload, headers: body.headers };
    },
  },
  'GET /api/v1/sim/large-data/:id': {
    kind: 'none',
    why: "staff only: an upload into the provider's stock",
    aim: async (w) => ({ url: `/sim/large-data/${w.spare.uploadId}` }),
  },
  'GET /api/v1/sim/large-data/:id/rejected': {
    kind: 'none',
    why: "staff only: an upload into the provider's stock",
    aim: async (w) => ({ url: `/sim/large-data/${w.spare.uploadId}/rejected` }),
  },
  'GET /api/v1/sim/:iccid': { kind: 'object', ok: 200, aim: async (w, org) => ({ url: `/sim/${o(w, org).sim.iccid}` }) },

  // Requests.
  'POST /api/v1/request': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/request',
      payload: requestBody(org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid),
    }),
  },
  'PUT /api/v1/sim/bulk-action': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/sim/bulk-action',
      payload: requestBody(org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid),
    }),
  },
  'POST /api/v1/termination': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/termination',
      payload: {
        iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid],
        reason: 'Tenancy matrix',
        scheduledAt: LATER(),
      },
    }),
  },
  'POST /api/v1/request/file': {
    kind: 'none',
    why: 'a file of ICCIDs belongs to the user who uploads it; the SIMs are checked when a request names it',
    aim: async (w) => {
      const body = multipartBody('iccids.csv', `iccid\n${w.spare.requestFileIccid}\n`);
      return { url: '/request/file', payload: body.payload, headers: body.headers };
    },
  },
  'GET /api/v1/termination': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/termination?organizationId=${o(w, org).id}&limit=500` }),
    owners: OWNERS.requests,
    rows: dataIds,
    shows: async (w, org) => o(w, org).terminationId,
  },
  'GET /api/v1/request': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/request?organizationId=${o(w, org).id}&limit=500` }),
    owners: OWNERS.requests,
    rows: dataIds,
    shows: async (w, org) => o(w, org).request.id,
  },
  'GET /api/v1/request/:id': { kind: 'object', ok: 200, aim: async (w, org) => ({ url: `/request/${o(w, org).request.id}` }) },
  'PUT /api/v1/request/:id/cancel': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/request/${(await w.fresh.request(org)).id}/cancel`, payload: { note: 'Tenancy matrix' } }),
  },
  'GET /api/v1/request/:id/checkpoints': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/request/${o(w, org).request.id}/checkpoints` }),
  },
  'PUT /api/v1/request/:id/checkpoints': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({
      url: `/request/${o(w, org).request.id}/checkpoints`,
      payload: { step: 'CUSTOMER_INFORMED', done: true, note: unique('Matrix') },
    }),
  },
  'GET /api/v1/request/:id/messages': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/request/${o(w, org).request.id}/messages` }),
  },
  'POST /api/v1/request/:id/messages': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/request/${o(w, org).request.id}/messages`, payload: { body: unique('Matrix message') } }),
  },
  'PUT /api/v1/request/:id/close': {
    kind: 'object',
    aim: async (w, org) => ({ url: `/request/${o(w, org).request.id}/close`, payload: { note: 'Tenancy matrix' } }),
  },
  'GET /api/v1/request/:id/insights': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/request/${o(w, org).request.id}/insights` }),
  },

  // Batch jobs.
  'GET /api/v1/job-batch': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/job-batch?organizationId=${o(w, org).id}&limit=500` }),
    owners: OWNERS.jobs,
    rows: dataIds,
    shows: async (w, org) => o(w, org).request.jobId,
  },
  'GET /api/v1/job-batch/counts': {
    kind: 'reach',
    aim: async () => ({ url: '/job-batch/counts' }),
    owners: OWNERS.jobs,
    rows: () => [],
    check: async (w, actor, body) => {
      const path = actor.org ? o(w, actor.org).path : '/';
      const row = await one<{ n: number }>(
        w,
        `SELECT count(*)::int AS n FROM batch_jobs b JOIN requests r ON r.id = b.request_id
           LEFT JOIN organizations g ON g.id = r.organization_id WHERE $1 = '/' OR g.path LIKE $1 || '%'`,
        [path],
      );
      expect(JSON.parse(body).data.total).toBe(row!.n);
    },
  },
  'GET /api/v1/job-batch/:id': { kind: 'object', ok: 200, aim: async (w, org) => ({ url: `/job-batch/${o(w, org).request.jobId}` }) },
  'GET /api/v1/job-batch/:id/progress': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/job-batch/${o(w, org).request.jobId}/progress` }),
  },
  'GET /api/v1/job-batch/:id/events': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/job-batch/${o(w, org).endedJobId}/events` }),
  },
  'GET /api/v1/job/:id/tasks': { kind: 'object', ok: 200, aim: async (w, org) => ({ url: `/job/${o(w, org).request.jobId}/tasks` }) },
  'PUT /api/v1/job/:id/status': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({
      url: `/job/${(await w.fresh.request(org)).jobId}/status`,
      payload: { status: 'CANCELLED', reason: 'Tenancy matrix' },
    }),
  },

  // MNO jobs and the operator gateway: the provider's work at the operators.
  'GET /api/v1/mno-job': { kind: 'none', why: "staff only: the provider's work at the operators", aim: async () => ({ url: '/mno-job' }) },
  'GET /api/v1/mno-job/:id': {
    kind: 'none',
    why: "staff only: the provider's work at the operators",
    aim: async (w) => ({ url: `/mno-job/${w.spare.mnoJobId}` }),
  },
  'GET /api/v1/mno-job/:id/sims': {
    kind: 'none',
    why: "staff only: the provider's work at the operators",
    aim: async (w) => ({ url: `/mno-job/${w.spare.mnoJobId}/sims` }),
  },
  'PUT /api/v1/mno-job/:id/mark-done': {
    kind: 'none',
    why: "staff only: the provider's work at the operators",
    aim: async (w) => ({ url: `/mno-job/${w.spare.mnoJobId}/mark-done`, payload: { note: 'Tenancy matrix' } }),
  },
  'PUT /api/v1/mno-job/:id/reinitiate': {
    kind: 'none',
    why: "staff only: the provider's work at the operators",
    aim: async (w) => ({ url: `/mno-job/${w.spare.mnoJobId}/reinitiate` }),
  },
  'GET /api/v1/report/mno-job-report': {
    kind: 'none',
    why: "staff only: the provider's work at the operators",
    aim: async () => ({ url: '/report/mno-job-report' }),
  },
  'GET /api/v1/operator-gateway': {
    kind: 'none',
    why: "staff only: the provider's gateway configuration",
    aim: async () => ({ url: '/operator-gateway' }),
  },
  'PUT /api/v1/operator-gateway/:operator': {
    kind: 'none',
    why: "staff only: the provider's gateway configuration",
    aim: async () => ({ url: '/operator-gateway/AIRTEL', payload: { latencyMs: 0 } }),
  },
};

// ─── the world the registry aims at ─────────────────────────────────────────────────────────────

/** The password each fixture actor signs in with. */
export function matrixActors(f: TTenancyFixture): TMatrixActor[] {
  return Object.values(f.actors).map((a) => ({ ...a, password: a.key === 'staffAdmin' ? ADMIN_PASSWORD : FIXTURE_PASSWORD }));
}

export async function buildMatrixWorld(t: TTestApp, f: TTenancyFixture): Promise<TMatrixWorld> {
  const staff = f.actors.staffAdmin.token;
  const pool = t.database.pool;
  const simId = async (iccid: string) =>
    (await pool.query<{ id: string }>('SELECT sim_id AS id FROM sim_profiles WHERE iccid = $1', [iccid])).rows[0]!.id;

  const pools = new Map<string, { id?: string; iccid: string }[]>();
  // SIMs are numbered by the test kit in sequence: one batch of them at a time.
  let making: Promise<unknown> = Promise.resolve();
  const freshSim = (org: TOrgKey | null, status: 'ACTIVE' | 'ALLOCATED' | 'IN_STOCK') => {
    const next = making.then(async () => {
      const key = `${org}:${status}`;
      let list = pools.get(key);
      if (!list?.length) {
        list = await makeSims(t, 12, {
          organizationId: org ? f.orgs[org].id : null,
          status,
          expiresAt: new Date(Date.now() + 20 * 86_400_000),
        });
        pools.set(key, list);
      }
      const sim = list.pop()!;
      return { id: sim.id ?? (await simId(sim.iccid)), iccid: sim.iccid };
    });
    making = next.catch(() => {});
    return next;
  };

  const api = async (method: 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await t.call({ method, url: `${API}${url}`, token: staff, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const freshRequest = async (org: TOrgKey, body?: object) => {
    const sim = await freshSim(org, 'ACTIVE');
    const made = await api('POST', '/request', body ?? requestBody(sim.iccid));
    return made.request as { id: string; jobId: string; batchJobId: string };
  };
  const setOf = <T>(make: (org: TOrgKey) => Promise<T>) =>
    Promise.all(ORG_KEYS.map(async (org) => [org, await make(org)] as const)).then(
      (pairs) => Object.fromEntries(pairs) as Record<TOrgKey, T>,
    );

  const leaves = await setOf((org) => makeOrganization(t, `Leaf of ${org}`, f.orgs[org]));
  const sims = await setOf((org) => freshSim(org, 'ACTIVE'));
  const reqs = await setOf((org) => freshRequest(org));
  const ended = await setOf(async (org) => {
    const r = await freshRequest(org);
    await api('PUT', `/request/${r.id}/cancel`, { note: 'Ended for the matrix' });
    return r.jobId;
  });
  const terminations = await setOf(async (org) => {
    const sim = await freshSim(org, 'ACTIVE');
    return (await api('POST', '/termination', { iccids: [sim.iccid], reason: 'Matrix', scheduledAt: LATER() })).request.id as string;
  });
  const operations = await setOf(
    async (org) =>
      (
        await insertOperation(t.deps.db, {
          kind: 'ALLOCATE',
          status: 'DONE',
          organizationId: f.orgs[org].id,
          actor: { userId: f.members[org].id, label: `Member ${org}` },
          params: {},
          total: 0,
          finishedAt: new Date(),
        })
      ).id,
  );
  const spareRequest = await freshRequest('C1');
  const mno = await pool.query<{ id: string }>('SELECT id FROM mno_jobs WHERE job_id = $1', [spareRequest.jobId]);
  const upload = multipartBody('stock.csv', 'iccid,imsi,msisdn,operator\n');
  const uploaded = await t.call({
    method: 'POST',
    url: `${API}/sim/large-data`,
    token: staff,
    payload: upload.payload,
    headers: upload.headers,
  });
  if (uploaded.statusCode !== 202) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);

  const objects = {} as Record<TOrgKey, TOrgObjects>;
  for (const org of ORG_KEYS) {
    objects[org] = {
      id: f.orgs[org].id,
      path: f.orgs[org].path,
      member: f.members[org],
      role: { id: f.ownRoles[org].id },
      leaf: { id: leaves[org].id, path: leaves[org].path },
      sim: sims[org],
      request: reqs[org],
      endedJobId: ended[org],
      terminationId: terminations[org],
      operationId: operations[org],
    };
  }
  return {
    t,
    f,
    objects,
    spare: { mnoJobId: mno.rows[0]!.id, uploadId: uploaded.json().data.id, requestFileIccid: sims.C1.iccid },
    fresh: {
      sim: freshSim,
      request: (org) => freshRequest(org),
      user: (org) => makeUser(t, { email: uniqueEmail('victim'), roleId: f.roles.basic.id, organizationId: f.orgs[org].id }),
      role: (org) => makeRole(t, unique('Doomed role'), {}, { organizationId: f.orgs[org].id }),
      organization: (org) => makeOrganization(t, unique('Leaf'), f.orgs[org]),
    },
  };
}
