/**
 * The audit section of `npm run bench` (issue 18; `--audit-events N`, 0 skips it), on the bench's throwaway database with
 * a server of its own:
 *   - `--audit-events` events written into the hash chain through its trigger (INSERT … SELECT in statements of 500
 *     rows, each event with a before and an after of a SIM-sized change), timed: the chain's write rate;
 *   - POST /audit-trail/verify over the whole chain as staff (batches of 5,000 recomputed by `audit_event_hash`, the
 *     function the trigger uses): time, events/s as the answer reports them, the server's RSS (start → peak), and that
 *     the chain was found intact; then a range of 10,000 events in the middle;
 *   - beside them the bare SQL of the same work: one statement recomputing every event's hash and comparing it, and the
 *     ratio. The verification walks in batches on purpose (constant memory, one statement at a time), so the ratio is
 *     what that costs.
 * Answers the lines of its table (markdown).
 */
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../apps/server/src/db/database';
import { signInOverHttp } from '../apps/server/src/modules/wallets/wallets-test-kit';
import { jsonCall, measured } from './bench-kit';

export type TAuditServer = { child: ChildProcess; base: string; rss: () => Promise<number> };

export type TAuditOptions = {
  databaseUrl: string;
  startApi: (env?: Record<string, string>) => Promise<TAuditServer>;
  staff: { email: string; password: string };
  /** Events written into the chain before it is verified. */
  events: number;
  log: (line: string) => void;
};

type TVerifyAnswer = {
  data: {
    fromSeq: number | null;
    toSeq: number | null;
    checked: number;
    firstBroken: { seq: number; reason: string } | null;
    headMatches?: boolean;
    elapsedMs: number;
    perSecond: number;
  };
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
/**
 * Events per statement (and transaction) when the chain is filled: each event moves the chain's head row, and a
 * transaction that moves it thousands of times slows down with every version it leaves (measured here: 10,000 events/s
 * at 500 per transaction, 2,500 at 8,000); the audit inbox's sealer moves 500 at a time for the same reason.
 */
const WRITE_BATCH = 500;

/** `count` events of SIM changes, written through the chaining trigger in statements of WRITE_BATCH. */
const WRITE_EVENTS = `
  INSERT INTO audit_events (id, actor_type, actor_id, actor_label, organization_id, action, entity_type, entity_id,
    before, after, ip, user_agent, request_id)
  SELECT substr(md5($1 || g::text), 1, 24), 'USER', substr(md5('actor' || (g % 50)::text), 1, 24), 'ops' || (g % 50) || '@bench.in',
    substr(md5('org' || (g % 200)::text), 1, 24), (ARRAY['sim.allocate', 'sim.suspend', 'sim.activate', 'plan.update'])[1 + g % 4],
    'sim', substr(md5('sim' || g::text), 1, 24),
    jsonb_build_object('status', 'ACTIVE', 'iccid', (8991000000000000000 + g)::text, 'plan', jsonb_build_object('id', 'P' || (g % 9), 'dataMb', 1024),
      'tags', jsonb_build_array('fleet', 'north')),
    jsonb_build_object('status', 'SUSPENDED', 'iccid', (8991000000000000000 + g)::text, 'plan', jsonb_build_object('id', 'P' || (g % 9), 'dataMb', 2048),
      'tags', jsonb_build_array('fleet', 'north'), 'reason', 'Bench change ' || g),
    '10.0.' || (g % 250) || '.' || (g % 200), 'Mozilla/5.0 (Bench)', 'bench-' || g
  FROM generate_series($2::int, $3::int) AS g`;

/** The bare SQL of a verification: every event's hash recomputed and compared, in one statement. */
const RECOMPUTE_ALL = `
  SELECT count(*)::int AS n, count(*) FILTER (WHERE hash <> audit_event_hash(prev_hash, id, occurred_at, actor_type, actor_id,
    actor_label, organization_id, action, entity_type, entity_id, before, after, ip, user_agent, request_id))::int AS bad
  FROM audit_events`;

export async function measureAuditVerify(o: TAuditOptions): Promise<string[]> {
  const database = connectDatabase(o.databaseUrl, 4);
  const { pool } = database;
  let server: TAuditServer | null = null;
  const lines: string[] = [];
  try {
    o.log(`Audit: ${fmt(o.events)} events into the hash chain …`);
    const run = Date.now().toString(36);
    const writeStart = performance.now();
    for (let from = 1; from <= o.events; from += WRITE_BATCH) {
      await pool.query(WRITE_EVENTS, [run, from, Math.min(from + WRITE_BATCH - 1, o.events)]);
    }
    const writeMs = performance.now() - writeStart;
    await pool.query('VACUUM ANALYZE audit_events');
    const total = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM audit_events')).rows[0]!.n);

    server = await o.startApi();
    const token = await signInOverHttp(server.base, o.staff.email, o.staff.password);
    const verify = async (body: Record<string, number>) =>
      (await jsonCall<TVerifyAnswer>(server!.base, token, 'POST', '/audit-trail/verify', body)).json.data;
    // Warm the table's pages once (the bare SQL below reads them warm too).
    await pool.query(RECOMPUTE_ALL);

    o.log('Audit: verifying the whole chain through the API …');
    const whole = await measured(server, () => verify({ fromSeq: 1 }));
    if (whole.result.firstBroken) throw new Error(`the chain is broken at ${whole.result.firstBroken.seq}`);
    const middle = Math.max(1, Math.floor((whole.result.toSeq ?? 1) / 2));
    const range = await measured(server, () => verify({ fromSeq: middle, toSeq: middle + 9_999 }));

    o.log('Audit: the bare SQL of the same work …');
    const bareStart = performance.now();
    const bare = (await pool.query<{ n: number; bad: number }>(RECOMPUTE_ALL)).rows[0]!;
    const bareMs = performance.now() - bareStart;
    if (bare.bad !== 0) throw new Error(`bare SQL found ${bare.bad} events whose hash differs`);
    const bareRate = bare.n / (bareMs / 1000);

    lines.push('| audit chain | events | time | events/s | server RSS (start → peak) | beside |');
    lines.push('|---|---:|---:|---:|---:|---|');
    lines.push(
      `| write events through the chaining trigger (statements of ${fmt(WRITE_BATCH)}) | ${fmt(o.events)} | ${secs(writeMs)} | ${fmt(o.events / (writeMs / 1000))} | | |`,
    );
    const w = whole.result;
    lines.push(
      `| POST /audit-trail/verify, whole chain (${w.firstBroken ? 'BROKEN' : 'intact'}, head ${w.headMatches ? 'matches' : 'does not match'}) | ${fmt(w.checked)} | ${secs(whole.ms)} (server ${secs(w.elapsedMs)}) | ${fmt(w.perSecond)} | ${mb(whole.startRss)} → ${mb(whole.peakRss)} | bare SQL ${secs(bareMs)}, ${fmt(bareRate)} events/s: verify at ${((100 * w.perSecond) / bareRate).toFixed(0)}% of it |`,
    );
    const r = range.result;
    lines.push(
      `| POST /audit-trail/verify, events #${fmt(middle)}–#${fmt(middle + 9_999)} | ${fmt(r.checked)} | ${secs(range.ms)} (server ${secs(r.elapsedMs)}) | ${fmt(r.perSecond)} | ${mb(range.startRss)} → ${mb(range.peakRss)} | |`,
    );
    lines.push('');
    lines.push(`The chain held ${fmt(total)} events (the dataset's own and the ones written here).`);
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
