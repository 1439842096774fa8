import { newId } from '@tarang/shared/common/ids';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { parse as parseCsv } from 'csv-parse/sync';
import { expect } from 'vitest';
import { SYSTEM_CONTEXT } from '../src/http/request-context';
import { sha256 } from '../src/modules/auth/tokens';
import { freshImei, makeDevice } from '../src/modules/devices/devices-test-kit';
import { makeHeldPlan, type THeldPlan } from '../src/modules/plans/plans-test-kit';
import { insertOperation } from '../src/modules/sims/sim-operations.repository';
import { makeSims, multipartBody } from '../src/modules/sims/sims-test-kit';
import { PROVIDER_ACCOUNT_IDS, postMovement, walletIdOf } from '../src/modules/wallets/ledger';
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
    /** A whitelist cancellation scheduled a week ahead on a fresh SIM (movable from the work calendar). */
    scheduledCancel: (org: TOrgKey) => Promise<{ id: string }>;
    user: (org: TOrgKey) => Promise<{ id: string }>;
    role: (org: TOrgKey) => Promise<{ id: string }>;
    organization: (org: TOrgKey) => Promise<{ id: string }>;
    /** A device of the organisation holding no SIM (with a vehicle when asked). */
    device: (org: TOrgKey, vehicle?: boolean) => Promise<{ id: string; imei: string }>;
    /** A ticket raised by staff for the organisation, with a PDF attached. */
    ticket: (org: TOrgKey) => Promise<{ id: string; attachmentId: string }>;
    /** A replacement of two fresh SIMs whose operator refused it (its task FAILED; the matrix runs no worker). */
    failedReplacement: (org: TOrgKey) => Promise<{ id: string }>;
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

const TICKET_PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** A firmware version of the catalogue, for staff to edit or withdraw. */
async function freshFirmware(w: TMatrixWorld): Promise<string> {
  const id = newId();
  await w.t.database.pool.query(
    "INSERT INTO firmware (id, make, model, version, checksum) VALUES ($1, 'Matrix', $2, '1.0', repeat('ab', 32))",
    [id, `Model ${id}`],
  );
  return id;
}

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
  wallets: 'SELECT id, organization_id AS org FROM ledger_accounts WHERE id = ANY($1)',
  ipGroups: 'SELECT id, organization_id AS org FROM ip_groups WHERE id = ANY($1)',
  numberGroups: 'SELECT id, organization_id AS org FROM number_groups WHERE id = ANY($1)',
  plans: `SELECT id, NULL AS org FROM plans WHERE id = ANY($1)
    UNION ALL SELECT id, organization_id FROM plan_blueprints WHERE id = ANY($1)`,
  blueprints: 'SELECT id, organization_id AS org FROM plan_blueprints WHERE id = ANY($1)',
  replacements: 'SELECT id, organization_id AS org FROM sim_replacements WHERE id = ANY($1)',
  devices: 'SELECT id, organization_id AS org FROM devices WHERE id = ANY($1)',
  tickets: 'SELECT id, organization_id AS org FROM tickets WHERE id = ANY($1)',
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

/** Whether the money call of an aim moved money: its Idempotency-Key names a ledger transaction. */
async function keyApplied(w: TMatrixWorld, aim: TAim): Promise<boolean> {
  const row = await one<{ id: string }>(
    w,
    "SELECT entity_id AS id FROM idempotency_keys WHERE key = $1 AND entity_type = 'ledger_transaction'",
    [aim.headers!['idempotency-key']],
  );
  return row !== undefined;
}

/** Money on an organisation's wallet, from the provider (a system movement, as staff would make). */
async function fund(w: TMatrixWorld, organizationId: string, amount: number): Promise<void> {
  await w.t.database.db.transaction((tx) =>
    postMovement(tx, SYSTEM_CONTEXT, {
      type: 'ADD',
      reason: 'Tenancy matrix',
      lines: [
        { accountId: walletIdOf(organizationId), amount },
        { accountId: PROVIDER_ACCOUNT_IDS.PROVIDER_FUNDING, amount: -amount },
      ],
    }),
  );
}

/** A money call with a key of its own, by which `verify` finds whether it moved money. */
function moneyAim(url: string, payload: object): TAim {
  return { url, payload, headers: { 'idempotency-key': unique('matrix').replace(/ /g, '-') } };
}

/** One plan per organisation of the fixture, shared by the provider down the tree to it (made once per world). */
const heldPlans = new WeakMap<TMatrixWorld, Promise<Record<TOrgKey, THeldPlan>>>();
function plansHeld(w: TMatrixWorld): Promise<Record<TOrgKey, THeldPlan>> {
  let made = heldPlans.get(w);
  if (!made) {
    made = (async () => {
      const out = {} as Record<TOrgKey, THeldPlan>;
      for (const org of ORG_KEYS) out[org] = await makeHeldPlan(w.t.database.pool, o(w, org).path);
      return out;
    })();
    heldPlans.set(w, made);
  }
  return made;
}

/** The blueprint of the organisation a plan was held down to (the chain's last). */
const ownBlueprint = (held: THeldPlan) => held.chain.at(-1)!;

/** Entries of the transactions report: postings of wallets, owned by the wallet's organisation. */
const ENTRY_OWNERS = 'SELECT id::text AS id, organization_id AS org FROM ledger_postings WHERE id::text = ANY($1)';

/** A column of a report's CSV export (below the rows that describe the file and one empty row). */
const reportCsvColumn =
  (header: string) =>
  (body: string): string[] => {
    const records = parseCsv(body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
    const table = records.slice(records.findIndex((r) => r.length === 1 && r[0] === '') + 1);
    const at = table[0]?.indexOf(header) ?? -1;
    if (at < 0) throw new Error(`The export has no column "${header}"`);
    return table.slice(1).map((r) => r[at]!);
  };
/** A key of each row of a report's page. */
const dataKey =
  (key: string) =>
  (body: string): string[] => {
    const data = JSON.parse(body).data;
    return Array.isArray(data) ? data.map((row: Record<string, string>) => row[key]!) : [];
  };
/** The entry ids of a transactions export (its "Entry id" column). */
const entryIdsInCsv = reportCsvColumn('Entry id');

/** An organisation with an entry of its own on the report: its wallet funded once per world; `newest` is its latest entry. */
const funded = new WeakMap<TMatrixWorld, Map<TOrgKey, Promise<void>>>();
async function entryOf(w: TMatrixWorld, org: TOrgKey): Promise<{ org: string; newest: () => Promise<string> }> {
  let perWorld = funded.get(w);
  if (!perWorld) {
    perWorld = new Map();
    funded.set(w, perWorld);
  }
  const id = o(w, org).id;
  if (!perWorld.has(org)) perWorld.set(org, fund(w, id, 500));
  await perWorld.get(org);
  return {
    org: id,
    newest: async () =>
      (await one<{ id: string }>(w, 'SELECT max(id)::text AS id FROM ledger_postings WHERE account_id = $1', [walletIdOf(id)]))!.id,
  };
}

/**
 * A schedule or an alert of Expiry Sims owned by the organisation, and a finished run of the schedule with its file:
 * written straight into their tables (the matrix runs no worker), a fresh one per call.
 */
async function makeSavedReport(w: TMatrixWorld, org: TOrgKey, table: 'report_schedules' | 'report_alerts'): Promise<string> {
  const id = newId();
  const orgId = o(w, org).id;
  if (table === 'report_schedules') {
    await w.t.database.pool.query(
      `INSERT INTO report_schedules (id, organization_id, report_id, name, filters, format, lang, frequency, hour, next_run_at, created_by_label)
       VALUES ($1, $2, 'expiry-sims', 'Matrix schedule', '{"days":"30"}', 'csv', 'en', 'DAILY', 6, now() + interval '1 day', 'matrix')`,
      [id, orgId],
    );
  } else {
    await w.t.database.pool.query(
      `INSERT INTO report_alerts (id, organization_id, report_id, name, filters, threshold, check_every_minutes, next_check_at, created_by_label)
       VALUES ($1, $2, 'expiry-sims', 'Matrix alert', '{"days":"30"}', 0, 60, now() + interval '1 day', 'matrix')`,
      [id, orgId],
    );
  }
  return id;
}
async function makeReportRun(w: TMatrixWorld, org: TOrgKey): Promise<string> {
  const scheduleId = await makeSavedReport(w, org, 'report_schedules');
  const id = newId();
  await w.t.database.pool.query(
    `INSERT INTO report_runs (id, schedule_id, organization_id, report_id, format, status, rows, bytes, file_name, finished_at, expires_at)
     VALUES ($1, $2, $3, 'expiry-sims', 'csv', 'DONE', 0, 9, 'expiry-sims.csv', now(), now() + interval '7 days')`,
    [id, scheduleId, o(w, org).id],
  );
  await w.t.database.pool.query(`INSERT INTO report_run_chunks (run_id, seq, data) VALUES ($1, 0, 'ICCID\r\n'::bytea)`, [id]);
  return id;
}
const AUDIT_BY_SEQ = 'SELECT seq::text AS id, organization_id AS org FROM audit_events WHERE seq::text = ANY($1)';
async function newestAuditSeq(w: TMatrixWorld, org: TOrgKey): Promise<string | undefined> {
  return (
    await one<{ seq: string }>(w, 'SELECT seq::text AS seq FROM audit_events WHERE organization_id = $1 ORDER BY seq DESC LIMIT 1', [
      o(w, org).id,
    ])
  )?.seq;
}
const SAVED_REPORT_OWNERS = {
  schedules: 'SELECT id, organization_id AS org FROM report_schedules WHERE id = ANY($1)',
  alerts: 'SELECT id, organization_id AS org FROM report_alerts WHERE id = ANY($1)',
};
const EXPIRY = { module: 'expiry-sims' };

/** A scheduled activation of one fresh SIM of the organisation, made by staff through the API. */
async function makeActivation(w: TMatrixWorld, org: TOrgKey): Promise<{ id: string }> {
  const sim = await w.fresh.sim(org, 'ALLOCATED');
  await fund(w, o(w, org).id, 20_000);
  const res = await w.t.call({
    method: 'POST',
    url: `${API}/activation`,
    token: w.f.actors.staffAdmin.token,
    payload: { blueprintId: ownBlueprint((await plansHeld(w))[org]).blueprintId, iccids: [sim.iccid], scheduledAt: LATER() },
    headers: { 'idempotency-key': unique('matrix').replace(/ /g, '-') },
  });
  if (res.statusCode !== 201) throw new Error(`activation for ${org}: ${res.statusCode} ${res.body}`);
  return { id: res.json().data.activation.id };
}

/** One activation per organisation, for reads (made once per world). */
const readActivations = new WeakMap<TMatrixWorld, Map<TOrgKey, Promise<{ id: string }>>>();
function activationOf(w: TMatrixWorld, org: TOrgKey): Promise<{ id: string }> {
  let perWorld = readActivations.get(w);
  if (!perWorld) {
    perWorld = new Map();
    readActivations.set(w, perWorld);
  }
  if (!perWorld.has(org)) perWorld.set(org, makeActivation(w, org));
  return perWorld.get(org)!;
}

// ─── the registry ───────────────────────────────────────────────────────────────────────────────

const requestBody = (iccid: string) => ({ type: 'SUSPEND', iccids: [iccid], scheduledAt: LATER() });

/** A fresh IP group of the organisation, its entries waiting for review (or approved). */
async function makeIpGroup(w: TMatrixWorld, org: TOrgKey, approved = false): Promise<{ id: string }> {
  const id = newId();
  const entries = JSON.stringify([{ address: '203.0.113.0/24', protocol: 'TCP', portFrom: 443, portTo: 443 }]);
  await w.t.database.pool.query(
    `INSERT INTO ip_groups (id, organization_id, name, review_status, entries, proposed_entries)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 = 'APPROVED' THEN $5::jsonb ELSE '[]'::jsonb END, CASE WHEN $4 = 'APPROVED' THEN NULL ELSE $5::jsonb END)`,
    [id, o(w, org).id, unique('Matrix IP group'), approved ? 'APPROVED' : 'PENDING', entries],
  );
  return { id };
}

/** A fresh number group of the organisation holding one number. */
async function makeNumberGroup(w: TMatrixWorld, org: TOrgKey): Promise<{ id: string; number: string }> {
  const id = newId();
  const number = '+919876543210';
  await w.t.database.pool.query('INSERT INTO number_groups (id, organization_id, name) VALUES ($1, $2, $3)', [
    id,
    o(w, org).id,
    unique('Matrix number group'),
  ]);
  await w.t.database.pool.query('INSERT INTO number_group_numbers (group_id, number) VALUES ($1, $2)', [id, number]);
  return { id, number };
}

const ipGroupRow = (w: TMatrixWorld, id: string) =>
  one<{ name: string; status: string; review_status: string; review_reason: string | null }>(
    w,
    'SELECT name, status, review_status, review_reason FROM ip_groups WHERE id = $1',
    [id],
  );

/** A group a caller may apply: its own organisation's (staff: the target organisation's), made once per organisation. */
const usableGroups = new Map<string, Promise<{ id: string }>>();
function usableGroup(w: TMatrixWorld, kind: 'IP' | 'NUMBER', actor: TMatrixActor, org: TOrgKey | 'missing') {
  const owner = (actor.org ?? (org === 'missing' ? 'R' : org)) as TOrgKey;
  const key = `${kind}:${owner}`;
  if (!usableGroups.has(key)) usableGroups.set(key, kind === 'IP' ? makeIpGroup(w, owner, true) : makeNumberGroup(w, owner));
  return usableGroups.get(key)!;
}

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

  // Dashboards: the figures of one organisation's subtree (its id in the answer, and its children's in the drill-down).
  'GET /api/v1/dashboard': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/dashboard?organizationId=${o(w, org).id}` }),
    owners: OWNERS.organizations,
    rows: (body) => [JSON.parse(body).data.organizationId].filter(Boolean),
    shows: async (w, org) => o(w, org).id,
  },
  'GET /api/v1/dashboardv2': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/dashboardv2?organizationId=${o(w, org).id}` }),
    owners: OWNERS.organizations,
    rows: (body) => {
      const data = JSON.parse(body).data;
      return [data.dashboard.organizationId, ...data.organizations.map((row: { id: string }) => row.id)].filter(Boolean);
    },
    shows: async (w, org) => o(w, org).id,
  },

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
  // The audit trail as a declared report (issue 18): events named by their seq.
  'GET /api/v1/report/audit-trail': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/report/audit-trail?organizationId=${o(w, org).id}&limit=500` }),
    owners: AUDIT_BY_SEQ,
    rows: (body) => dataKey('seq')(body).map(String),
    shows: async (w, org) => await newestAuditSeq(w, org),
  },
  'GET /api/v1/report/audit-trail/export': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/report/audit-trail/export?format=csv&organizationId=${o(w, org).id}` }),
    owners: AUDIT_BY_SEQ,
    rows: reportCsvColumn('Event #'),
    shows: async (w, org) => await newestAuditSeq(w, org),
  },
  'POST /api/v1/audit-trail/verify': {
    kind: 'none',
    why: "staff only: recomputes the platform's one hash chain (every organisation's events in it), no tenant object",
    aim: async () => ({ url: '/audit-trail/verify', payload: { toSeq: 50 } }),
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

  // Plans (issue 14). The catalogue is the provider's (staff only). An organisation's object is a plan as it holds
  // it (shared down the tree to it: held by it and every organisation above it) and its blueprint of that plan.
  'GET /api/v1/plans': {
    kind: 'reach',
    aim: async (w) => {
      await plansHeld(w);
      return { url: '/plans?limit=500' };
    },
    owners: OWNERS.plans,
    // Staff rows are plans; an organisation's rows carry its own blueprint of each plan, which is what it owns.
    rows: (body) => (JSON.parse(body).data as { id: string; blueprintId: string | null }[]).map((p) => p.blueprintId ?? p.id),
    shows: async (w, actor) => {
      const held = await plansHeld(w);
      return actor.org ? ownBlueprint(held[actor.org]).blueprintId : held.R.planId;
    },
  },
  'GET /api/v1/plans/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/plans/${(await plansHeld(w))[org].planId}`, note: { id: (await plansHeld(w))[org].planId } }),
    verify: async (_w, aim, applied, body) => {
      if (applied) expect(JSON.parse(body).data.id).toBe(aim.note!.id);
    },
  },
  'POST /api/v1/plans': {
    kind: 'none',
    why: "staff only: the provider's catalogue",
    aim: async () => ({
      url: '/plans',
      payload: {
        name: unique('Matrix plan'),
        operators: ['AIRTEL'],
        dataMb: 1024,
        smsCount: 10,
        validityDays: 30,
        basePrice: 10_000,
        overLimitAction: 'BAR',
      },
    }),
  },
  'PUT /api/v1/plans/:id': {
    kind: 'none',
    why: "staff only: the provider's catalogue",
    aim: async (w) => ({ url: `/plans/${(await makeHeldPlan(w.t.database.pool)).planId}`, payload: { description: unique('Matrix') } }),
  },
  'DELETE /api/v1/plans/:id': {
    kind: 'none',
    why: "staff only: the provider's catalogue (a plan nobody uses)",
    aim: async (w) => ({ url: `/plans/${(await makeHeldPlan(w.t.database.pool)).planId}` }),
  },
  'GET /api/v1/plans/share': {
    kind: 'list',
    aim: async (w, org) => {
      await plansHeld(w);
      return { url: `/plans/share?organizationId=${o(w, org).id}&limit=500` };
    },
    owners: OWNERS.blueprints,
    rows: dataIds,
    shows: async (w, org) => ownBlueprint((await plansHeld(w))[org]).blueprintId,
  },
  'GET /api/v1/plans/share/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/plans/share/${ownBlueprint((await plansHeld(w))[org]).blueprintId}` }),
  },
  'POST /api/v1/plans/share': {
    // The caller's organisation shares a plan it holds (staff: one shared with nobody) with the organisation. Inside
    // reach only a direct child takes it: sharing with itself or a grandchild is a 422.
    kind: 'object',
    aim: async (w, org, actor) => {
      const held = await makeHeldPlan(w.t.database.pool, actor.org ? o(w, actor.org).path : null);
      const price = (held.chain.at(-1)?.price ?? 10_000) + 500;
      return {
        url: '/plans/share',
        payload: { planId: held.planId, organizationId: o(w, org).id, price },
        note: { planId: held.planId, organizationId: o(w, org).id, price, held: held.chain.length },
      };
    },
    verify: async (w, aim, applied) => {
      // The plan's blueprints: the chain it was made with, and the share when it was made.
      const { rows } = await w.t.database.pool.query<{ organization_id: string; price: number }>(
        'SELECT organization_id, price FROM plan_blueprints WHERE plan_id = $1 ORDER BY created_at',
        [aim.note!.planId],
      );
      expect(rows).toHaveLength((aim.note!.held as number) + (applied ? 1 : 0));
      if (applied) expect(rows.at(-1)).toEqual({ organization_id: aim.note!.organizationId, price: aim.note!.price });
    },
  },
  'PUT /api/v1/plans/share/:id': {
    // The organisation's blueprint of a plan held down to it. The caller changes the prices it set (a direct child's);
    // its own price or a grandchild's, inside reach, is a 422.
    kind: 'object',
    aim: async (w, org) => {
      const own = ownBlueprint(await makeHeldPlan(w.t.database.pool, o(w, org).path));
      return {
        url: `/plans/share/${own.blueprintId}`,
        payload: { price: own.price + 1 },
        note: { id: own.blueprintId, price: own.price + 1 },
      };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ price: number }>(w, 'SELECT price FROM plan_blueprints WHERE id = $1', [aim.note!.id]);
      expect(Number(row!.price) === aim.note!.price).toBe(applied);
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
  // SIM diagnosis: the SIM is what is named; Refresh keeps what the operator said about it.
  'GET /api/v1/sim/sim-diagnosis': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/sim/sim-diagnosis?iccid=${o(w, org).sim.iccid}` }),
  },
  'POST /api/v1/sim/imeis/file': {
    // The SIMs are named in the file: out of reach they are refused as ones that do not exist. A file's rows are checked
    // first, so the missing SIM here is a well-formed ICCID nobody has.
    kind: 'batch',
    aim: async (w, org) => {
      const iccid = org === 'missing' ? simIdentity(999_999_000, 'AIRTEL').iccid : (await w.fresh.sim(org, 'ACTIVE')).iccid;
      const body = multipartBody('imeis.csv', `iccid,imei\n${iccid},867169050000012\n`);
      return { url: '/sim/imeis/file', payload: body.payload, headers: body.headers };
    },
  },
  'GET /api/v1/sim/device-details': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/sim/device-details?iccid=${o(w, org).sim.iccid}` }),
  },
  'GET /api/v1/sim/usage': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/sim/usage?iccid=${o(w, org).sim.iccid}` }),
  },
  'GET /api/v1/sim/usage/ingest': {
    kind: 'none',
    why: 'staff only: the daily ingest of every SIM, the provider’s own job',
    aim: async () => ({ url: '/sim/usage/ingest' }),
  },
  'POST /api/v1/sim/usage/ingest': {
    kind: 'none',
    why: 'staff only: the daily ingest of every SIM, the provider’s own job',
    aim: async () => ({
      url: '/sim/usage/ingest',
      payload: { day: new Date(Date.now() + 5.5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10) },
    }),
  },
  // Devices: a device is its organisation's; the provider's stock is staff's.
  'GET /api/v1/device': {
    kind: 'list',
    aim: async (w, org) => {
      await w.fresh.device(org);
      return { url: `/device?organizationId=${o(w, org).id}&limit=100` };
    },
    owners: OWNERS.devices,
    rows: dataIds,
  },
  'POST /api/v1/device': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => ({
      url: '/device',
      payload: { imei: freshImei(), make: 'Teltonika', model: 'FMB920', organizationId: o(w, org).id },
    }),
  },
  'GET /api/v1/device/export': {
    kind: 'list',
    aim: async (w, org) => {
      await w.fresh.device(org);
      return { url: `/device/export?organizationId=${o(w, org).id}` };
    },
    owners: 'SELECT imei AS id, organization_id AS org FROM devices WHERE imei = ANY($1)',
    // The file's rows, by IMEI (the first column).
    rows: (body) =>
      body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]!)
        .filter(Boolean),
  },
  'GET /api/v1/device/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/device/${(await w.fresh.device(org)).id}` }),
  },
  'PUT /api/v1/device/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/device/${(await w.fresh.device(org)).id}`, payload: { firmwareVersion: '03.27.07' } }),
  },
  'DELETE /api/v1/device/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/device/${(await w.fresh.device(org)).id}` }),
  },
  'GET /api/v1/device/:id/vehicle': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/device/${(await w.fresh.device(org, true)).id}/vehicle` }),
  },
  'GET /api/v1/device-inventory': {
    kind: 'list',
    aim: async (w, org) => {
      await w.fresh.device(org);
      return { url: `/device-inventory?organizationId=${o(w, org).id}&limit=100` };
    },
    owners: OWNERS.devices,
    rows: dataIds,
  },
  'POST /api/v1/device-inventory': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => ({
      url: '/device-inventory',
      payload: { imei: freshImei(), make: 'Teltonika', model: 'FMB920', organizationId: o(w, org).id },
    }),
  },
  'POST /api/v1/device-inventory/upload': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const file = multipartBody('devices.csv', `imei,make,model\n${freshImei()},Teltonika,FMB920\n`);
      return { url: `/device-inventory/upload?organizationId=${o(w, org).id}`, payload: file.payload, headers: file.headers };
    },
  },
  'PUT /api/v1/device-inventory/assign': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({
      url: '/device-inventory/assign',
      payload: { deviceIds: [(await w.fresh.device(org)).id], organizationId: o(w, org).id },
    }),
  },
  'POST /api/v1/device/firmware-update': {
    // The devices are named: out of reach they are refused as ones that do not exist.
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/device/firmware-update',
      payload: {
        firmwareId: await freshFirmware(w),
        // A fresh device holds no SIM: in reach it is refused for that, out of reach as one that does not exist.
        deviceIds: [org === 'missing' ? newId() : (await w.fresh.device(org)).id],
      },
    }),
  },
  'POST /api/v1/device-gateway/condition': {
    kind: 'none',
    why: 'staff only: the simulated device-management gateway, the provider’s test tool',
    aim: async () => ({ url: '/device-gateway/condition', payload: { imeis: ['353168110000018'], condition: 'ONLINE' } }),
  },
  'GET /api/v1/firmware': {
    kind: 'none',
    why: 'the firmware catalogue is the provider’s, the same for everyone who works devices',
    aim: async () => ({ url: '/firmware' }),
  },
  'POST /api/v1/firmware': {
    kind: 'none',
    why: 'staff only: the provider’s firmware catalogue',
    aim: async () => ({
      url: '/firmware',
      payload: { make: 'Matrix', model: `M${newId()}`, version: '1.0', checksum: 'ab'.repeat(32) },
    }),
  },
  'PUT /api/v1/firmware/:id': {
    kind: 'none',
    why: 'staff only: the provider’s firmware catalogue',
    aim: async (w) => ({ url: `/firmware/${await freshFirmware(w)}`, payload: { releaseNotes: 'Notes' } }),
  },
  'DELETE /api/v1/firmware/:id': {
    kind: 'none',
    why: 'staff only: the provider’s firmware catalogue',
    aim: async (w) => ({ url: `/firmware/${await freshFirmware(w)}` }),
  },
  // Tickets: a ticket is its organisation's; its thread and attachments with it.
  'GET /api/v1/tickets': {
    kind: 'list',
    aim: async (w, org) => {
      await w.fresh.ticket(org);
      return { url: `/tickets?organizationId=${o(w, org).id}&limit=100` };
    },
    owners: OWNERS.tickets,
    rows: dataIds,
  },
  'GET /api/v1/tickets/assignees': {
    kind: 'none',
    why: 'staff only: the provider’s own users who work tickets',
    aim: async () => ({ url: '/tickets/assignees' }),
  },
  'POST /api/v1/tickets': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => ({ url: '/tickets', payload: { subject: 'S', category: 'OTHER', body: 'B', organizationId: o(w, org).id } }),
  },
  'GET /api/v1/tickets/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/tickets/${(await w.fresh.ticket(org)).id}` }),
  },
  'PUT /api/v1/tickets/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/tickets/${(await w.fresh.ticket(org)).id}`, payload: { status: 'RESOLVED' } }),
  },
  'POST /api/v1/tickets/:id/comments': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => ({ url: `/tickets/${(await w.fresh.ticket(org)).id}/comments`, payload: { body: 'Any news?' } }),
  },
  'POST /api/v1/tickets/:id/attachments': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => {
      const file = multipartBody('log.csv', 'time,event\n10:00,restart\n');
      return { url: `/tickets/${(await w.fresh.ticket(org)).id}/attachments`, payload: file.payload, headers: file.headers };
    },
  },
  'GET /api/v1/tickets/:id/attachments/:attachmentId': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const ticket = await w.fresh.ticket(org);
      return { url: `/tickets/${ticket.id}/attachments/${ticket.attachmentId}` };
    },
  },
  // SIM replacement: the SIMs named are in reach or not found; a replacement is its old SIM's organisation's.
  'POST /api/v1/sim/replace': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const [old, fresh] = [await w.fresh.sim(org, 'ACTIVE'), await w.fresh.sim(org, 'ALLOCATED')];
      return { url: '/sim/replace', payload: { oldIccid: old.iccid, newIccid: fresh.iccid, reason: 'Damaged', dryRun: true } };
    },
  },
  'POST /api/v1/sim/replace/file': {
    kind: 'batch',
    aim: async (w, org, actor) => {
      // The new SIM is the caller's own organisation's: only the old one is in reach or not.
      const own = actor.org ?? 'R';
      const iccid = org === 'missing' ? simIdentity(999_999_000, 'AIRTEL').iccid : (await w.fresh.sim(org, 'ACTIVE')).iccid;
      const fresh = await w.fresh.sim(org === 'missing' ? own : org, 'ALLOCATED');
      const body = multipartBody('pairs.csv', `oldIccid,newIccid,reason\n${iccid},${fresh.iccid},Damaged\n`);
      return { url: '/sim/replace/file?dryRun=true', payload: body.payload, headers: body.headers };
    },
  },
  'GET /api/v1/sim/replacements': {
    kind: 'reach',
    aim: async () => ({ url: '/sim/replacements?limit=100' }),
    owners: OWNERS.replacements,
    rows: dataIds,
  },
  'POST /api/v1/sim/replacements/:id/retry': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/sim/replacements/${(await w.fresh.failedReplacement(org)).id}/retry` }),
  },
  'POST /api/v1/sim/sim-diagnosis/sync': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: '/sim/sim-diagnosis/sync', payload: { iccid: (await w.fresh.sim(org, 'ACTIVE')).iccid } }),
  },
  'POST /api/v1/sim/sim-diagnosis/refresh': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { iccid } = await w.fresh.sim(org, 'ACTIVE');
      return { url: '/sim/sim-diagnosis/refresh', payload: { iccid }, note: { iccid } };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT 1 AS x FROM sim_network_states WHERE iccid = $1', [aim.note!.iccid]);
      expect(Boolean(row)).toBe(applied);
    },
  },

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
  'GET /api/v1/report/mno-job-report/export': {
    kind: 'none',
    why: "staff only: the provider's work at the operators",
    aim: async () => ({ url: '/report/mno-job-report/export?format=csv' }),
  },
  'GET /api/v1/report/mno-job-report/summary': {
    kind: 'none',
    why: "staff only: the provider's work at the operators",
    aim: async () => ({ url: '/report/mno-job-report/summary' }),
  },
  // The declared reports (issue 18): each SIM-based one names SIMs by ICCID, in its page and in its file.
  'GET /api/v1/report/atomic-sims': [
    {
      name: "the organisation's SIM profiles",
      kind: 'list',
      aim: async (w, org) => ({ url: `/report/atomic-sims?organizationId=${o(w, org).id}&limit=500` }),
      owners: OWNERS.iccids,
      rows: iccidsIn,
      shows: async (w, org) => o(w, org).sim.iccid,
    },
    {
      name: 'everything in reach',
      kind: 'reach',
      aim: async () => ({ url: '/report/atomic-sims?limit=500' }),
      owners: OWNERS.iccids,
      rows: iccidsIn,
    },
  ],
  'GET /api/v1/report/atomic-sims/export': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/report/atomic-sims/export?format=csv&organizationId=${o(w, org).id}` }),
    owners: OWNERS.iccids,
    rows: iccidsIn,
    shows: async (w, org) => o(w, org).sim.iccid,
  },
  'GET /api/v1/report/expiry-sims': [
    {
      name: "the organisation's SIMs expiring within 60 days",
      kind: 'list',
      aim: async (w, org) => ({ url: `/report/expiry-sims?days=60&organizationId=${o(w, org).id}&limit=500` }),
      owners: OWNERS.iccids,
      rows: iccidsIn,
      shows: async (w, org) => o(w, org).sim.iccid,
    },
    {
      name: 'everything in reach',
      kind: 'reach',
      aim: async () => ({ url: '/report/expiry-sims?days=60&limit=500' }),
      owners: OWNERS.iccids,
      rows: iccidsIn,
    },
  ],
  'GET /api/v1/report/expiry-sims/export': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/report/expiry-sims/export?format=csv&days=60&organizationId=${o(w, org).id}` }),
    owners: OWNERS.iccids,
    rows: iccidsIn,
    shows: async (w, org) => o(w, org).sim.iccid,
  },
  'GET /api/v1/report/usage': [
    {
      name: "the organisation's SIMs' usage",
      kind: 'list',
      aim: async (w, org) => ({ url: `/report/usage?organizationId=${o(w, org).id}&limit=500` }),
      owners: OWNERS.iccids,
      rows: iccidsIn,
    },
    {
      name: 'everything in reach',
      kind: 'reach',
      aim: async () => ({ url: '/report/usage?limit=500' }),
      owners: OWNERS.iccids,
      rows: iccidsIn,
    },
  ],
  'GET /api/v1/report/usage/export': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/report/usage/export?format=csv&organizationId=${o(w, org).id}` }),
    owners: OWNERS.iccids,
    rows: iccidsIn,
  },
  'GET /api/v1/report/request-details': [
    {
      name: "the organisation's requests' SIMs",
      kind: 'list',
      aim: async (w, org) => ({ url: `/report/request-details?organizationId=${o(w, org).id}&limit=500` }),
      owners: OWNERS.requests,
      rows: dataKey('requestId'),
      shows: async (w, org) => o(w, org).request.id,
    },
    {
      name: 'one request',
      kind: 'list',
      aim: async (w, org) => ({ url: `/report/request-details?requestId=${o(w, org).request.id}` }),
      owners: OWNERS.requests,
      rows: dataKey('requestId'),
      shows: async (w, org) => o(w, org).request.id,
    },
    {
      name: 'everything in reach',
      kind: 'reach',
      aim: async () => ({ url: '/report/request-details?limit=500' }),
      owners: OWNERS.requests,
      rows: dataKey('requestId'),
    },
  ],
  'GET /api/v1/report/request-details/export': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/report/request-details/export?format=csv&organizationId=${o(w, org).id}` }),
    owners: OWNERS.requests,
    rows: reportCsvColumn('Request id'),
    shows: async (w, org) => o(w, org).request.id,
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
  // Wallets (issue 14): an organisation's wallet is its object; money calls change balances only when allowed.
  'GET /api/v1/wallet': {
    // Every signed-in organisation user reads its own wallet (the header); Child Wallets adds its descendants'.
    kind: 'reach',
    aim: async () => ({ url: '/wallet?limit=500' }),
    owners: OWNERS.wallets,
    rows: dataIds,
    shows: async (w, actor) => (actor.org ? walletIdOf(o(w, actor.org).id) : undefined),
  },
  'GET /api/v1/wallet/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/wallet/${walletIdOf(o(w, org).id)}` }),
  },
  'GET /api/v1/wallet/:id/transactions': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/wallet/${walletIdOf(o(w, org).id)}/transactions` }),
  },
  'GET /api/v1/wallet/:id/blocked': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/wallet/${walletIdOf(o(w, org).id)}/blocked` }),
  },
  'PUT /api/v1/wallet/add/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => moneyAim(`/wallet/add/${walletIdOf(o(w, org).id)}`, { amount: 100, reason: 'Tenancy matrix' }),
    verify: async (w, aim, applied) => expect(await keyApplied(w, aim)).toBe(applied),
  },
  'PUT /api/v1/wallet/deduct/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      await fund(w, o(w, org).id, 100);
      return moneyAim(`/wallet/deduct/${walletIdOf(o(w, org).id)}`, { amount: 100, reason: 'Tenancy matrix' });
    },
    verify: async (w, aim, applied) => expect(await keyApplied(w, aim)).toBe(applied),
  },
  'POST /api/v1/wallet/manual/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) =>
      moneyAim(`/wallet/manual/${walletIdOf(o(w, org).id)}`, { organization: o(w, org).id, amount: 100, reason: 'Matrix' }),
    verify: async (w, aim, applied) => expect(await keyApplied(w, aim)).toBe(applied),
  },
  // Activations (issue 14): an organisation's activation puts the plan it holds on its own SIMs, paid from its wallet.
  'POST /api/v1/activation': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => {
      const sim = await w.fresh.sim(org, 'ALLOCATED');
      await fund(w, o(w, org).id, 20_000);
      return {
        url: '/activation',
        payload: { blueprintId: ownBlueprint((await plansHeld(w))[org]).blueprintId, iccids: [sim.iccid], scheduledAt: LATER() },
        headers: { 'idempotency-key': unique('matrix').replace(/ /g, '-') },
        note: { iccid: sim.iccid },
      };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT a.id FROM activations a JOIN job_tasks t ON t.job_id = a.job_id WHERE t.iccid = $1', [
        aim.note!.iccid,
      ]);
      expect(row !== undefined).toBe(applied);
    },
  },
  'GET /api/v1/activation': {
    kind: 'list',
    aim: async (w, org) => {
      await activationOf(w, org);
      return { url: `/activation?organizationId=${o(w, org).id}&limit=500` };
    },
    owners: 'SELECT id, organization_id AS org FROM activations WHERE id = ANY($1)',
    rows: dataIds,
    shows: async (w, org) => (await activationOf(w, org)).id,
  },
  'GET /api/v1/activation/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/activation/${(await activationOf(w, org)).id}` }),
  },
  'PUT /api/v1/activation/:id/cancel': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const made = await makeActivation(w, org);
      return { url: `/activation/${made.id}/cancel`, note: { id: made.id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ status: string }>(
        w,
        'SELECT h.status FROM activations a JOIN wallet_holds h ON h.id = a.hold_id WHERE a.id = $1',
        [aim.note!.id],
      );
      expect(row!.status).toBe(applied ? 'RELEASED' : 'HELD');
    },
  },
  'POST /api/v1/wallet/transfer': {
    // From the organisation's wallet to the wallet of its child (the matrix's leaf); the caller must be the parent.
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      await fund(w, o(w, org).id, 100);
      const to = walletIdOf(o(w, org).leaf.id);
      return moneyAim('/wallet/transfer', { fromWalletId: walletIdOf(o(w, org).id), toWalletId: to, amount: 100 });
    },
    verify: async (w, aim, applied) => expect(await keyApplied(w, aim)).toBe(applied),
  },
  // The transactions report (issue 14): an organisation's entries are its wallet's postings.
  // Schedules and alerts (issue 18): signed-in routes whose service asks for the permission of the report they name.
  'GET /api/v1/report/schedule': {
    kind: 'reach',
    aim: async () => ({ url: '/report/schedule' }),
    owners: SAVED_REPORT_OWNERS.schedules,
    rows: dataIds,
  },
  'POST /api/v1/report/schedule': {
    kind: 'object',
    permission: EXPIRY,
    ok: 201,
    aim: async (w, org) => ({
      url: '/report/schedule',
      payload: { reportId: 'expiry-sims', name: unique('Matrix'), frequency: 'DAILY', hour: 7, organizationId: o(w, org).id },
    }),
  },
  'GET /api/v1/report/schedule/:id': {
    kind: 'object',
    permission: EXPIRY,
    aim: async (w, org) => ({ url: `/report/schedule/${await makeSavedReport(w, org, 'report_schedules')}` }),
  },
  'PUT /api/v1/report/schedule/:id': {
    kind: 'object',
    permission: EXPIRY,
    aim: async (w, org) => ({ url: `/report/schedule/${await makeSavedReport(w, org, 'report_schedules')}`, payload: { hour: 8 } }),
  },
  'DELETE /api/v1/report/schedule/:id': {
    kind: 'object',
    permission: EXPIRY,
    aim: async (w, org) => ({ url: `/report/schedule/${await makeSavedReport(w, org, 'report_schedules')}` }),
  },
  'POST /api/v1/report/schedule/:id/run': {
    kind: 'object',
    permission: EXPIRY,
    aim: async (w, org) => ({ url: `/report/schedule/${await makeSavedReport(w, org, 'report_schedules')}/run` }),
  },
  'GET /api/v1/report/run/:id/file': {
    kind: 'object',
    permission: EXPIRY,
    aim: async (w, org) => ({ url: `/report/run/${await makeReportRun(w, org)}/file` }),
  },
  'GET /api/v1/report/alert': {
    kind: 'reach',
    aim: async () => ({ url: '/report/alert' }),
    owners: SAVED_REPORT_OWNERS.alerts,
    rows: dataIds,
  },
  'POST /api/v1/report/alert': {
    kind: 'object',
    permission: EXPIRY,
    ok: 201,
    aim: async (w, org) => ({
      url: '/report/alert',
      payload: { reportId: 'expiry-sims', name: unique('Matrix'), organizationId: o(w, org).id },
    }),
  },
  'GET /api/v1/report/alert/:id': {
    kind: 'object',
    permission: EXPIRY,
    aim: async (w, org) => ({ url: `/report/alert/${await makeSavedReport(w, org, 'report_alerts')}` }),
  },
  'PUT /api/v1/report/alert/:id': {
    kind: 'object',
    permission: EXPIRY,
    aim: async (w, org) => ({ url: `/report/alert/${await makeSavedReport(w, org, 'report_alerts')}`, payload: { threshold: 3 } }),
  },
  'DELETE /api/v1/report/alert/:id': {
    kind: 'object',
    permission: EXPIRY,
    aim: async (w, org) => ({ url: `/report/alert/${await makeSavedReport(w, org, 'report_alerts')}` }),
  },
  'GET /api/v1/report/transactions': [
    {
      name: "the organisation's entries",
      kind: 'list',
      aim: async (w, org) => ({ url: `/report/transactions?organizationId=${(await entryOf(w, org)).org}&limit=500` }),
      owners: ENTRY_OWNERS,
      rows: dataKey('entryId'),
      shows: async (w, org) => (await entryOf(w, org)).newest(),
    },
    {
      name: "the organisation's wallet",
      kind: 'list',
      aim: async (w, org) => ({ url: `/report/transactions?walletId=${walletIdOf((await entryOf(w, org)).org)}&limit=500` }),
      owners: ENTRY_OWNERS,
      rows: dataKey('entryId'),
      shows: async (w, org) => (await entryOf(w, org)).newest(),
    },
    {
      name: 'everything in reach',
      kind: 'reach',
      aim: async () => ({ url: '/report/transactions?limit=500' }),
      owners: ENTRY_OWNERS,
      rows: dataKey('entryId'),
    },
  ],
  'GET /api/v1/report/transactions/export': [
    {
      name: "the organisation's entries",
      kind: 'list',
      aim: async (w, org) => ({ url: `/report/transactions/export?format=csv&organizationId=${(await entryOf(w, org)).org}` }),
      owners: ENTRY_OWNERS,
      rows: entryIdsInCsv,
      shows: async (w, org) => (await entryOf(w, org)).newest(),
    },
    {
      name: 'everything in reach',
      kind: 'reach',
      aim: async () => ({ url: '/report/transactions/export?format=csv' }),
      owners: ENTRY_OWNERS,
      rows: entryIdsInCsv,
    },
  ],
  // PayU top-ups (issue 14): the caller's own wallet only (another's, a child's too, is a 404, and staff are refused:
  // payu.routes.test.ts). The matrix checks the permission; each call starts a payment and credits nothing.
  'POST /api/v1/wallet/payU/transaction': {
    kind: 'none',
    why: "an organisation tops up its own wallet only: the body names the caller's own wallet",
    aim: async (w, actor) => ({
      url: '/wallet/payU/transaction',
      payload: { walletId: walletIdOf(o(w, actor.org ?? 'R').id), amount: 10_000 },
    }),
  },
  'POST /api/v1/wallet/payU/callback': {
    kind: 'none',
    why: "public: PayU's answer, signed with the merchant salt (one for a txnid never made here: refused, audited, credits nothing)",
    aim: async () => ({
      url: '/wallet/payU/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        txnid: 'TRG00000000000000000000',
        status: 'success',
        amount: '100.00',
        key: 'TRGDEV',
        productinfo: 'Tarang wallet top-up',
        firstname: 'Matrix',
        email: 'matrix@example.in',
        hash: '0'.repeat(128),
      }).toString(),
    }),
  },
  // Whitelisting (issue 15): IP groups and number groups belong to their organisation. A list must show the
  // organisation's first group (made by its first aim): a newer one may be made by another caller's aim meanwhile.
  'GET /api/v1/whitelist/ip-group': {
    kind: 'list',
    aim: async (w, org) => {
      await makeIpGroup(w, org);
      return { url: `/whitelist/ip-group?organizationId=${o(w, org).id}&limit=500` };
    },
    owners: OWNERS.ipGroups,
    rows: dataIds,
    shows: async (w, org) =>
      (await one<{ id: string }>(w, 'SELECT id FROM ip_groups WHERE organization_id = $1 ORDER BY created_at, id LIMIT 1', [o(w, org).id]))
        ?.id,
  },
  'POST /api/v1/whitelist/ip-group': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => {
      const name = unique('Matrix IP group');
      return {
        url: '/whitelist/ip-group',
        payload: { organizationId: o(w, org).id, name, entries: [{ address: '198.51.100.0/24', protocol: 'UDP', ports: '5000-5100' }] },
        note: { name, org: o(w, org).id },
      };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT id FROM ip_groups WHERE name = $1 AND organization_id = $2', [aim.note!.name, aim.note!.org]);
      expect(Boolean(row)).toBe(applied);
    },
  },
  'GET /api/v1/whitelist/ip-group/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/whitelist/ip-group/${(await makeIpGroup(w, org)).id}` }),
  },
  'PUT /api/v1/whitelist/ip-group/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeIpGroup(w, org, true);
      const name = unique('Renamed IP group');
      return { url: `/whitelist/ip-group/${id}`, payload: { name }, note: { id, name } };
    },
    verify: async (w, aim, applied) => {
      expect((await ipGroupRow(w, aim.note!.id as string))!.name === aim.note!.name).toBe(applied);
    },
  },
  'POST /api/v1/whitelist/ip-group/:id/approve': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeIpGroup(w, org);
      return { url: `/whitelist/ip-group/${id}/approve`, note: { id } };
    },
    verify: async (w, aim, applied) => {
      expect((await ipGroupRow(w, aim.note!.id as string))!.review_status).toBe(applied ? 'APPROVED' : 'PENDING');
    },
  },
  'POST /api/v1/whitelist/ip-group/:id/reject': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeIpGroup(w, org);
      return { url: `/whitelist/ip-group/${id}/reject`, payload: { reason: 'Destination not registered' }, note: { id } };
    },
    verify: async (w, aim, applied) => {
      expect((await ipGroupRow(w, aim.note!.id as string))!.review_status).toBe(applied ? 'REJECTED' : 'PENDING');
    },
  },
  'PUT /api/v1/whitelist/ip-group/:id/status': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeIpGroup(w, org, true);
      return { url: `/whitelist/ip-group/${id}/status`, payload: { status: 'INACTIVE' }, note: { id } };
    },
    verify: async (w, aim, applied) => {
      expect((await ipGroupRow(w, aim.note!.id as string))!.status).toBe(applied ? 'INACTIVE' : 'ACTIVE');
    },
  },
  'DELETE /api/v1/whitelist/ip-group/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeIpGroup(w, org);
      return { url: `/whitelist/ip-group/${id}`, note: { id } };
    },
    verify: async (w, aim, applied) => {
      expect(Boolean(await ipGroupRow(w, aim.note!.id as string))).toBe(!applied);
    },
  },
  'GET /api/v1/whitelist/number-group': {
    kind: 'list',
    aim: async (w, org) => {
      await makeNumberGroup(w, org);
      return { url: `/whitelist/number-group?organizationId=${o(w, org).id}&limit=500` };
    },
    owners: OWNERS.numberGroups,
    rows: dataIds,
    shows: async (w, org) =>
      (
        await one<{ id: string }>(w, 'SELECT id FROM number_groups WHERE organization_id = $1 ORDER BY created_at, id LIMIT 1', [
          o(w, org).id,
        ])
      )?.id,
  },
  'POST /api/v1/whitelist/number-group': {
    kind: 'object',
    ok: 201,
    aim: async (w, org) => {
      const name = unique('Matrix number group');
      return {
        url: '/whitelist/number-group',
        payload: { organizationId: o(w, org).id, name, numbers: ['98765 43210'] },
        note: { name, org: o(w, org).id },
      };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT id FROM number_groups WHERE name = $1 AND organization_id = $2', [aim.note!.name, aim.note!.org]);
      expect(Boolean(row)).toBe(applied);
    },
  },
  'GET /api/v1/whitelist/number-group/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/whitelist/number-group/${(await makeNumberGroup(w, org)).id}` }),
  },
  'PUT /api/v1/whitelist/number-group/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeNumberGroup(w, org);
      const name = unique('Renamed number group');
      return { url: `/whitelist/number-group/${id}`, payload: { name }, note: { id, name } };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ name: string }>(w, 'SELECT name FROM number_groups WHERE id = $1', [aim.note!.id]);
      expect(row!.name === aim.note!.name).toBe(applied);
    },
  },
  'DELETE /api/v1/whitelist/number-group/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeNumberGroup(w, org);
      return { url: `/whitelist/number-group/${id}`, note: { id } };
    },
    verify: async (w, aim, applied) => {
      expect(Boolean(await one(w, 'SELECT id FROM number_groups WHERE id = $1', [aim.note!.id]))).toBe(!applied);
    },
  },
  'GET /api/v1/whitelist/number-group/:id/numbers': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => ({ url: `/whitelist/number-group/${(await makeNumberGroup(w, org)).id}/numbers` }),
  },
  'POST /api/v1/whitelist/number-group/:id/numbers': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeNumberGroup(w, org);
      return { url: `/whitelist/number-group/${id}/numbers`, payload: { numbers: ['+91 91234 56789'] }, note: { id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT 1 AS x FROM number_group_numbers WHERE group_id = $1 AND number = $2', [
        aim.note!.id,
        '+919123456789',
      ]);
      expect(Boolean(row)).toBe(applied);
    },
  },
  'POST /api/v1/whitelist/number-group/:id/numbers/file': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await makeNumberGroup(w, org);
      const body = multipartBody('numbers.csv', 'number\n+91 91234 56780\n');
      return { url: `/whitelist/number-group/${id}/numbers/file`, payload: body.payload, headers: body.headers, note: { id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT 1 AS x FROM number_group_numbers WHERE group_id = $1 AND number = $2', [
        aim.note!.id,
        '+919123456780',
      ]);
      expect(Boolean(row)).toBe(applied);
    },
  },
  'DELETE /api/v1/whitelist/number-group/:id/numbers/:number': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id, number } = await makeNumberGroup(w, org);
      return { url: `/whitelist/number-group/${id}/numbers/${encodeURIComponent(number)}`, note: { id, number } };
    },
    verify: async (w, aim, applied) => {
      const row = await one(w, 'SELECT 1 AS x FROM number_group_numbers WHERE group_id = $1 AND number = $2', [
        aim.note!.id,
        aim.note!.number,
      ]);
      expect(Boolean(row)).toBe(!applied);
    },
  },
  'GET /api/v1/whitelist/ip': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/whitelist/ip?organizationId=${o(w, org).id}&limit=500` }),
    owners: OWNERS.iccids,
    rows: (body) => (JSON.parse(body).data as { iccid: string }[]).map((r) => r.iccid),
  },
  'POST /api/v1/whitelist/ip': {
    // The caller's own group (staff: the SIMs' organisation's) onto a SIM: out of reach it is "Not found", as a missing one.
    kind: 'batch',
    aim: async (w, org, actor) => ({
      url: '/whitelist/ip',
      payload: {
        groupId: (await usableGroup(w, 'IP', actor, org)).id,
        iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid],
        scheduledAt: LATER(),
      },
    }),
  },
  'PUT /api/v1/whitelist/ip': {
    // The caller's own group (staff: the SIMs' organisation's) onto a SIM: out of reach it is "Not found", as a missing one.
    kind: 'batch',
    aim: async (w, org, actor) => ({
      url: '/whitelist/ip',
      payload: {
        groupId: (await usableGroup(w, 'IP', actor, org)).id,
        iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid],
        scheduledAt: LATER(),
      },
    }),
  },
  'POST /api/v1/whitelist/ip/resync': {
    // The group is what is named: out of reach it is "Not found"; in reach, no SIM of the fresh group needs a re-sync.
    kind: 'object',
    ok: 422,
    aim: async (w, org) => ({ url: '/whitelist/ip/resync', payload: { groupId: (await makeIpGroup(w, org, true)).id, dryRun: true } }),
  },
  'POST /api/v1/whitelist/ip/cancel': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/whitelist/ip/cancel',
      payload: { iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid], scheduledAt: LATER() },
    }),
  },
  'GET /api/v1/whitelist/numbers': {
    kind: 'list',
    aim: async (w, org) => ({ url: `/whitelist/numbers?organizationId=${o(w, org).id}&limit=500` }),
    owners: OWNERS.iccids,
    rows: (body) => (JSON.parse(body).data as { iccid: string }[]).map((r) => r.iccid),
  },
  'POST /api/v1/whitelist/numbers': {
    // The caller's own group (staff: the SIMs' organisation's) onto a SIM: out of reach it is "Not found", as a missing one.
    kind: 'batch',
    aim: async (w, org, actor) => ({
      url: '/whitelist/numbers',
      payload: {
        groupId: (await usableGroup(w, 'NUMBER', actor, org)).id,
        iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid],
        scheduledAt: LATER(),
      },
    }),
  },
  'PUT /api/v1/whitelist/numbers': {
    // The caller's own group (staff: the SIMs' organisation's) onto a SIM: out of reach it is "Not found", as a missing one.
    kind: 'batch',
    aim: async (w, org, actor) => ({
      url: '/whitelist/numbers',
      payload: {
        groupId: (await usableGroup(w, 'NUMBER', actor, org)).id,
        iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid],
        scheduledAt: LATER(),
      },
    }),
  },
  'POST /api/v1/whitelist/numbers/resync': {
    // The group is what is named: out of reach it is "Not found"; in reach, no SIM of the fresh group needs a re-sync.
    kind: 'object',
    ok: 422,
    aim: async (w, org) => ({ url: '/whitelist/numbers/resync', payload: { groupId: (await makeNumberGroup(w, org)).id, dryRun: true } }),
  },
  'POST /api/v1/whitelist/numbers/cancel': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/whitelist/numbers/cancel',
      payload: { iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid], scheduledAt: LATER() },
    }),
  },
  'GET /api/v1/whitelist/reconcile': {
    kind: 'none',
    why: "staff only: the reconcile's passes are the provider's, over every organisation",
    aim: async () => ({ url: '/whitelist/reconcile' }),
  },
  'POST /api/v1/whitelist/reconcile': {
    kind: 'none',
    why: 'staff only: starts a pass of the provider-wide reconcile',
    aim: async () => ({ url: '/whitelist/reconcile' }),
  },
  'POST /api/v1/operator-gateway/:operator/whitelist-drift': {
    kind: 'none',
    why: "staff only: the simulated operator's own state, the provider's test tool",
    aim: async () => ({
      url: '/operator-gateway/BSNL/whitelist-drift',
      payload: { kind: 'NUMBER', mode: 'LOSE', iccids: [MISSING_ICCID] },
    }),
  },
  'POST /api/v1/operator-gateway/:operator/network-condition': {
    kind: 'none',
    why: "staff only: the simulated operator's own state, the provider's test tool",
    aim: async () => ({ url: '/operator-gateway/BSNL/network-condition', payload: { iccids: [MISSING_ICCID], condition: 'NORMAL' } }),
  },
  // The work calendar: scheduled requests in reach (each organisation's scheduled SUSPEND is a week ahead).
  'GET /api/v1/work-calendar': {
    kind: 'reach',
    aim: async () => {
      const day = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10);
      return { url: `/work-calendar?from=${day(Date.now())}&to=${day(Date.now() + 30 * 86_400_000)}` };
    },
    owners: OWNERS.requests,
    rows: (body) => (JSON.parse(body).data.requests as { requestId: string }[]).map((r) => r.requestId),
    shows: async (w, actor) => (actor.org ? o(w, actor.org).request.id : undefined),
  },
  'PUT /api/v1/work-calendar/request/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await w.fresh.scheduledCancel(org);
      const at = new Date(Date.now() + 9 * 86_400_000).toISOString();
      return { url: `/work-calendar/request/${id}`, payload: { scheduledAt: at }, note: { id, at } };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ scheduled_at: Date }>(w, 'SELECT scheduled_at FROM requests WHERE id = $1', [aim.note!.id]);
      expect(new Date(row!.scheduled_at).getTime() === Date.parse(aim.note!.at as string)).toBe(applied);
    },
  },
  'DELETE /api/v1/work-calendar/request/:id': {
    kind: 'object',
    ok: 200,
    aim: async (w, org) => {
      const { id } = await w.fresh.scheduledCancel(org);
      return { url: `/work-calendar/request/${id}`, note: { id } };
    },
    verify: async (w, aim, applied) => {
      const row = await one<{ status: string }>(w, 'SELECT b.status FROM batch_jobs b WHERE b.request_id = $1', [aim.note!.id]);
      expect(row!.status === 'CANCELLED').toBe(applied);
    },
  },
  'POST /api/v1/whitelist/ip/delete': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/whitelist/ip/delete',
      payload: { iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid] },
    }),
  },
  'POST /api/v1/whitelist/numbers/delete': {
    kind: 'batch',
    aim: async (w, org) => ({
      url: '/whitelist/numbers/delete',
      payload: { iccids: [org === 'missing' ? MISSING_ICCID : (await w.fresh.sim(org, 'ACTIVE')).iccid] },
    }),
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
      scheduledCancel: async (org) => {
        const sim = await freshSim(org, 'ACTIVE');
        const made = await api('POST', '/whitelist/ip/cancel', { iccids: [sim.iccid], scheduledAt: LATER() });
        return made.request as { id: string };
      },
      user: (org) => makeUser(t, { email: uniqueEmail('victim'), roleId: f.roles.basic.id, organizationId: f.orgs[org].id }),
      role: (org) => makeRole(t, unique('Doomed role'), {}, { organizationId: f.orgs[org].id }),
      organization: (org) => makeOrganization(t, unique('Leaf'), f.orgs[org]),
      device: (org, vehicle) => makeDevice(pool, { organizationId: f.orgs[org].id, vehicle }),
      ticket: async (org) => {
        const made = await api('POST', '/tickets', {
          subject: 'Matrix',
          category: 'OTHER',
          body: 'Matrix',
          organizationId: f.orgs[org].id,
        });
        const file = multipartBody('report.pdf', TICKET_PDF);
        const res = await t.call({
          method: 'POST',
          url: `${API}/tickets/${made.id}/attachments`,
          token: staff,
          payload: file.payload,
          headers: file.headers,
        });
        return { id: made.id as string, attachmentId: res.json().data.attachments[0].id as string };
      },
      failedReplacement: async (org) => {
        const [old, fresh] = [await freshSim(org, 'ACTIVE'), await freshSim(org, 'ALLOCATED')];
        const made = await api('POST', '/sim/replace', { oldIccid: old.iccid, newIccid: fresh.iccid, reason: 'Damaged' });
        const { rows } = await t.database.pool.query<{ id: string }>(
          `UPDATE job_tasks SET status = 'FAILED', error = 'Refused by the operator'
           FROM sim_replacements r WHERE r.request_id = $1 AND job_tasks.id = r.task_id RETURNING r.id`,
          [(made.request as { id: string }).id],
        );
        return { id: rows[0]!.id };
      },
    },
  };
}
