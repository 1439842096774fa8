import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { createWorker, enqueue, registerQueueHandler, type TWorker } from './queue';

/** The queue on a real PostgreSQL: claims, keys, re-runs, failures, leases taken over from a worker that stopped. */

const { t } = routeTest({ config: { workerConcurrency: 0 } });
const workers: TWorker[] = [];
const runs: Record<string, number> = {};
let release: (() => void) | null = null;

beforeAll(async () => {
  registerQueueHandler('test.count', async (_ctx, job) => {
    const key = (job.payload as { n: string }).n;
    runs[key] = (runs[key] ?? 0) + 1;
    return undefined;
  });
  registerQueueHandler('test.again', async (_ctx, job) => {
    const key = (job.payload as { n: string }).n;
    runs[key] = (runs[key] ?? 0) + 1;
    return runs[key]! < 3 ? { again: 10 } : undefined;
  });
  registerQueueHandler('test.fail', async () => {
    throw new Error('always fails');
  });
  registerQueueHandler('test.hang', async (ctx, job) => {
    const key = (job.payload as { n: string }).n;
    runs[key] = (runs[key] ?? 0) + 1;
    if (runs[key] === 1) {
      // The first run never ends on its own (a process that hangs or died): its lease must run out.
      await new Promise<void>((resolve) => {
        release = resolve;
        ctx.signal.addEventListener('abort', () => resolve());
      });
    }
    return undefined;
  });
});
afterAll(async () => {
  for (const w of workers) await w.stop();
});

function worker(kinds: string[], leaseMs = 5000) {
  const w = createWorker(t.deps.db, t.database.pool, t.deps.config, t.deps.logger, { concurrency: 2, leaseMs, pollMs: 30, kinds });
  workers.push(w);
  return w;
}
const job = async (key: string) => (await t.database.pool.query('SELECT * FROM queue_jobs WHERE key = $1', [key])).rows[0];
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the queue', () => {
  it('runs a job once; enqueueing the key again makes it due again', async () => {
    const w = worker(['test.count']);
    await w.start();
    await enqueue(t.deps.db, { kind: 'test.count', key: 'count:a', payload: { n: 'a' } });
    await until(async () => (await job('count:a')).status === 'DONE');
    expect(runs.a).toBe(1);
    await enqueue(t.deps.db, { kind: 'test.count', key: 'count:a', payload: { n: 'a' } });
    await until(async () => runs.a === 2 && (await job('count:a')).status === 'DONE');
    expect((await t.database.pool.query("SELECT count(*)::int AS n FROM queue_jobs WHERE key = 'count:a'")).rows[0].n).toBe(1);
  });

  it('a job enqueued in a transaction that rolls back never runs; a future run time waits', async () => {
    await t.deps.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind: 'test.count', key: 'count:b', payload: { n: 'b' } });
        throw new Error('rollback');
      })
      .catch(() => {});
    await enqueue(t.deps.db, { kind: 'test.count', key: 'count:c', payload: { n: 'c' }, runAt: new Date(Date.now() + 600) });
    await new Promise((r) => setTimeout(r, 300));
    expect(await job('count:b')).toBeUndefined();
    expect(runs.c).toBeUndefined();
    await until(async () => runs.c === 1);
  });

  it('a handler that asks to run again is re-armed until it is done', async () => {
    const w = worker(['test.again']);
    await w.start();
    await enqueue(t.deps.db, { kind: 'test.again', key: 'again:d', payload: { n: 'd' } });
    await until(async () => (await job('again:d')).status === 'DONE');
    expect(runs.d).toBe(3);
  });

  it('failures back off and end FAILED after the attempts, with the error kept', async () => {
    const w = worker(['test.fail']);
    await w.start();
    await enqueue(t.deps.db, { kind: 'test.fail', key: 'fail:e', payload: {}, maxAttempts: 2 });
    await until(async () => (await job('fail:e')).status === 'FAILED', 15_000);
    expect(await job('fail:e')).toMatchObject({ attempts: 2, last_error: 'always fails', locked_by: null });
  });

  it('a job whose worker stops renewing its lease is taken over by another worker', async () => {
    const first = worker(['test.hang'], 600);
    await first.start();
    await enqueue(t.deps.db, { kind: 'test.hang', key: 'hang:f', payload: { n: 'f' } });
    await until(async () => runs.f === 1);
    const held = await job('hang:f');
    expect(held.status).toBe('RUNNING');
    // As if the lease had run out while its holder was gone: the row now names a worker that no longer renews it.
    await t.database.pool.query(
      "UPDATE queue_jobs SET locked_by = 'dead-worker', locked_until = now() - interval '1 second' WHERE key = 'hang:f'",
    );
    const second = worker(['test.hang'], 600);
    await second.start();
    await until(async () => runs.f === 2 && (await job('hang:f')).status === 'DONE');
    expect((await job('hang:f')).locked_by).toBeNull();
    // The first worker's late finish changes nothing: the job is no longer its own.
    release?.();
    await first.stop();
    expect((await job('hang:f')).status).toBe('DONE');
  });
});
