import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MODULES } from '@tarang/shared/modules/module-catalogue';
import { fullAuthScopes } from '@tarang/shared/roles/auth-scopes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from '../../src/modules/requests/requests-test-kit';
import { makeSims, multipartBody, waitForOperation } from '../../src/modules/sims/sims-test-kit';
import { buildTenancyFixture, type TTenancyFixture, uniqueEmail } from '../fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API, createTestApp, FIXTURE_PASSWORD, makeRole, makeUser, type TTestApp } from '../test-app';
import { requestsFor, sweepFor, type TActorKey, type TFuzzEnv, type TFuzzRequest, type TMutation } from './fuzz-requests';
import { routeName, routesOf, type TFuzzRoute, watchRoutes } from './route-catalogue';
import { uploadCases } from './upload-files';

/**
 * Schema-driven fuzzing of every API route. For each route the server registered, requests are generated from the
 * route's own zod schemas (params, query, headers, body), in two passes:
 *  - the sweep: one accepted request, then that request with each field (down to nested ones) set to one value of
 *    each hostile kind: NUL and control characters, a lone surrogate, 1 MB, wrong types, extreme numbers, impossible
 *    and out-of-range dates for date fields, forged and crafted cursors for cursors; each query key twice, prototype
 *    keys, duplicated JSON keys, broken bodies and content types, and every CSV/XLSX edge case on the upload routes;
 *  - the search: FUZZ_RUNS random requests (fast-check), three in four with one to three hostile changes, as the
 *    Super Admin, as an organisation admin holding every permission, or anonymously; shrunk on failure.
 * Every answer must be below 500, every 4xx the usual JSON error, no request may log an error or hang, accepted
 * uploads must not end on an unexpected error, nothing may reject unhandled, and health must answer at the end.
 *
 * Budget: FUZZ_RUNS random requests per route (20 in `npm test`, 1000 in `npm run fuzz`). The seed is printed at the
 * start and with every failure: FUZZ_SEED=<seed> repeats a run, and FUZZ_PATH=<path> with the route selected by -t
 * replays fast-check's shrunk counterexample. FUZZ_SURVEY=1 lists every failing request instead of stopping at the
 * first per route; FUZZ_STATS=1 prints the answers by route and why requests without a hostile change were refused.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;
const REPLAY_PATH = process.env.FUZZ_PATH;
const SURVEY = process.env.FUZZ_SURVEY === '1';
const REQUEST_TIMEOUT_MS = 20_000;
/** The test timeout of one route: generous, so that the run count (not the clock) bounds the work. */
const ROUTE_TIMEOUT_MS = 60_000 + RUNS * 1_500;

/**
 * Defects known and not yet fixed: a ≥ 500 (or an error logged) on exactly this route, for a request that changed
 * exactly this part with exactly this kind of input, is tolerated here and counted in the summary. `finding` names the
 * finding it belongs to (a number of the hardening list, or what the fuzzer found). Each entry carries a reproduction
 * that is checked below: once the defect is fixed that check fails, and the entry must go. Keep it small; never add a
 * route or a field wholesale.
 */
type TKnownDefect = {
  finding: string;
  route: string;
  where: string;
  kinds: readonly string[];
  repro: { actor: TActorKey; method: string; url: string; payload: string; headers: Record<string, string> };
};
const KNOWN_DEFECTS: readonly TKnownDefect[] = [];

// The app is built while the tests are collected, so that each route gets a test named after it.
watchRoutes();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-fuzz-'));
const t: TTestApp = await createTestApp({ dataDir });
const routes: TFuzzRoute[] = routesOf(t.app);

let f: TTenancyFixture;
let env: TFuzzEnv;
const tokens: Record<Exclude<TActorKey, 'anonymous'>, { token: string; login: () => Promise<string> }> = {} as never;
const acceptedUploads: { id: string; file: string }[] = [];
const knownHits = new Map<TKnownDefect, number>();
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let requestsSent = 0;
/** Answers by route and status class, to see how deep the generated requests reach. */
const statusesByRoute = new Map<string, Record<string, number>>();
/** Why requests without any hostile change were refused: the generator's blind spots. */
const cleanRefusals = new Map<string, number>();
const survey = new Map<string, { count: number; example: string }>();
const startedAt = Date.now();

/** A request as a failure shows it: long strings and buffers cut, so the report stays readable. */
function describeRequest(r: TFuzzRequest): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  const payload =
    r.payload === undefined ? '' : ` payload=${JSON.stringify(cut(Buffer.isBuffer(r.payload) ? r.payload.toString('latin1') : r.payload))}`;
  const mutations = r.mutations.map((m) => `${m.where}:${m.kind}`).join(', ') || 'none';
  return `${r.actor} ${r.method} ${cut(r.url)} headers=${cut(JSON.stringify(r.headers))}${payload} [mutations: ${mutations}]`;
}

function knownDefectFor(route: TFuzzRoute, mutations: TMutation[]): TKnownDefect | undefined {
  const name = routeName(route);
  return KNOWN_DEFECTS.find((d) => d.route === name && mutations.some((m) => m.where === d.where && d.kinds.includes(m.kind)));
}

type TAnswer = { status: number; body: string; contentType: string; errorLogs: string[] };

async function send(r: {
  actor: TActorKey;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}): Promise<TAnswer> {
  const token = r.actor === 'anonymous' ? null : tokens[r.actor].token;
  const before = t.logs.length;
  requestsSent++;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)), REQUEST_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([
      t.app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: { ...r.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(r.payload !== undefined ? { payload: r.payload } : {}),
      }),
      timeout,
    ]);
    const requestId = String(res.headers['x-request-id'] ?? '');
    const errorLogs: string[] = [];
    for (const line of t.logs.slice(before)) {
      if (Number(line.level) < 50) continue;
      const text = `${String(line.msg)}${line.err ? `: ${String((line.err as { message?: string }).message)}` : ''}`;
      if (line.reqId === requestId) errorLogs.push(text);
    }
    return { status: res.statusCode, body: res.body, contentType: String(res.headers['content-type'] ?? ''), errorLogs };
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an answer, or null. */
function verdict(answer: TAnswer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  if (answer.errorLogs.length) return `answered ${answer.status} but logged an error: ${answer.errorLogs.join(' | ').slice(0, 300)}`;
  if (answer.status >= 400) {
    if (!answer.contentType.startsWith('application/json'))
      return `answered ${answer.status} as ${answer.contentType || 'no content type'}`;
    let body: { success?: unknown; message?: unknown; code?: unknown };
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `answered ${answer.status} with a body that is not JSON: ${answer.body.slice(0, 200)}`;
    }
    if (body.success !== false || typeof body.message !== 'string' || !body.message || typeof body.code !== 'string')
      return `answered ${answer.status} without the error shape: ${answer.body.slice(0, 200)}`;
  } else if (answer.contentType.startsWith('application/json')) {
    try {
      JSON.parse(answer.body);
    } catch {
      return `answered ${answer.status} with broken JSON: ${answer.body.slice(0, 200)}`;
    }
  }
  return null;
}

/** Signed-in actors stay signed in: a fuzzed route may end a session (or a throttle may); sign in again then. */
async function keepSessions() {
  for (const actor of Object.values(tokens)) {
    const res = await t.call({ method: 'GET', url: `${API}/job-batch/counts`, token: actor.token });
    if (res.statusCode === 401) actor.token = await actor.login();
  }
}

function seedOf(route: TFuzzRoute): number {
  let h = SEED;
  for (const c of routeName(route)) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

async function collectPools(orgAdmin: { id: string }, fuzzRoleId: string) {
  const staff = tokens.superAdmin.token;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.call({ method, url: `${API}${url}`, token: staff, ...(payload === undefined ? {} : { payload: payload as object }) });

  const stock = await makeSims(t, 20);
  const active = await makeSims(t, 20, (i) => ({
    organizationId: f.orgs.C1.id,
    status: 'ACTIVE',
    operators: [(['AIRTEL', 'BSNL', 'VI'] as const)[i % 3]!],
  }));
  const allocated = await makeSims(t, 10, { organizationId: f.orgs.G.id, status: 'ALLOCATED', expiresAt: new Date('2030-01-01') });
  const suspended = await makeSims(t, 5, { organizationId: f.orgs.C2.id, status: 'SUSPENDED', operators: ['BSNL', 'VI'] });
  const iccids = [...stock, ...active, ...allocated, ...suspended].flatMap((s) => [
    s.iccid,
    ...(s.provisionedIccid ? [s.provisionedIccid] : []),
  ]);

  const made = await call('POST', '/request', { type: 'SUSPEND', iccids: active.slice(0, 2).map((s) => s.iccid), reason: 'Fuzz fixture' });
  if (made.statusCode !== 201) throw new Error(`request fixture: ${made.statusCode} ${made.body}`);
  const { id: requestId, jobId, batchJobId } = made.json().data.request;
  // Ended, so that its live-progress stream (GET /job-batch/{id}/events) ends at once.
  await waitForJob(t, staff, jobId);
  const file = await t.call({
    method: 'POST',
    url: `${API}/request/file`,
    token: staff,
    ...multipartBody('iccids.csv', `iccid\n${active[5]!.iccid}\n`),
  });
  if (file.statusCode !== 201) throw new Error(`request file fixture: ${file.statusCode} ${file.body}`);
  const upload = await t.call({
    method: 'POST',
    url: `${API}/sim/large-data`,
    token: staff,
    ...multipartBody('sims.csv', 'iccid,imsi,msisdn,operator\n8991999000000000017,404109990000001,919990000001,AIRTEL\n'),
  });
  if (upload.statusCode !== 202) throw new Error(`upload fixture: ${upload.statusCode} ${upload.body}`);
  await waitForOperation(t, staff, `${API}/sim/large-data/${upload.json().data.id}`);
  const allocation = await call('PUT', '/sim/allocate', { iccids: [stock[0]!.iccid], organizationId: f.orgs.I.id });
  const operationIds = [upload.json().data.id, allocation.json().data?.operation?.id].filter(Boolean);

  const db = t.database.pool;
  const mnoJobIds = (await db.query<{ id: string }>('SELECT id FROM mno_jobs')).rows.map((r) => r.id);

  // Real cursors, from the first page of each keyset list, for crafted variants.
  const cursorOf = async (url: string) => (await call('GET', url)).json()?.meta?.nextCursor as string | null | undefined;
  await call('POST', '/request', { type: 'SUSPEND', iccids: [active[3]!.iccid] });
  const cursorPools: Record<string, string[]> = {};
  for (const url of [
    '/sim',
    '/sim/expiring-soon?days=365',
    '/request',
    '/termination',
    '/job-batch',
    '/mno-job',
    '/audit-trail',
    `/job/${jobId}/tasks`,
  ]) {
    const sep = url.includes('?') ? '&' : '?';
    const cursor = await cursorOf(`${url}${sep}limit=1`);
    const routeUrl = `${API}${url.split('?')[0]!.replace(jobId, ':id')}`;
    if (cursor) cursorPools[`cursor@${routeUrl}`] = [cursor];
  }

  const orgIds = Object.values(f.orgs).map((o) => o.id);
  const ownRoleIds = Object.values(f.ownRoles).map((r) => r.id);
  const memberIds = Object.values(f.members).map((m) => m.id);
  // Ids that fuzzed changes may touch: never the acting users, their roles or organisations (R holds C1).
  const touchableOrgs = [f.orgs.C2.id, f.orgs.G.id, f.orgs.I.id];
  const touchableUsers = [...memberIds, f.actors.rAdmin.userId, f.actors.iAdmin.userId, f.actors.c1Viewer.userId];
  const touchableRoles = [...ownRoleIds, f.roles.orgViewer.id, f.roles.orgOperator.id, f.roles.basic.id, f.roles.staffSupport.id];
  expect(touchableUsers).not.toContain(orgAdmin.id);
  expect(touchableRoles).not.toContain(fuzzRoleId);

  env = {
    pools: {
      'id@users': touchableUsers,
      'id@organization': touchableOrgs,
      'id@roles': touchableRoles,
      'id@request': [requestId],
      'id@job-batch': [jobId],
      'id@job': [jobId],
      'id@mno-job': mnoJobIds,
      'id@sim': operationIds,
      'token@auth': [tokens.superAdmin.token],
      'term@search': [iccids[0]!.slice(0, 8), 'Org', 'Member', batchJobId],
      iccid: iccids,
      iccids,
      organizationId: orgIds,
      parentId: orgIds,
      role: touchableRoles,
      roleId: touchableRoles,
      _id: [...orgIds, ...memberIds, ...ownRoleIds],
      actorId: memberIds,
      entityId: [...orgIds, ...memberIds, jobId],
      fileId: [file.json().data.id],
      batchJobId: [batchJobId],
      username: Object.values(f.members).map((m) => m.email),
      'sort@users': ['firstName', '-createdAt', 'email'],
      'sort@organization': ['tradeName', '-createdAt'],
      'sort@roles': ['name', '-createdAt'],
      'authScopes.key': MODULES.map((m) => m.id),
      ...cursorPools,
    },
    uploads: { 'sim-upload': await uploadCases('sim-upload'), 'request-file': await uploadCases('request-file') },
  };
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  f = await buildTenancyFixture(t);
  const role = await makeRole(t, 'Fuzz organisation admin', fullAuthScopes(), { organizationId: f.orgs.C1.id });
  const email = uniqueEmail('fuzz.admin');
  const orgAdmin = await makeUser(t, { email, roleId: role.id, organizationId: f.orgs.C1.id, firstName: 'Fuzz' });
  tokens.superAdmin = { token: f.actors.staffAdmin.token, login: async () => (await t.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token };
  tokens.orgAdmin = { token: '', login: async () => (await t.login(email, FIXTURE_PASSWORD)).token };
  tokens.orgAdmin.token = await tokens.orgAdmin.login();
  await t.deps.worker.start();
  await collectPools(orgAdmin, role.id);
  // Only warnings and errors from here on: the checks read error lines, and the access log of thousands of requests
  // with 1 MB URLs would hold gigabytes in the captured log.
  t.app.log.level = 'warn';
  t.deps.logger.level = 'warn';
  console.info(`fuzz: ${routes.length} routes, ${RUNS} requests each, seed ${SEED} (FUZZ_SEED=${SEED} reproduces)`);
}, 120_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const known = [...knownHits].map(([d, n]) => `  finding ${d.finding}: ${d.route} ${d.where} (${d.kinds.join(', ')}) × ${n}`);
  console.info(
    `fuzz: ${requestsSent} requests in ${seconds} s (test process RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB, log ${Math.round(t.logText().length / 2 ** 20)} MB), seed ${SEED}${known.length ? `\nknown defects met:\n${known.join('\n')}` : ''}`,
  );
  const depth = [...statusesByRoute].map(
    ([name, classes]) =>
      `  ${name}: ${Object.entries(classes)
        .sort()
        .map(([k, n]) => `${k}×${n}`)
        .join(' ')}`,
  );
  if (process.env.FUZZ_STATS === '1') {
    const refusals = [...cleanRefusals].sort().map(([k, n]) => `  ${k} ×${n}`);
    console.info(`fuzz: answers by route\n${depth.join('\n')}\nrequests without a hostile change refused:\n${refusals.join('\n')}`);
  }
  if (SURVEY)
    console.info(
      `fuzz survey: ${survey.size} distinct failures\n${[...survey]
        .sort()
        .map(([k, v]) => `${k} ×${v.count}\n    ${v.example}`)
        .join('\n')}`,
    );
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

let lastStatus = 0;

/** Sends one request and judges the answer: the problem, or null when it is fine (or a listed known defect). */
async function judge(route: TFuzzRoute, request: TFuzzRequest): Promise<string | null> {
  const answer = await send(request).catch((error: Error) => ({
    status: 0,
    body: '',
    contentType: '',
    errorLogs: [],
    failure: error.message,
  }));
  const problem = 'failure' in answer ? (answer as { failure: string }).failure : verdict(answer);
  const name = routeName(route);
  lastStatus = answer.status;
  const classes = statusesByRoute.get(name) ?? {};
  const cls = answer.status ? String(answer.status) : 'none';
  classes[cls] = (classes[cls] ?? 0) + 1;
  statusesByRoute.set(name, classes);
  if (!request.mutations.length && answer.status === 400) {
    const key = `${name}: ${String(JSON.parse(answer.body).message).slice(0, 100)}`;
    cleanRefusals.set(key, (cleanRefusals.get(key) ?? 0) + 1);
  }
  if (!problem) {
    if (route.url.endsWith('/sim/large-data') && answer.status === 202)
      acceptedUploads.push({ id: JSON.parse(answer.body).data.id, file: request.file ?? '' });
    return null;
  }
  const known = knownDefectFor(route, request.mutations);
  if (known) {
    knownHits.set(known, (knownHits.get(known) ?? 0) + 1);
    return null;
  }
  if (SURVEY) {
    const key = `${name} ${problem.replace(/"requestId":"\w+"/, '').slice(0, 90)} <- ${request.mutations.map((m) => `${m.where}:${m.kind}`).join(', ')}`;
    const seen = survey.get(key);
    survey.set(key, { count: (seen?.count ?? 0) + 1, example: seen?.example ?? describeRequest(request) });
    return null;
  }
  return `${name} ${problem}`;
}

describe('every route, fuzzed from its schemas', () => {
  it('covers every route the server registered', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.map(routeName).sort()).toEqual(t.app.routeAccess.map(routeName).sort());
  });

  for (const route of routes) {
    it(
      routeName(route),
      async () => {
        await keepSessions();
        const seed = seedOf(route);
        // The sweep: every field, one value of each hostile kind; every failure is collected.
        const swept: string[] = [];
        // Its base: the first of a few valid-looking requests that the route accepts (or the first, if none is).
        let sweep = sweepFor(route, env, seed);
        for (let variant = 0; variant < 4; variant++) {
          const candidate = variant ? sweepFor(route, env, seed, variant) : sweep;
          const base = candidate[0]!;
          const problem = await judge(route, base);
          if (problem) swept.push(`${problem}\n    request: ${describeRequest(base)}`);
          if (lastStatus < 400) {
            sweep = candidate;
            break;
          }
        }
        for (const request of sweep.slice(1)) {
          const problem = await judge(route, request);
          if (problem) swept.push(`${problem}\n    request: ${describeRequest(request)}`);
        }
        // The search: random requests from the schemas, stopped and shrunk at the first failure.
        let searched: Error | null = null;
        await fc
          .assert(
            fc.asyncProperty(requestsFor(route, env), async (request) => {
              const problem = await judge(route, request);
              if (problem) throw new Error(problem);
            }),
            {
              numRuns: RUNS,
              seed,
              ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}),
              reporter: (details) => {
                if (!details.failed) return;
                const example = details.counterexample?.[0] as TFuzzRequest | undefined;
                throw new Error(
                  [
                    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance),
                    example ? `    request: ${describeRequest(example)}` : '',
                    `    reproduce: FUZZ_SEED=${SEED} FUZZ_PATH=${details.counterexamplePath} npx vitest run --project server apps/server/test/fuzz -t "${routeName(route)}$"`,
                  ].join('\n'),
                );
              },
            },
          )
          .catch((error: Error) => {
            searched = error;
          });
        const problems = [...swept, ...(searched ? [(searched as Error).message] : [])];
        expect(problems, `${routeName(route)} (seed ${SEED}):\n${problems.join('\n')}`).toEqual([]);
      },
      ROUTE_TIMEOUT_MS,
    );
  }
});

describe('after the fuzzing', () => {
  it('accepted uploads end DONE or FAILED with a stated reason, never on an unexpected error', async () => {
    await keepSessions();
    for (const upload of acceptedUploads) {
      const op = await waitForOperation(t, tokens.superAdmin.token, `${API}/sim/large-data/${upload.id}`, 60_000);
      expect.soft(op.error ?? '', `${upload.file}: ${op.error}`).not.toMatch(/unexpected/i);
    }
  }, 120_000);

  it('nothing rejected unhandled, background work logged no error, and the server still answers health', async () => {
    expect(unhandled.map(String)).toEqual([]);
    // Work outside a request (the queue, exports, the SIM runner) logs no error; SIM operations are judged by their
    // outcome above, since a file refused for a stated reason is logged as a failed operation too.
    const background = t.logs
      .filter((l) => Number(l.level) >= 50 && !l.reqId && l.msg !== 'SIM operation failed')
      .map((l) => `${String(l.msg)}${l.err ? `: ${String((l.err as { message?: string }).message).slice(0, 300)}` : ''}`);
    expect(background).toEqual([]);
    const res = await t.call({ method: 'GET', url: `${API}/health` });
    expect(res.statusCode).toBe(200);
  });

  for (const defect of KNOWN_DEFECTS) {
    it(`the allow-listed defect still reproduces (finding ${defect.finding}: ${defect.route} ${defect.where}); remove the entry once it is fixed`, async () => {
      await keepSessions();
      const answer = await send(defect.repro);
      expect(answer.status >= 500 || answer.errorLogs.length > 0, `fixed: ${answer.status} ${answer.body.slice(0, 200)}`).toBe(true);
    });
  }
});
