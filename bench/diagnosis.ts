/**
 * The SIM diagnosis, usage and replacement section of `npm run bench` (issue 16; `--diagnosis 1|0`,
 * `--diagnosis-sims N`, `--diagnosis-requests N`, `--ingest-sims N`, `--replace-pairs N`), on the bench's throwaway
 * database with a server of its own (the worker inside it, the daily usage ingest off so that only the day asked for
 * runs), the operator simulator at zero latency and no failures:
 *   - the usage ingest of yesterday (India) for at least `--ingest-sims` SIMs that can be on a network (ACTIVE SIMs are
 *     added when the dataset holds fewer): POST /sim/usage/ingest, then GET /sim/usage/ingest until the day's
 *     finishedAt is set (SIMs, profiles, seconds, rows/s), beside a bare COPY of as many rows, shaped as the ingest
 *     writes them, into a scratch table like sim_usage_months; and the table's bytes per SIM-day, for that one day and
 *     for a full month (a scratch table of 100,000 SIMs × 31 days);
 *   - GET /sim/sim-diagnosis?iccid= for `--diagnosis-sims` ACTIVE SIMs with a plan, an expiry, 13 months of usage rows
 *     (written in SQL) and a network state from their operator (POST /sim/sim-diagnosis/refresh once each, timed too):
 *     p50/p95/max over `--diagnosis-requests` requests without Refresh, beside the bare SQL of the reads the diagnosis
 *     makes run straight on the pool, alternating, and the ratio;
 *   - a replacement of `--replace-pairs` pairs (old SIMs ACTIVE, new SIMs ALLOCATED to the same organisation, same
 *     operator) through POST /sim/replace/file with a CSV, from the POST until every pair is DONE, beside the bare SQL
 *     moving the same numbers and statuses (three statements in one transaction, rolled back).
 * Targets (issue 16): the diagnosis p95 ≤ 100 ms without Refresh at 10,000,000 SIMs; one day's ingest for 1,000,000 SIMs
 * ≤ 60 s; 10,000 replacement pairs ≤ 60 s at zero simulated latency.
 * Answers the lines of its tables (markdown).
 */
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { newId } from '@tarang/shared/common/ids';
import { addDays, dayOfMonth, indiaDay, indiaDayStart, monthOf } from '@tarang/shared/common/india-days';
import type { TOperator } from '@tarang/shared/sims/identifiers';
import { connectDatabase, type TDb } from '../apps/server/src/db/database';
import type { TTenantScope } from '../apps/server/src/http/request-context';
import { DEFAULT_SETTINGS, insertOrganization } from '../apps/server/src/modules/organizations/organizations.repository';
import { copySims, demoSim, GENERATED_OPERATORS, nextSerial } from '../apps/server/src/modules/sims/sim-generator';
import { findSimByIccid } from '../apps/server/src/modules/sims/sims.repository';
import { ensureUsagePartition, oldestKeptMonth } from '../apps/server/src/modules/usage/usage-ingest';
import { walletIdOf } from '../apps/server/src/modules/wallets/ledger';
import { signInOverHttp } from '../apps/server/src/modules/wallets/wallets-test-kit';
import { copyChunks, jsonCall, timedCopy } from './bench-kit';

export type TDiagnosisServer = { child: ChildProcess; base: string };
export type TDiagnosisOptions = {
  databaseUrl: string;
  /** Starts the API as the rest of the bench does, these variables on top of its environment. */
  startApi: (env?: Record<string, string>) => Promise<TDiagnosisServer>;
  staff: { email: string; password: string };
  /** SIMs the diagnosis is asked about. */
  askedSims: number;
  /** GET /sim/sim-diagnosis requests measured (each beside its bare SQL). */
  requests: number;
  /** SIMs the ingest goes over at least (0: no ingest). */
  ingestSims: number;
  /** Replacement pairs in the file (0: no replacement). */
  replacePairs: number;
  log: (line: string) => void;
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const ALL: TTenantScope = { kind: 'all' };
/** Keeps a bench step under the access token's lifetime (15 minutes at most): it signs in again past this. */
const TOKEN_REFRESH_MS = 10 * 60_000;
/** SIMs in the full-month scratch table (bytes per SIM-day when a month is full). */
const FULL_MONTH_ROWS = 100_000;

type TStats = { p50: number; p95: number; max: number };
function stats(samples: number[]): TStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

export async function measureDiagnosis(o: TDiagnosisOptions): Promise<string[]> {
  const database = connectDatabase(o.databaseUrl, 10);
  const { pool, db } = database;
  const lines: string[] = [];
  let server: TDiagnosisServer | null = null;
  let token = '';
  let signedAt = 0;
  const session = async () => {
    if (!token || performance.now() - signedAt > TOKEN_REFRESH_MS) {
      token = await signInOverHttp(server!.base, o.staff.email, o.staff.password);
      signedAt = performance.now();
    }
    return token;
  };
  const call = async <T>(method: string, url: string, body?: unknown) => jsonCall<T>(server!.base, await session(), method, url, body);
  const count = async (text: string, values: unknown[] = []) => Number((await pool.query<{ n: string }>(text, values)).rows[0]!.n);

  try {
    // The daily ingest stays off: only the day the bench asks for is ingested.
    server = await o.startApi({ TARANG_USAGE_INGEST: 'off' });
    for (const op of GENERATED_OPERATORS) {
      await call('PUT', `/operator-gateway/${op}`, {
        adapter: 'simulator',
        latencyMs: 0,
        processingMs: 0,
        failureRate: 0,
        transientFailureRate: 0,
        outage: false,
        batchSize: 10_000,
      });
    }
    const orgIds = (await pool.query<{ id: string }>('SELECT id FROM organizations ORDER BY path')).rows.map((r) => r.id);
    const yesterday = addDays(indiaDay(new Date()), -1);

    // ─── the usage ingest of one day ───
    if (o.ingestSims > 0) lines.push(...(await measureIngest(o, pool, call, count, orgIds, yesterday)));

    // ─── the diagnosis ───
    if (o.askedSims > 0 && o.requests > 0) lines.push(...(await measureDiagnosisReads(o, db, pool, call, count, yesterday)));

    // ─── a bulk replacement ───
    if (o.replacePairs > 0) lines.push(...(await measureReplacement(o, server, db, pool, session, call, count)));

    // The dataset the figures were taken on.
    const [sims, active, usageRows, states] = await Promise.all([
      count('SELECT count(*) AS n FROM sims'),
      count(`SELECT count(*) AS n FROM sims WHERE status = 'ACTIVE'`),
      count('SELECT count(*) AS n FROM sim_usage_months'),
      count('SELECT count(*) AS n FROM sim_network_states'),
    ]);
    lines.unshift(
      `Dataset at the end of the section: ${fmt(sims)} SIMs (${fmt(active)} ACTIVE), ${fmt(usageRows)} rows in sim_usage_months (one per SIM per month), ${fmt(states)} rows in sim_network_states.`,
      '',
    );
    return lines;
  } finally {
    if (server) {
      const child = server.child;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
    await database.close();
  }
}

type TCall = <T>(method: string, url: string, body?: unknown) => Promise<{ status: number; json: T }>;
type TCount = (text: string, values?: unknown[]) => Promise<number>;
type TPool = ReturnType<typeof connectDatabase>['pool'];

const partitionOf = (day: string) => `sim_usage_${day.slice(0, 4)}_${day.slice(5, 7)}`;

/** The SIMs the ingest of `day` goes over (its own condition): not stock or merely allocated, and not ended before it. */
const INGESTED_SIMS = `SELECT count(*) AS n FROM sims s WHERE s.status NOT IN ('IN_STOCK', 'ALLOCATED')
  AND (s.status NOT IN ('TERMINATED', 'REPLACED') OR s.updated_at >= $1::timestamptz)`;

/** Size on disk (heap, TOAST, indexes) of a table and the SIM-days its arrays hold. */
async function bytesPerSimDay(pool: TPool, table: string): Promise<{ bytes: number; rows: number; simDays: number }> {
  await pool.query(`VACUUM ANALYZE ${table}`);
  const { rows } = await pool.query<{ bytes: string; rows: string; days: string }>(`
    SELECT pg_total_relation_size('${table}'::regclass) AS bytes, count(*) AS rows,
      coalesce(sum(cardinality(array_remove(bytes_up, NULL))), 0) AS days FROM ${table}`);
  return { bytes: Number(rows[0]!.bytes), rows: Number(rows[0]!.rows), simDays: Number(rows[0]!.days) };
}

async function measureIngest(
  o: TDiagnosisOptions,
  pool: TPool,
  call: TCall,
  count: TCount,
  orgIds: string[],
  day: string,
): Promise<string[]> {
  const lines: string[] = [];
  const dayStart = indiaDayStart(day).toISOString();
  const found = await count(INGESTED_SIMS, [dayStart]);
  let added = 0;
  if (found < o.ingestSims) {
    added = o.ingestSims - found;
    o.log(`Usage: the dataset holds ${fmt(found)} SIMs the ingest goes over; ${fmt(added)} ACTIVE SIMs added …`);
    const now = Date.now();
    const start = await nextSerial(pool);
    const chunk = 250_000;
    let serial = start;
    for (let done = 0; done < added; done += chunk) {
      const n = Math.min(chunk, added - done);
      serial = await copySims(pool, {
        start: serial,
        count: n,
        make: (i) => {
          const d = demoSim(start + done + i, orgIds, now);
          const expiresAt = d.expiresAt ?? new Date(now + (30 + ((done + i) % 300)) * 86_400_000);
          return {
            ...d,
            status: 'ACTIVE',
            organizationId: d.organizationId ?? orgIds[(done + i) % orgIds.length]!,
            expiresAt,
            activatedAt: new Date(expiresAt.getTime() - 365 * 86_400_000),
            apn: 'm2m.tarang.in',
            tags: ['bench-usage'],
          };
        },
      });
    }
    await pool.query('VACUUM ANALYZE sims');
    await pool.query('VACUUM ANALYZE sim_profiles');
  }
  const dataset = await count('SELECT count(*) AS n FROM sims');
  const toIngest = await count(INGESTED_SIMS, [dayStart]);
  await pool.query('CHECKPOINT');

  o.log(`Usage: POST /sim/usage/ingest ${day} over ${fmt(toIngest)} SIMs …`);
  type TIngest = { day: string; finishedAt: string | null; sims: number; profiles: number; skipped: number };
  const t0 = performance.now();
  await call('POST', '/sim/usage/ingest', { day });
  let pass: TIngest | undefined;
  for (;;) {
    const { json } = await call<{ data: TIngest[] }>('GET', '/sim/usage/ingest');
    pass = json.data.find((p) => p.day === day);
    if (pass?.finishedAt || performance.now() - t0 > 1_800_000) break;
    await sleep(250);
  }
  const ingestMs = performance.now() - t0;
  const partition = partitionOf(day);
  const d = dayOfMonth(day);
  const written = await count(`SELECT count(*) AS n FROM ${partition} WHERE bytes_up[${d}] IS NOT NULL`);
  const oneDay = await bytesPerSimDay(pool, partition);

  // Bare: COPY of as many rows as the ingest wrote, each the day's element set and the other 30 NULL, into a scratch
  // table shaped like sim_usage_months (its primary key included).
  o.log(`Usage: a bare COPY of ${fmt(written)} month rows …`);
  await pool.query('DROP TABLE IF EXISTS bench_usage_copy');
  await pool.query('CREATE TABLE bench_usage_copy (LIKE sim_usage_months INCLUDING ALL)');
  const month = monthOf(day);
  const before = Array.from({ length: d - 1 }, () => 'NULL').join(',');
  const after = Array.from({ length: 31 - d }, () => 'NULL').join(',');
  const arrayOf = (v: number) => `{${[before, String(v), after].filter((x) => x !== '').join(',')}}`;
  const copyMs = await timedCopy(
    pool,
    'COPY bench_usage_copy (month, sim_id, bytes_up, bytes_down, sms_mo, sms_mt) FROM STDIN',
    copyChunks(written, (i) => {
      const up = 20_000 + ((i * 7919) % 1_500_000);
      return `${month}\t${String(i).padStart(24, '0')}\t${arrayOf(up)}\t${arrayOf(up * 2)}\t${arrayOf(i % 4)}\t${arrayOf(i % 3)}\n`;
    }),
  );
  const copied = await bytesPerSimDay(pool, 'bench_usage_copy');

  // A full month: every day of a 31-day month set, for FULL_MONTH_ROWS SIMs.
  await pool.query('DROP TABLE IF EXISTS bench_usage_full');
  await pool.query('CREATE TABLE bench_usage_full (LIKE sim_usage_months INCLUDING ALL)');
  await pool.query(
    `INSERT INTO bench_usage_full (month, sim_id, bytes_up, bytes_down, sms_mo, sms_mt)
     SELECT '2026-01-01', lpad(n::text, 24, '0'),
       ARRAY(SELECT (20000 + random() * 1500000)::bigint FROM generate_series(1, 31)),
       ARRAY(SELECT (20000 + random() * 3000000)::bigint FROM generate_series(1, 31)),
       ARRAY(SELECT (random() * 3)::int FROM generate_series(1, 31)),
       ARRAY(SELECT (random() * 2)::int FROM generate_series(1, 31))
     FROM generate_series(1, $1) AS n`,
    [FULL_MONTH_ROWS],
  );
  const full = await bytesPerSimDay(pool, 'bench_usage_full');
  await pool.query('DROP TABLE bench_usage_copy');
  await pool.query('DROP TABLE bench_usage_full');

  const sims = pass?.sims ?? 0;
  lines.push(
    '| usage ingest of one day (yesterday, India), simulator at zero latency, worker inside the server | SIMs in the dataset | SIMs / profiles gone over | rows written | time | SIMs/s | rows/s | beside |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---|');
  lines.push(
    `| POST /sim/usage/ingest {day: ${day}} until its finishedAt (${pass?.finishedAt ? 'finished' : 'did not finish'}; ${fmt(pass?.skipped ?? 0)} profiles skipped${added ? `; ${fmt(added)} ACTIVE SIMs added for it` : ''}) | ${fmt(dataset)} | ${fmt(sims)} / ${fmt(pass?.profiles ?? 0)} | ${fmt(written)} | ${secs(ingestMs)} | ${fmt(sims / (ingestMs / 1000))} | ${fmt(written / (ingestMs / 1000))} | bare COPY of the same ${fmt(written)} rows (one day set of 31) into a scratch table shaped like sim_usage_months ${secs(copyMs)}, ${fmt(written / (copyMs / 1000))} rows/s: ingest ${(ingestMs / copyMs).toFixed(1)}× COPY |`,
  );
  lines.push('');
  const per = (x: { bytes: number; simDays: number }) => (x.simDays ? (x.bytes / x.simDays).toFixed(1) : '–');
  lines.push('| usage storage (pg_total_relation_size: heap, TOAST, primary key) | rows | SIM-days | size | bytes per SIM-day |');
  lines.push('|---|---:|---:|---:|---:|');
  lines.push(
    `| partition ${partition} after the ingest of one day (a row holds the month's 31 days: one set, 30 NULL) | ${fmt(oneDay.rows)} | ${fmt(oneDay.simDays)} | ${(oneDay.bytes / 2 ** 20).toFixed(1)} MB | ${per(oneDay)} |`,
  );
  lines.push(
    `| the bare COPY's scratch table (the same rows) | ${fmt(copied.rows)} | ${fmt(copied.simDays)} | ${(copied.bytes / 2 ** 20).toFixed(1)} MB | ${per(copied)} |`,
  );
  lines.push(
    `| a full 31-day month, scratch table shaped like sim_usage_months | ${fmt(full.rows)} | ${fmt(full.simDays)} | ${(full.bytes / 2 ** 20).toFixed(1)} MB | ${per(full)} |`,
  );
  lines.push('');
  return lines;
}

/** The reads of GET /sim/sim-diagnosis without HTTP, sign-in, the checks and serialisation, run straight on the pool. */
async function bareDiagnosis(db: TDb, pool: TPool, iccid: string, yesterday: string): Promise<void> {
  const sim = await findSimByIccid(db, ALL, iccid);
  if (!sim) throw new Error(`bare diagnosis: ${iccid} not found`);
  // The repository answers times as UTC text without a zone (microseconds): read as the service's toSim does.
  const at = (text: string | null) => (text ? new Date(`${text.slice(0, 23)}Z`) : null);
  const { id, plan_id: planId, organization_id: organizationId } = sim;
  const expiresAt = at(sim.expires_at);
  const activatedAt = at(sim.activated_at);
  await Promise.all([
    pool.query('SELECT iccid, state FROM sim_network_states WHERE sim_id = $1', [id]),
    pool.query(
      `SELECT DISTINCT ON (b.id) b.batch_job_id, b.request_id, b.type, t.status
       FROM job_tasks t JOIN batch_jobs b ON b.id = t.job_id
       WHERE t.sim_id = $1 AND t.status = ANY($2::text[]) ORDER BY b.id, t.id`,
      [id, ['QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED']],
    ),
    ...['IP', 'NUMBER'].map((kind) =>
      pool.query(
        `SELECT w.iccid, w.operator, w.group_id, w.items, t.status FROM sim_whitelists w JOIN job_tasks t ON t.id = w.task_id
         WHERE w.sim_id = $1 AND w.kind = $2 ORDER BY w.iccid LIMIT 20`,
        [id, kind],
      ),
    ),
    // The allowance: the plan, then the usage months of the plan's period up to yesterday.
    (async () => {
      if (!planId || !expiresAt) return;
      const plan = (await pool.query<{ validity_days: number }>('SELECT * FROM plans WHERE id = $1', [planId])).rows[0];
      if (!plan) return;
      let start = new Date(expiresAt.getTime() - plan.validity_days * 86_400_000);
      if (activatedAt && activatedAt > start) start = activatedAt;
      const last = [indiaDay(expiresAt), yesterday].sort()[0]!;
      await pool.query(
        `SELECT month, bytes_up, bytes_down, sms_mo, sms_mt FROM sim_usage_months
         WHERE sim_id = $1 AND month BETWEEN $2::date AND $3::date`,
        [id, monthOf(indiaDay(start)), monthOf(last)],
      );
    })(),
    pool.query(`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM usage_ingests WHERE finished_at IS NOT NULL`),
    // The renewal: the organisation's blueprint of the plan, the plan, the wallet.
    planId && organizationId
      ? Promise.all([
          pool.query('SELECT * FROM plan_blueprints WHERE organization_id = $1 AND plan_id = $2', [organizationId, planId]),
          pool.query('SELECT * FROM plans WHERE id = $1', [planId]),
          pool.query('SELECT balance - blocked AS available FROM ledger_accounts WHERE id = $1', [walletIdOf(organizationId)]),
        ])
      : null,
  ]);
}

type TDiagnosisAnswer = {
  data: { checks: { key: string; outcome: string; reason: string }[]; failing: number; warning: number; unanswered: unknown[] };
};

async function measureDiagnosisReads(
  o: TDiagnosisOptions,
  db: TDb,
  pool: TPool,
  call: TCall,
  count: TCount,
  yesterday: string,
): Promise<string[]> {
  const lines: string[] = [];
  const simCount = await count('SELECT count(*) AS n FROM sims');
  const activeCount = await count(`SELECT count(*) AS n FROM sims WHERE status = 'ACTIVE' AND organization_id IS NOT NULL`);
  const share = Math.min(100, (100 * 5 * o.askedSims) / Math.max(activeCount, 1));
  const asked = (
    await pool.query<{ id: string; iccid: string; organization_id: string }>(
      `SELECT id, primary_iccid AS iccid, organization_id FROM sims TABLESAMPLE BERNOULLI (${share})
       WHERE status = 'ACTIVE' AND organization_id IS NOT NULL ORDER BY random() LIMIT ${o.askedSims}`,
    )
  ).rows;
  o.log(`Diagnosis: ${fmt(asked.length)} ACTIVE SIMs with a yearly plan and 13 months of usage …`);

  // A yearly plan shared with each of their organisations; the SIMs on it, expiring in 10 to 60 days.
  const planId = newId();
  await pool.query(
    `INSERT INTO plans (id, name, operators, data_mb, sms_count, validity_days, base_price, over_limit_action)
     VALUES ($1, $2, '{AIRTEL,BSNL,VI}', 12288, 1200, 365, 240000, 'THROTTLE')`,
    [planId, `Bench Fleet 12 GB a year ${Date.now().toString(36)}`],
  );
  const orgs = [...new Set(asked.map((s) => s.organization_id))];
  await pool.query(
    `INSERT INTO plan_blueprints (id, plan_id, organization_id, price) SELECT x.id, $1, x.org, 250000
     FROM unnest($2::char(24)[], $3::char(24)[]) AS x(id, org) ON CONFLICT DO NOTHING`,
    [planId, orgs.map(() => newId()), orgs],
  );
  const ids = asked.map((s) => s.id);
  await pool.query(
    `UPDATE sims s SET plan_id = $1, expires_at = now() + make_interval(days => (10 + x.n % 50)::int),
       activated_at = now() + make_interval(days => (10 + x.n % 50)::int) - interval '730 days'
     FROM unnest($2::char(24)[]) WITH ORDINALITY AS x(id, n) WHERE s.id = x.id`,
    [planId, ids],
  );

  // 13 months of usage (the months kept), every day up to yesterday; a day the ingest wrote keeps its figure.
  const first = oldestKeptMonth(13, new Date());
  const last = monthOf(yesterday);
  for (let m = first; m <= last; m = monthOf(addDays(m, 31))) await ensureUsagePartition(db, m);
  const keep = (column: string) =>
    `${column} = (SELECT array_agg(coalesce(sim_usage_months.${column}[i], EXCLUDED.${column}[i]) ORDER BY i) FROM generate_series(1, 31) AS i)`;
  const made = await pool.query(
    `INSERT INTO sim_usage_months (month, sim_id, bytes_up, bytes_down, sms_mo, sms_mt)
     SELECT mo.month, a.id, u.up, u.down, u.mo, u.mt
     FROM unnest($1::char(24)[]) AS a(id)
     CROSS JOIN (SELECT m::date AS month FROM generate_series($2::date, $3::date, interval '1 month') AS m) mo
     CROSS JOIN LATERAL (
       SELECT array_agg(CASE WHEN ok THEN (20000 + random() * 1500000)::bigint END ORDER BY d) AS up,
         array_agg(CASE WHEN ok THEN (20000 + random() * 3000000)::bigint END ORDER BY d) AS down,
         array_agg(CASE WHEN ok THEN (random() * 3)::int END ORDER BY d) AS mo,
         array_agg(CASE WHEN ok THEN (random() * 2)::int END ORDER BY d) AS mt
       FROM (SELECT d, mo.month + d - 1 <= $4::date AND extract(month FROM mo.month + d - 1) = extract(month FROM mo.month) AS ok
         FROM generate_series(1, 31) AS d) days) u
     ON CONFLICT (sim_id, month) DO UPDATE SET ${['bytes_up', 'bytes_down', 'sms_mo', 'sms_mt'].map(keep).join(', ')}`,
    [ids, first, last, yesterday],
  );
  // The days written count as ingested (the ingest's own rows, when it ran, stay as they are).
  await pool.query(
    `INSERT INTO usage_ingests (day, sims, profiles, started_at, finished_at)
     SELECT d::date, $3, $3, now(), now() FROM generate_series($1::date, $2::date, interval '1 day') AS d
     ON CONFLICT (day) DO NOTHING`,
    [first, yesterday, asked.length],
  );
  await pool.query('ANALYZE sims');
  await pool.query('ANALYZE sim_usage_months');

  // Their operators asked once each (Refresh), so that every profile has a network state.
  o.log(`Diagnosis: Refresh once for each of the ${fmt(asked.length)} SIMs …`);
  const refreshTimes: number[] = [];
  for (const s of asked) {
    const t0 = performance.now();
    await call('POST', '/sim/sim-diagnosis/refresh', { iccid: s.iccid });
    refreshTimes.push(performance.now() - t0);
  }
  const profiles = await count('SELECT count(*) AS n FROM sim_profiles WHERE sim_id = ANY($1::char(24)[])', [ids]);
  const withState = await count('SELECT count(*) AS n FROM sim_network_states WHERE sim_id = ANY($1::char(24)[])', [ids]);
  const usageRows = await count('SELECT count(*) AS n FROM sim_usage_months WHERE sim_id = ANY($1::char(24)[])', [ids]);
  const allRows = await count('SELECT count(*) AS n FROM sim_usage_months');
  await pool.query('VACUUM ANALYZE sim_network_states');
  await pool.query('CHECKPOINT');

  o.log(`Diagnosis: ${fmt(o.requests)} GET /sim/sim-diagnosis beside the bare SQL …`);
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  const reasons = new Map<string, number>();
  let notAsked = 0;
  const viaApi = async (iccid: string, keep: boolean) => {
    const t0 = performance.now();
    const { json } = await call<TDiagnosisAnswer>('GET', `/sim/sim-diagnosis?iccid=${iccid}`);
    const t = performance.now() - t0;
    if (!keep) return;
    apiTimes.push(t);
    for (const c of json.data.checks) {
      if (c.reason === 'NOT_ASKED') notAsked++;
      if (c.key === 'ALLOWANCE') reasons.set(c.reason, (reasons.get(c.reason) ?? 0) + 1);
    }
  };
  const viaSql = async (iccid: string, keep: boolean) => {
    const t0 = performance.now();
    await bareDiagnosis(db, pool, iccid, yesterday);
    if (keep) sqlTimes.push(performance.now() - t0);
  };
  // Warm up both paths once, then each sample both ways, which goes first alternating.
  await viaApi(asked[0]!.iccid, false);
  await viaSql(asked[0]!.iccid, false);
  const order = asked.map((s) => s.iccid).sort(() => Math.random() - 0.5);
  for (let i = 0; i < o.requests; i++) {
    const iccid = order[i % order.length]!;
    if (i % 2 === 0) {
      await viaApi(iccid, true);
      await viaSql(iccid, true);
    } else {
      await viaSql(iccid, true);
      await viaApi(iccid, true);
    }
  }
  const api = stats(apiTimes);
  const bare = stats(sqlTimes);
  const refresh = stats(refreshTimes);
  const allowance = [...reasons].map(([r, n]) => `${r} ${fmt(n)}`).join(', ');
  lines.push(
    `Diagnosis dataset: ${fmt(simCount)} SIMs; ${fmt(asked.length)} ACTIVE SIMs asked about (${fmt(profiles)} profiles, ${fmt(withState)} with a network state), each with a yearly plan expiring in 10–59 days and 13 months of usage (${first} to ${last}: ${fmt(usageRows)} of their month rows, ${fmt(made.rowCount ?? 0)} written or completed here); sim_usage_months holds ${fmt(allRows)} rows.`,
  );
  lines.push('');
  lines.push(
    '| SIM diagnosis, as staff, one request at a time | SIMs | requests | API p50 | API p95 | API max | SQL p50 | SQL p95 | SQL max | p95 API/SQL |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  lines.push(
    `| GET /sim/sim-diagnosis?iccid= without Refresh (${notAsked ? `${fmt(notAsked)} checks NOT_ASKED` : 'every profile asked'}; allowance: ${allowance}) beside the bare SQL of its reads: SIM by ICCID, network states, open tasks, IP and number whitelists, plan + usage months of the plan's period, ingested-through, blueprint + plan + wallet | ${fmt(simCount)} | ${fmt(apiTimes.length)} | ${ms(api.p50)} | ${ms(api.p95)} | ${ms(api.max)} | ${ms(bare.p50)} | ${ms(bare.p95)} | ${ms(bare.max)} | ${(api.p95 / bare.p95).toFixed(2)}× |`,
  );
  lines.push(
    `| POST /sim/sim-diagnosis/refresh (each operator of the SIM asked, simulator at zero latency), once per SIM | ${fmt(simCount)} | ${fmt(refreshTimes.length)} | ${ms(refresh.p50)} | ${ms(refresh.p95)} | ${ms(refresh.max)} | | | | |`,
  );
  lines.push('');
  return lines;
}

async function measureReplacement(
  o: TDiagnosisOptions,
  server: TDiagnosisServer,
  db: TDb,
  pool: TPool,
  session: () => Promise<string>,
  call: TCall,
  count: TCount,
): Promise<string[]> {
  const lines: string[] = [];
  const pairs = o.replacePairs;
  o.log(`Replacement: an organisation with ${fmt(pairs)} ACTIVE SIMs and ${fmt(pairs)} ALLOCATED ones …`);
  const orgId = newId();
  await insertOrganization(db, {
    id: orgId,
    tradeName: `Bench Replacement Fleet ${Date.now().toString(36)}`,
    brandName: null,
    email: null,
    parentId: null,
    path: `/${orgId}/`,
    settings: { ...DEFAULT_SETTINGS },
  });
  const now = Date.now();
  // Pair i: the same label and the same single operator on both SIMs.
  const operatorOf = (i: number): TOperator => GENERATED_OPERATORS[i % GENERATED_OPERATORS.length]!;
  const first = await nextSerial(pool);
  const serial = await copySims(pool, {
    start: first,
    count: pairs,
    make: (i) => ({
      ...demoSim(first + i, [orgId], now),
      organizationId: orgId,
      status: 'ACTIVE',
      operators: [operatorOf(i)],
      expiresAt: new Date(now + (30 + (i % 200)) * 86_400_000),
      activatedAt: new Date(now - 100 * 86_400_000),
      apn: 'm2m.tarang.in',
      label: `Pair ${i}`,
      tags: ['bench-replace'],
    }),
  });
  await copySims(pool, {
    start: serial + 10,
    count: pairs,
    make: (i) => ({
      ...demoSim(serial + i, [orgId], now),
      organizationId: orgId,
      status: 'ALLOCATED',
      operators: [operatorOf(i)],
      expiresAt: null,
      activatedAt: null,
      imeiLock: false,
      apn: null,
      label: `Pair ${i}`,
      tags: ['bench-replace-new'],
    }),
  });
  await pool.query('VACUUM ANALYZE sims');
  await pool.query('VACUUM ANALYZE sim_profiles');
  const { rows: pairRows } = await pool.query<{ old_iccid: string; new_iccid: string; old_id: string; new_id: string }>(
    `SELECT o.primary_iccid AS old_iccid, n.primary_iccid AS new_iccid, o.id AS old_id, n.id AS new_id
     FROM sims o JOIN sims n ON n.organization_id = o.organization_id AND n.label = o.label AND n.status = 'ALLOCATED'
     WHERE o.organization_id = $1 AND o.status = 'ACTIVE' ORDER BY o.label`,
    [orgId],
  );
  const csv = `oldIccid,newIccid,reason\n${pairRows.map((p) => `${p.old_iccid},${p.new_iccid},Device damaged in the field`).join('\n')}\n`;

  // Bare: the same numbers and statuses moved in one transaction (statuses in one statement; the numbers in two, since
  // a number is unique: off the old profiles, then onto the new ones), rolled back.
  const client = await pool.connect();
  let bareMs: number;
  let bareRows = 0;
  try {
    await client.query('BEGIN');
    const oldIds = pairRows.map((p) => p.old_id);
    const newIds = pairRows.map((p) => p.new_id);
    const b0 = performance.now();
    const moved = await client.query(
      `UPDATE sims s SET status = x.status, version = s.version + 1, updated_at = now()
       FROM (SELECT unnest($1::char(24)[]) AS id, 'REPLACED' AS status UNION ALL SELECT unnest($2::char(24)[]), 'ACTIVE') x
       WHERE s.id = x.id`,
      [oldIds, newIds],
    );
    // The numbers off the old profiles (the joined rows are read as they were before the statement)…
    const numbers = await client.query<{ iccid: string; msisdn: string | null }>(
      `UPDATE sim_profiles p SET msisdn = NULL
       FROM unnest($1::char(24)[], $2::char(24)[]) AS x(old_id, new_id)
       JOIN sim_profiles op ON op.sim_id = x.old_id JOIN sim_profiles np ON np.sim_id = x.new_id AND np.operator = op.operator
       WHERE p.iccid = op.iccid
       RETURNING np.iccid, op.msisdn`,
      [oldIds, newIds],
    );
    // … and onto the new profiles of the same operator.
    const onto = await client.query(
      'UPDATE sim_profiles p SET msisdn = x.msisdn FROM unnest($1::text[], $2::text[]) AS x(iccid, msisdn) WHERE p.iccid = x.iccid',
      [numbers.rows.map((r) => r.iccid), numbers.rows.map((r) => r.msisdn)],
    );
    bareMs = performance.now() - b0;
    bareRows = (moved.rowCount ?? 0) + (numbers.rowCount ?? 0) + (onto.rowCount ?? 0);
    await client.query('ROLLBACK');
  } finally {
    client.release();
  }
  await pool.query('VACUUM ANALYZE sims');
  await pool.query('VACUUM ANALYZE sim_profiles');
  await pool.query('CHECKPOINT');

  o.log(`Replacement: POST /sim/replace/file with ${fmt(pairRows.length)} pairs …`);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-replace.csv');
  const t0 = performance.now();
  const res = await fetch(`${server.base}/sim/replace/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await session()}` },
    body: form,
  });
  const postMs = performance.now() - t0;
  const answer = (await res.json()) as {
    data: { request: { jobId: string } | null; accepted: number; rejectedCount: number; rejected: { reason: string }[] };
  };
  if (res.status !== 200 || !answer.data.request)
    throw new Error(`POST /sim/replace/file: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
  const jobId = answer.data.request.jobId;
  let progress: { status: string; counts: Record<string, number> } = { status: '', counts: {} };
  let done = 0;
  for (;;) {
    progress = (await call<{ data: typeof progress }>('GET', `/job-batch/${jobId}/progress`)).json.data;
    const finished = ['COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'].includes(progress.status);
    done = (await call<{ meta: { total: number } }>('GET', '/sim/replacements?state=DONE&limit=1')).json.meta.total;
    if ((finished && done >= answer.data.accepted) || (finished && progress.status !== 'COMPLETED') || performance.now() - t0 > 1_800_000)
      break;
    await sleep(250);
  }
  const totalMs = performance.now() - t0;
  const replaced = await count(`SELECT count(*) AS n FROM sims WHERE id = ANY($1::char(24)[]) AND status = 'REPLACED'`, [
    pairRows.map((p) => p.old_id),
  ]);
  const numbersMoved = await count(
    `SELECT count(*) AS n FROM sim_replacements r JOIN sim_profiles np ON np.sim_id = r.new_sim_id JOIN sims n ON n.id = r.new_sim_id
     WHERE r.completed_at IS NOT NULL AND n.status = 'ACTIVE' AND np.msisdn IS NOT NULL
       AND np.msisdn = (r.moved -> 'msisdns' -> 0 ->> 'msisdn')`,
  );
  const simCount = await count('SELECT count(*) AS n FROM sims');
  lines.push(
    '| SIM replacement from a file, simulator at zero latency, worker inside the server | SIMs in the dataset | pairs | POST /sim/replace/file | until every pair DONE | pairs/s | beside |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---|');
  lines.push(
    `| CSV of oldIccid,newIccid,reason (old ACTIVE, new ALLOCATED, same organisation and operator; ${fmt(answer.data.accepted)} accepted, ${fmt(answer.data.rejectedCount)} refused; request ${progress.status}: ${fmt(progress.counts.succeeded ?? 0)} succeeded, ${fmt(progress.counts.failed ?? 0)} failed; ${fmt(done)} DONE; old SIMs now REPLACED ${fmt(replaced)}, new SIMs ACTIVE with the old number ${fmt(numbersMoved)}) | ${fmt(simCount)} | ${fmt(pairRows.length)} | ${secs(postMs)} | ${secs(totalMs)} | ${fmt(done / (totalMs / 1000))} | bare SQL moving the same statuses and numbers (${fmt(bareRows)} rows in 3 statements, one transaction, rolled back) ${secs(bareMs)}: ${(totalMs / bareMs).toFixed(0)}× |`,
  );
  lines.push('');
  return lines;
}
