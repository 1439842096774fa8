/**
 * The whitelisting section of `npm run bench` (issue 15; `--whitelists 1|0`, `--whitelist-sims N`, `--reconcile-profiles N`),
 * on the bench's throwaway database with a server of its own (the worker inside it):
 *   - an IP group applied to `--whitelist-sims` ACTIVE SIMs of one organisation (every profile of each) through
 *     POST /whitelist/ip with a filter, the simulator at zero latency: the POST's answer, and the time until every
 *     profile is APPLIED (GET /whitelist/ip's counts), beside the bare SQL writing the same rows (one statement);
 *   - a reconcile pass over `--reconcile-profiles` whitelisted profiles (made straight in SQL as the engine leaves
 *     them, 1% of them drifted at the simulator): POST /whitelist/reconcile until the pass ends, beside one bare SQL
 *     statement comparing every profile with what the simulator holds.
 * Targets (issue 15): POST ≤ 5 s and every profile APPLIED ≤ 60 s for 100,000 SIMs; a reconcile pass over 1,000,000
 * profiles ≤ 60 s.
 */
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { newId } from '@tarang/shared/common/ids';
import { connectDatabase } from '../apps/server/src/db/database';
import { DEFAULT_SETTINGS, insertOrganization } from '../apps/server/src/modules/organizations/organizations.repository';
import { copySims, demoSim, nextSerial } from '../apps/server/src/modules/sims/sim-generator';
import { signInOverHttp } from '../apps/server/src/modules/wallets/wallets-test-kit';
import { jsonCall } from './bench-kit';

export type TWhitelistServer = { child: ChildProcess; base: string };
export type TWhitelistOptions = {
  databaseUrl: string;
  startApi: (env?: Record<string, string>) => Promise<TWhitelistServer>;
  staff: { email: string; password: string };
  sims: number;
  profiles: number;
  log: (line: string) => void;
};

const fmt = (n: number) => n.toLocaleString('en-IN');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ENTRIES = [
  { address: '203.0.113.0/24', protocol: 'TCP', portFrom: 443, portTo: 443 },
  { address: '198.51.100.0/24', protocol: 'UDP', portFrom: 5683, portTo: 5683 },
  { address: '2001:db8::/48', protocol: 'ANY', portFrom: 1, portTo: 65535 },
];

const call = async <T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> =>
  (await jsonCall<T>(base, token, method, url, body)).json;

export async function measureWhitelists(o: TWhitelistOptions): Promise<string[]> {
  const database = connectDatabase(o.databaseUrl);
  const pool = database.pool;
  const lines: string[] = [];
  let server: TWhitelistServer | null = null;
  try {
    server = await o.startApi();
    const token = await signInOverHttp(server.base, o.staff.email, o.staff.password);
    for (const op of ['AIRTEL', 'BSNL', 'VI']) {
      await call(server.base, token, 'PUT', `/operator-gateway/${op}`, {
        adapter: 'simulator',
        latencyMs: 0,
        processingMs: 0,
        failureRate: 0,
        transientFailureRate: 0,
        outage: false,
        batchSize: 1000,
      });
    }

    // ─── applying a group to SIMs ───
    if (o.sims > 0) {
      o.log(`Whitelists: an organisation with ${fmt(o.sims)} ACTIVE SIMs and an approved IP group …`);
      const orgId = newId();
      await insertOrganization(database.db, {
        id: orgId,
        tradeName: `Bench Whitelist Fleet ${Date.now().toString(36)}`,
        brandName: null,
        email: null,
        parentId: null,
        path: `/${orgId}/`,
        settings: { ...DEFAULT_SETTINGS },
      });
      const now = Date.now();
      const start = await nextSerial(pool);
      await copySims(pool, {
        start,
        count: o.sims,
        make: (i) => ({ ...demoSim(start + i, [], now), organizationId: orgId, status: 'ACTIVE', tags: ['bench-whitelist'] }),
      });
      await pool.query('VACUUM ANALYZE sims');
      const groupId = newId();
      await pool.query(
        `INSERT INTO ip_groups (id, organization_id, name, review_status, entries) VALUES ($1, $2, 'Bench back end', 'APPROVED', $3::jsonb)`,
        [groupId, orgId, JSON.stringify(ENTRIES)],
      );
      const profiles = Number(
        (
          await pool.query<{ n: string }>(
            'SELECT count(*) AS n FROM sim_profiles p JOIN sims s ON s.id = p.sim_id WHERE s.organization_id = $1',
            [orgId],
          )
        ).rows[0]!.n,
      );

      o.log(`Whitelists: POST /whitelist/ip for ${fmt(o.sims)} SIMs (${fmt(profiles)} profiles) …`);
      const t0 = performance.now();
      await call(server.base, token, 'POST', '/whitelist/ip', { groupId, filter: { organizationId: orgId } });
      const postMs = performance.now() - t0;
      let applied = 0;
      let states: Record<string, number> = {};
      while (applied < profiles) {
        const page = await call<{ meta: { states: Record<string, number> } }>(
          server.base,
          token,
          'GET',
          `/whitelist/ip?organizationId=${orgId}&limit=1`,
        );
        states = page.meta.states;
        applied = states.APPLIED ?? 0;
        if ((states.FAILED ?? 0) > 0 || performance.now() - t0 > 600_000) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const appliedMs = performance.now() - t0;

      // Bare SQL: the rows the request writes for each profile, in one statement (into a copy of the table).
      await pool.query('CREATE TEMP TABLE IF NOT EXISTS bench_sim_whitelists (LIKE sim_whitelists INCLUDING ALL)');
      await pool.query('TRUNCATE bench_sim_whitelists');
      const s0 = performance.now();
      const bare = await pool.query(
        `INSERT INTO bench_sim_whitelists (iccid, kind, sim_id, operator, group_id, group_name, items, request_id, task_id)
         SELECT p.iccid, 'IP', s.id, p.operator, $2, 'Bench back end', $3::jsonb, $2, row_number() OVER ()
         FROM sims s JOIN sim_profiles p ON p.sim_id = s.id WHERE s.organization_id = $1`,
        [orgId, groupId, JSON.stringify(ENTRIES)],
      );
      const bareMs = performance.now() - s0;
      lines.push(
        '| whitelists, simulator at zero latency, worker inside the server | SIMs | profiles | POST /whitelist/ip | until every profile APPLIED | profiles/s | beside |',
      );
      lines.push('|---|---:|---:|---:|---:|---:|---|');
      lines.push(
        `| IP group of 3 entries onto an organisation's SIMs by filter (${fmt(applied)} APPLIED, ${fmt(states.FAILED ?? 0)} FAILED) | ${fmt(o.sims)} | ${fmt(profiles)} | ${secs(postMs)} | ${secs(appliedMs)} | ${fmt(Math.round(applied / (appliedMs / 1000)))} | bare SQL writing the same ${fmt(bare.rowCount ?? 0)} rows ${secs(bareMs)} |`,
      );
      lines.push('');
    }

    // ─── a reconcile pass ───
    if (o.profiles > 0) {
      o.log(`Whitelists: ${fmt(o.profiles)} whitelisted profiles for the reconcile (1% drifted at the simulator) …`);
      const jobId = newId();
      const items = JSON.stringify(ENTRIES);
      const drifted = JSON.stringify(ENTRIES.slice(0, 2));
      const made = performance.now();
      // As the engine leaves them: a SUCCEEDED task per profile, its desired whitelist, and what the operator holds.
      await pool.query(
        `INSERT INTO job_tasks (job_id, mno_job_id, sim_id, iccid, operator, status, done_by)
         SELECT $1, $1, lpad(to_hex(n), 24, '0'), 'R' || lpad(n::text, 18, '0'), (ARRAY['AIRTEL','BSNL','VI'])[1 + n % 3], 'SUCCEEDED', 'OPERATOR'
         FROM generate_series(1, $2) AS n`,
        [jobId, o.profiles],
      );
      await pool.query(
        `INSERT INTO sim_whitelists (iccid, kind, sim_id, operator, group_id, group_name, items, request_id, task_id)
         SELECT t.iccid, 'IP', t.sim_id, t.operator, $2, 'Bench back end', $3::jsonb, $2, t.id FROM job_tasks t WHERE t.job_id = $1`,
        [jobId, newId(), items],
      );
      await pool.query(
        `INSERT INTO simulator_whitelists (operator, iccid, kind, items, effective_at)
         SELECT operator, iccid, 'IP', CASE WHEN id % 100 = 0 THEN $3::jsonb ELSE $2::jsonb END, now() - interval '1 minute'
         FROM job_tasks WHERE job_id = $1`,
        [jobId, items, drifted],
      );
      await pool.query('VACUUM ANALYZE job_tasks, sim_whitelists, simulator_whitelists');
      o.log(`Whitelists: made in ${secs(performance.now() - made)}; a reconcile pass …`);

      const r0 = performance.now();
      await call(server.base, token, 'POST', '/whitelist/reconcile');
      let pass: { finishedAt: string | null; checked: number; drifted: number; skipped: number } | undefined;
      for (;;) {
        const passes = await call<{
          data: { startedAt: string; finishedAt: string | null; checked: number; drifted: number; skipped: number }[];
        }>(server.base, token, 'GET', '/whitelist/reconcile');
        pass = passes.data.find((p) => p.finishedAt && Date.parse(p.startedAt) >= Date.now() - (performance.now() - r0) - 1000);
        if (pass || performance.now() - r0 > 900_000) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const reconcileMs = performance.now() - r0;

      const b0 = performance.now();
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM sim_whitelists w
         JOIN LATERAL (SELECT items FROM simulator_whitelists s WHERE s.operator = w.operator AND s.iccid = w.iccid AND s.kind = w.kind
           ORDER BY seq DESC LIMIT 1) h ON true
         WHERE w.items IS DISTINCT FROM h.items`,
      );
      const bareMs = performance.now() - b0;
      lines.push('| whitelist reconcile, simulator at zero latency | profiles | time | profiles/s | found drifted | beside |');
      lines.push('|---|---:|---:|---:|---:|---|');
      lines.push(
        `| one pass (POST /whitelist/reconcile until the pass ends; ${pass ? `${fmt(pass.checked)} compared, ${fmt(pass.skipped)} skipped` : 'did not end'}) | ${fmt(o.profiles)} | ${secs(reconcileMs)} | ${fmt(Math.round(o.profiles / (reconcileMs / 1000)))} | ${fmt(pass?.drifted ?? 0)} | bare SQL comparing every profile with the simulator in one statement ${secs(bareMs)} (${fmt(Number(rows[0]!.n))} differ) |`,
      );
      lines.push('');
    }
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
