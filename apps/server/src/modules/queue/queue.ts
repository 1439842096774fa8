import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { TConfig } from '../../config';
import type { TDb, TExecutor } from '../../db/database';

/**
 * The job queue (docs/decisions/013-requests-jobs-and-queue.md): a table of durable jobs on the application's own
 * PostgreSQL. Workers — inside the server (`npm start`) or separate processes (`npm run worker`) — claim due jobs
 * with `FOR UPDATE SKIP LOCKED` under a lease they renew while the handler runs. A worker that dies stops renewing;
 * when the lease runs out another worker claims the job and runs it again, so handlers are written to resume from
 * the state they left in the database. Enqueueing is a row written in the caller's transaction (with a NOTIFY that
 * wakes idle workers on commit): the work and the record of it commit together or not at all.
 */

export const QUEUE_CHANNEL = 'tarang_queue';

export type TQueueJob = { id: number; kind: string; key: string; payload: unknown; attempts: number };
/** A handler returns `{ again }` to run the same job again later (a driver that re-arms itself until its work is done). */
export type TQueueResult = { again?: number | Date } | undefined;
export type TQueueContext = { db: TDb; config: TConfig; logger: Logger; signal: AbortSignal; workerId: string };
export type TQueueHandler = (ctx: TQueueContext, job: TQueueJob) => Promise<TQueueResult | undefined>;

const handlers = new Map<string, TQueueHandler>();

/** Job kinds register their handler once, at import. */
export function registerQueueHandler(kind: string, handler: TQueueHandler): void {
  handlers.set(kind, handler);
}

export type TEnqueue = { kind: string; key: string; payload: unknown; runAt?: Date; maxAttempts?: number };

/**
 * Adds a job, or — when a job with the key exists — makes it due again: a finished one starts afresh, a queued one
 * keeps the earlier run time, a running one runs once more when it ends. Call it inside the transaction that makes
 * the work necessary.
 */
export async function enqueue(db: TExecutor, job: TEnqueue): Promise<void> {
  const runAt = job.runAt ?? new Date();
  await db.execute(sql`
    INSERT INTO queue_jobs (kind, key, payload, run_at, max_attempts)
    VALUES (${job.kind}, ${job.key}, ${JSON.stringify(job.payload)}::jsonb, ${runAt.toISOString()}::timestamptz, ${job.maxAttempts ?? 10})
    ON CONFLICT (key) DO UPDATE SET
      payload = EXCLUDED.payload,
      requeue = queue_jobs.requeue OR queue_jobs.status = 'RUNNING',
      run_at = CASE WHEN queue_jobs.status = 'QUEUED' THEN least(queue_jobs.run_at, EXCLUDED.run_at) ELSE EXCLUDED.run_at END,
      attempts = CASE WHEN queue_jobs.status IN ('DONE', 'FAILED') THEN 0 ELSE queue_jobs.attempts END,
      status = CASE WHEN queue_jobs.status = 'RUNNING' THEN 'RUNNING' ELSE 'QUEUED' END,
      last_error = CASE WHEN queue_jobs.status IN ('DONE', 'FAILED') THEN NULL ELSE queue_jobs.last_error END,
      updated_at = now()`);
  await db.execute(sql`SELECT pg_notify(${QUEUE_CHANNEL}, ${job.kind})`);
}

export type TWorkerOptions = {
  /** Jobs run at once by this worker. */
  concurrency: number;
  leaseMs: number;
  /** How often an idle worker looks for due jobs (a NOTIFY wakes it sooner). */
  pollMs: number;
  /** Job kinds this worker runs (default: every registered kind). */
  kinds?: string[];
};

export type TWorker = {
  id: string;
  start: () => Promise<void>;
  /** Look for due jobs now. */
  kick: () => void;
  /** Stops claiming, lets running handlers end (they see the abort signal), and hands their jobs back. */
  stop: () => Promise<void>;
  running: () => number;
};

/** Delay before a failed job is tried again: 1 s, 2 s, 4 s … up to 5 minutes, with jitter. */
export function queueBackoffMs(attempts: number): number {
  const base = Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export function createWorker(db: TDb, pool: pg.Pool, config: TConfig, logger: Logger, options: TWorkerOptions): TWorker {
  const id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const active = new Map<number, { token: string; abort: AbortController; done: Promise<void> }>();
  let stopping = false;
  let started = false;
  let wake: (() => void) | null = null;
  let listener: pg.PoolClient | null = null;
  let loop: Promise<void> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  let kicked = false;

  const kick = () => {
    kicked = true;
    wake?.();
  };

  async function claim(limit: number) {
    const kinds = options.kinds ?? [...handlers.keys()];
    const token = `${id}:${randomBytes(4).toString('hex')}`;
    const result = await db.execute<{
      id: number;
      kind: string;
      key: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>(sql`
      UPDATE queue_jobs SET status = 'RUNNING', locked_by = ${token},
        locked_until = now() + make_interval(secs => ${options.leaseMs / 1000}), attempts = attempts + 1, updated_at = now()
      WHERE id IN (
        SELECT id FROM queue_jobs
        WHERE ((status = 'QUEUED' AND run_at <= now()) OR (status = 'RUNNING' AND locked_until < now()))
          AND kind = ANY(${sql.param(kinds)}::text[])
        ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, key, payload, attempts, max_attempts`);
    return result.rows.map((row) => ({ ...row, token }));
  }

  async function finish(
    jobId: number,
    token: string,
    outcome: { again?: number | Date; error?: string; maxAttempts: number; attempts: number },
  ) {
    if (outcome.error !== undefined) {
      const failed = outcome.attempts >= outcome.maxAttempts;
      await db.execute(sql`UPDATE queue_jobs SET status = ${failed ? 'FAILED' : 'QUEUED'}, last_error = ${outcome.error.slice(0, 2000)},
          run_at = now() + make_interval(secs => ${queueBackoffMs(outcome.attempts) / 1000}), locked_by = NULL, locked_until = NULL,
          requeue = false, updated_at = now()
        WHERE id = ${jobId} AND locked_by = ${token}`);
      return;
    }
    if (outcome.again !== undefined) {
      const at = outcome.again instanceof Date ? outcome.again : new Date(Date.now() + outcome.again);
      await db.execute(sql`UPDATE queue_jobs SET status = 'QUEUED', attempts = 0, last_error = NULL,
          run_at = CASE WHEN requeue THEN now() ELSE ${at.toISOString()}::timestamptz END,
          requeue = false, locked_by = NULL, locked_until = NULL, updated_at = now()
        WHERE id = ${jobId} AND locked_by = ${token}`);
      return;
    }
    await db.execute(sql`UPDATE queue_jobs SET status = CASE WHEN requeue THEN 'QUEUED' ELSE 'DONE' END, run_at = now(),
        attempts = 0, last_error = NULL, requeue = false, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = ${jobId} AND locked_by = ${token}`);
  }

  function run(job: TQueueJob & { token: string; max_attempts: number }) {
    const abort = new AbortController();
    const handler = handlers.get(job.kind);
    const done = (async () => {
      try {
        if (!handler) throw new Error(`No handler for queue jobs of kind ${job.kind}`);
        const result = await handler({ db, config, logger, signal: abort.signal, workerId: id }, job);
        if (abort.signal.aborted && stopping) {
          // Handed back on stop: due again at once for whichever worker is up.
          await finish(job.id, job.token, { again: 0, maxAttempts: job.max_attempts, attempts: job.attempts });
        } else {
          await finish(job.id, job.token, { again: result?.again, maxAttempts: job.max_attempts, attempts: job.attempts });
        }
      } catch (error) {
        logger.error({ err: error, job: { id: job.id, kind: job.kind, key: job.key } }, 'queue job failed');
        if (process.env.QDEBUG) console.log('QFAIL', error);
        await finish(job.id, job.token, {
          error: error instanceof Error ? error.message : String(error),
          maxAttempts: job.max_attempts,
          attempts: job.attempts,
        }).catch(() => {});
      } finally {
        active.delete(job.id);
        kick();
      }
    })();
    active.set(job.id, { token: job.token, abort, done });
  }

  async function renewLeases() {
    if (active.size === 0) return;
    const entries = [...active.entries()];
    const result = await db.execute<{ id: number }>(sql`
      UPDATE queue_jobs SET locked_until = now() + make_interval(secs => ${options.leaseMs / 1000})
      FROM unnest(${sql.param(entries.map(([jobId]) => jobId))}::bigint[], ${sql.param(entries.map(([, a]) => a.token))}::text[]) AS h(id, token)
      WHERE queue_jobs.id = h.id AND queue_jobs.locked_by = h.token
      RETURNING queue_jobs.id`);
    const kept = new Set(result.rows.map((r) => Number(r.id)));
    for (const [jobId, a] of entries) {
      if (!kept.has(jobId)) {
        logger.warn({ jobId }, 'queue lease lost; the job is someone else’s now');
        a.abort.abort();
      }
    }
  }

  async function mainLoop() {
    while (!stopping) {
      kicked = false;
      const free = options.concurrency - active.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const jobs = await claim(free);
          claimed = jobs.length;
          for (const job of jobs) run(job);
        } catch (error) {
          if (!stopping) logger.error({ err: error }, 'queue claim failed');
        }
      }
      if (stopping) break;
      if (claimed > 0 && claimed === free) continue;
      if (kicked && active.size < options.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    id,
    kick,
    running: () => active.size,
    start: async () => {
      if (started) return;
      started = true;
      stopping = false;
      try {
        listener = await pool.connect();
        listener.on('notification', () => kick());
        listener.on('error', () => {
          /* the poll keeps the worker going */
        });
        await listener.query(`LISTEN ${QUEUE_CHANNEL}`);
      } catch (error) {
        logger.warn({ err: error }, 'queue: LISTEN failed; polling only');
      }
      heartbeat = setInterval(
        () => {
          renewLeases().catch((error) => logger.warn({ err: error }, 'queue lease renewal failed'));
        },
        Math.max(100, Math.floor(options.leaseMs / 3)),
      );
      heartbeat.unref();
      // Finished jobs are kept a week (what ran, when, with what error), then removed.
      sweeper = setInterval(() => {
        db.execute(sql`DELETE FROM queue_jobs WHERE status IN ('DONE', 'FAILED') AND updated_at < now() - interval '7 days'`).catch(
          () => {},
        );
      }, 3_600_000);
      sweeper.unref();
      loop = mainLoop();
    },
    stop: async () => {
      if (!started) return;
      stopping = true;
      wake?.();
      for (const a of active.values()) a.abort.abort();
      await loop;
      await Promise.all([...active.values()].map((a) => a.done));
      if (heartbeat) clearInterval(heartbeat);
      if (sweeper) clearInterval(sweeper);
      if (listener) {
        await listener.query(`UNLISTEN ${QUEUE_CHANNEL}`).catch(() => {});
        listener.release();
        listener = null;
      }
      started = false;
    },
  };
}
