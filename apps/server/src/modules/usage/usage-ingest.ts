import { addDays, dayOfMonth, indiaDay, indiaDayStart, monthOf, nextMonth } from '@tarang/shared/common/india-days';
import { type TProfileDayUsage, type TUsageIngest, USAGE_CATCH_UP_DAYS } from '@tarang/shared/sims/usage.schemas';
import { sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../db/database';
import { GatewayError, gatewayFor, withTimeout } from '../operators/gateway';
import { getGatewaySettings } from '../operators/operators.service';
import { enqueue, registerQueueHandler, type TQueueContext, type TQueueResult } from '../queue/queue';

/**
 * The daily usage ingest (issue 16, docs/decisions/029-sim-usage.md): a queue job that, for each India day, goes over
 * every SIM that can have been on a network that day, in batches by SIM id, asks each operator what its profiles used,
 * adds the profiles of a SIM up and sets that day's element of the SIM's month row. A batch's figures and the pass's
 * position commit together, so a pass cut short goes on where it stopped; a day ingested again sets the same elements
 * again and so counts once.
 *
 * Days: an unfinished pass first (a day staff asked for, or one cut short); otherwise, when the daily ingest is on
 * (TARANG_USAGE_INGEST), the day after the last one finished, up to yesterday, catching up at most
 * USAGE_CATCH_UP_DAYS days. With nothing to do it sleeps until TARANG_USAGE_INGEST_AFTER_MINUTES past India midnight.
 */

export const USAGE_INGEST_JOB = 'usage.ingest';
const USAGE_INGEST_KEY = 'usage-ingest';
const BATCH = 10_000;
const SLICE_MS = 4000;

type TPass = { day: string; after_sim_id: string | null };

/** Runs the ingest now (a day asked for) or at `at`. */
export async function startUsageIngest(db: TExecutor, at?: Date): Promise<void> {
  await enqueue(db, { kind: USAGE_INGEST_JOB, key: USAGE_INGEST_KEY, payload: {}, runAt: at, maxAttempts: 20 });
}

/** When a process starts running queue jobs with the daily ingest on: the ingest runs, and finds its day. */
export async function armUsageIngest(db: TExecutor): Promise<void> {
  await startUsageIngest(db);
}

/** Staff ask for one day (again): its pass starts over from the first SIM. */
export async function requestDay(db: TExecutor, day: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO usage_ingests (day) VALUES (${day})
    ON CONFLICT (day) DO UPDATE SET after_sim_id = NULL, sims = 0, profiles = 0, skipped = 0, started_at = now(), finished_at = NULL`);
  await startUsageIngest(db);
}

/** The day to work on: an unfinished pass, else (daily ingest on) the next day due; null when there is none. */
async function openPass(db: TDb, daily: boolean, now: Date): Promise<TPass | null> {
  const open = await db.execute<TPass>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, after_sim_id FROM usage_ingests WHERE finished_at IS NULL ORDER BY day LIMIT 1`);
  if (open.rows[0]) return open.rows[0];
  if (!daily) return null;
  const yesterday = addDays(indiaDay(now), -1);
  const after = await ingestedThrough(db);
  const earliest = addDays(yesterday, 1 - USAGE_CATCH_UP_DAYS);
  let day = after ? addDays(after, 1) : yesterday;
  if (day < earliest) day = earliest;
  if (day > yesterday) return null;
  await db.execute(sql`INSERT INTO usage_ingests (day) VALUES (${day}) ON CONFLICT (day) DO NOTHING`);
  return { day, after_sim_id: null };
}

const partitionName = (month: string) => `sim_usage_${month.slice(0, 4)}_${month.slice(5, 7)}`;

/** The month's partition, created when it is the first day written to it. */
export async function ensureUsagePartition(db: TDb, day: string): Promise<void> {
  const month = monthOf(day);
  const name = partitionName(month);
  const { rows } = await db.execute<{ ok: boolean }>(sql`SELECT to_regclass(${name}) IS NOT NULL AS ok`);
  if (rows[0]?.ok) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('sim_usage_months partitions'))`);
    await tx.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS ${name} PARTITION OF sim_usage_months
        FOR VALUES FROM ('${month}') TO ('${nextMonth(month)}')`),
    );
  });
}

/** The first day of the oldest month kept, the current month being the first of `keepMonths`. */
export function oldestKeptMonth(keepMonths: number, now: Date): string {
  let month = monthOf(indiaDay(now));
  for (let i = 1; i < keepMonths; i++) month = monthOf(addDays(month, -1));
  return month;
}

/** Drops the months older than the retention (whole partitions: no row is deleted one by one). */
export async function dropOldUsage(db: TDb, keepMonths: number, now: Date): Promise<string[]> {
  const cutoff = oldestKeptMonth(keepMonths, now);
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'sim_usage_months'::regclass`);
  const dropped: string[] = [];
  for (const { name } of rows) {
    const m = /^sim_usage_(\d{4})_(\d{2})$/.exec(name);
    if (!m || `${m[1]}-${m[2]}-01` >= cutoff) continue;
    await db.execute(sql.raw(`DROP TABLE IF EXISTS ${name}`));
    dropped.push(name);
  }
  return dropped;
}

type TProfileRow = { sim_id: string; iccid: string; operator: string };

/** One batch of SIMs: their profiles' usage asked of each operator, added up per SIM and written. */
async function ingestBatch(ctx: TQueueContext, pass: TPass): Promise<boolean> {
  const { db } = ctx;
  const dayStart = indiaDayStart(pass.day).toISOString();
  const after = pass.after_sim_id === null ? sql`true` : sql`s.id > ${pass.after_sim_id}`;
  // Every SIM that can have been on a network that day: not stock or merely allocated, and not ended before it. Their
  // profiles are read by the SIMs' ids in a second statement, so each is an index probe whatever the table's size.
  const { rows: batch } = await db.execute<{ id: string }>(sql`
    SELECT s.id FROM sims s
    WHERE ${after} AND s.status NOT IN ('IN_STOCK', 'ALLOCATED')
      AND (s.status NOT IN ('TERMINATED', 'REPLACED') OR s.updated_at >= ${dayStart}::timestamptz)
    ORDER BY s.id LIMIT ${BATCH}`);
  if (batch.length === 0) return false;
  const { rows } = await db.execute<TProfileRow>(sql`
    SELECT p.sim_id, p.iccid, p.operator FROM unnest(${sql.param(batch.map((b) => b.id))}::char(24)[]) AS b(id)
    JOIN LATERAL (SELECT sim_id, iccid, operator FROM sim_profiles WHERE sim_id = b.id) p ON true`);

  const simOf = new Map(rows.map((r) => [r.iccid, r.sim_id]));
  const byOperator = new Map<string, string[]>();
  for (const r of rows) {
    const list = byOperator.get(r.operator);
    if (list) list.push(r.iccid);
    else byOperator.set(r.operator, [r.iccid]);
  }
  const used: TProfileDayUsage[] = [];
  let skipped = 0;
  for (const [operator, iccids] of byOperator) {
    const settings = await getGatewaySettings(db, operator);
    const gateway = gatewayFor(db, settings);
    if (!gateway) {
      skipped += iccids.length;
      continue;
    }
    try {
      used.push(...(await withTimeout(gateway.dayUsage(pass.day, iccids), settings.timeoutMs, `${operator} usage`)));
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      ctx.logger.warn(
        { operator, day: pass.day, err: error.message },
        'usage ingest: the operator did not answer; its profiles are skipped',
      );
      skipped += iccids.length;
    }
  }

  // A SIM's day is the sum of its profiles' (a SIM with profiles at two operators used both networks).
  const perSim = new Map<string, { up: number; down: number; mo: number; mt: number }>();
  for (const u of used) {
    const simId = simOf.get(u.iccid);
    if (!simId) continue;
    const t = perSim.get(simId) ?? { up: 0, down: 0, mo: 0, mt: 0 };
    t.up += u.bytesUp;
    t.down += u.bytesDown;
    t.mo += u.smsMo;
    t.mt += u.smsMt;
    perSim.set(simId, t);
  }
  const ids = [...perSim.keys()];
  const totals = [...perSim.values()];
  const last = batch[batch.length - 1]!.id;
  const sims = batch.length;
  const d = dayOfMonth(pass.day);
  const month = monthOf(pass.day);
  await db.transaction(async (tx) => {
    if (ids.length) {
      await tx.execute(sql`
        INSERT INTO sim_usage_months (month, sim_id, bytes_up, bytes_down, sms_mo, sms_mt)
        SELECT ${month}::date, u.sim_id,
          array_fill(NULL::bigint, ARRAY[${d - 1}::int]) || u.up || array_fill(NULL::bigint, ARRAY[${31 - d}::int]),
          array_fill(NULL::bigint, ARRAY[${d - 1}::int]) || u.down || array_fill(NULL::bigint, ARRAY[${31 - d}::int]),
          array_fill(NULL::int, ARRAY[${d - 1}::int]) || u.mo || array_fill(NULL::int, ARRAY[${31 - d}::int]),
          array_fill(NULL::int, ARRAY[${d - 1}::int]) || u.mt || array_fill(NULL::int, ARRAY[${31 - d}::int])
        FROM unnest(${sql.param(ids)}::text[], ${sql.param(totals.map((t) => t.up))}::bigint[],
          ${sql.param(totals.map((t) => t.down))}::bigint[], ${sql.param(totals.map((t) => t.mo))}::int[],
          ${sql.param(totals.map((t) => t.mt))}::int[]) AS u(sim_id, up, down, mo, mt)
        ON CONFLICT (sim_id, month) DO UPDATE SET
          bytes_up[${d}::int] = EXCLUDED.bytes_up[${d}::int], bytes_down[${d}::int] = EXCLUDED.bytes_down[${d}::int],
          sms_mo[${d}::int] = EXCLUDED.sms_mo[${d}::int], sms_mt[${d}::int] = EXCLUDED.sms_mt[${d}::int]`);
    }
    await tx.execute(sql`UPDATE usage_ingests SET after_sim_id = ${last}, sims = sims + ${sims},
        profiles = profiles + ${used.length}, skipped = skipped + ${skipped}
      WHERE day = ${pass.day}`);
  });
  pass.after_sim_id = last;
  return true;
}

/** The queue job: works on its day in slices, then the next day due, then sleeps until the next one is. */
export async function runUsageIngest(ctx: TQueueContext, now = new Date()): Promise<TQueueResult> {
  const daily = ctx.config.usageIngestDaily;
  const pass = await openPass(ctx.db, daily, now);
  if (!pass) {
    if (!daily) return undefined;
    const next = new Date(indiaDayStart(addDays(indiaDay(now), 1)).getTime() + ctx.config.usageIngestAfterMinutes * 60_000);
    return { again: next };
  }
  await ensureUsagePartition(ctx.db, pass.day);
  const deadline = Date.now() + SLICE_MS;
  while (Date.now() < deadline && !ctx.signal.aborted) {
    if (!(await ingestBatch(ctx, pass))) {
      await ctx.db.execute(sql`UPDATE usage_ingests SET finished_at = now() WHERE day = ${pass.day}`);
      const dropped = await dropOldUsage(ctx.db, ctx.config.usageKeepMonths, now);
      ctx.logger.info({ day: pass.day, dropped }, 'usage ingest: day done');
      return { again: 0 };
    }
  }
  return { again: 0 };
}

export async function listIngests(db: TExecutor): Promise<TUsageIngest[]> {
  const { rows } = await db.execute<{
    day: string;
    started_at: Date;
    finished_at: Date | null;
    sims: number;
    profiles: number;
    skipped: number;
  }>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, started_at, finished_at, sims, profiles, skipped
    FROM usage_ingests ORDER BY day DESC LIMIT 31`);
  return rows.map((r) => ({
    day: r.day,
    startedAt: new Date(r.started_at).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    sims: Number(r.sims),
    profiles: Number(r.profiles),
    skipped: Number(r.skipped),
  }));
}

/** The last day whose ingest finished. */
export async function ingestedThrough(db: TExecutor): Promise<string | null> {
  const { rows } = await db.execute<{ day: string | null }>(
    sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM usage_ingests WHERE finished_at IS NOT NULL`,
  );
  return rows[0]?.day ?? null;
}

registerQueueHandler(USAGE_INGEST_JOB, async (ctx) => runUsageIngest(ctx));
