import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims } from '../sims/sims-test-kit';
import { setGateway, waitForJob } from './requests-test-kit';

/**
 * Crash safety (issue 5): a 2,000-SIM SUSPEND carried out by a separate worker process (`npm run worker`'s entry) that
 * is killed with SIGKILL three times at random moments. After each kill a new worker takes the jobs over once their
 * leases run out; at the end every SIM is suspended, the job is COMPLETED, and the simulated operator's log shows each
 * SIM exactly once.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const WORKER = path.join(ROOT, 'apps/server/src/worker.ts');

// This app runs no worker of its own: only the child processes do the work.
const { t, f, tokens } = routeTest({ config: { workerConcurrency: 0 }, tenancy: true });
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

async function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: t.database.url,
      TARANG_WORKERS: '4',
      TARANG_QUEUE_LEASE_MS: '1200',
      TARANG_QUEUE_POLL_MS: '50',
      TARANG_OPERATOR_RETRY_BASE_MS: '50',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start')), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Tarang worker is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
  });
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('a worker process killed three times', () => {
  it('finishes a 2,000-SIM request with each SIM applied at the operator exactly once', async () => {
    const sims = await makeSims(t, 2000, (i) => ({
      organizationId: f.orgs.C1.id,
      status: 'ACTIVE',
      operators: [(['AIRTEL', 'BSNL', 'VI'] as const)[i % 3]!],
    }));
    for (const op of ['AIRTEL', 'BSNL', 'VI']) await setGateway(t, tokens.staff, op, { latencyMs: 25, batchSize: 60 });
    const res = await t.call({
      method: 'POST',
      url: `${API}/request`,
      token: tokens.staff,
      payload: { type: 'SUSPEND', filter: { organizationId: f.orgs.C1.id, status: ['ACTIVE'] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { jobId, simsCount } = res.json().data.request;
    expect(simsCount).toBe(2000);

    const kills: { afterMs: number; settled: number }[] = [];
    for (let k = 0; k < 3; k++) {
      const worker = await startWorker();
      const afterMs = 150 + Math.floor(Math.random() * 700);
      await new Promise((r) => setTimeout(r, afterMs));
      await killed(worker);
      const p = (await t.call({ method: 'GET', url: `${API}/job-batch/${jobId}/progress`, token: tokens.staff })).json().data;
      kills.push({ afterMs, settled: p.counts.succeeded });
    }
    // The kills landed while work was left (otherwise the test would prove nothing).
    expect(kills.filter((k) => k.settled < 2000).length, JSON.stringify(kills)).toBeGreaterThan(0);

    await startWorker();
    const done = await waitForJob(t, tokens.staff, jobId, undefined, 60_000);
    expect(done, JSON.stringify(kills)).toMatchObject({
      status: 'COMPLETED',
      counts: { total: 2000, succeeded: 2000, failed: 0, inFlight: 0 },
    });

    const pool = t.database.pool;
    const perSim = await pool.query<{ n: number; count: number }>(
      `SELECT n, count(*)::int AS count FROM (SELECT iccid, count(*)::int AS n FROM simulator_sims GROUP BY iccid) x GROUP BY n`,
    );
    expect(perSim.rows).toEqual([{ n: 1, count: 2000 }]);
    const logged = await pool.query<{ iccid: string }>('SELECT DISTINCT iccid FROM simulator_sims');
    expect(new Set(logged.rows.map((r) => r.iccid))).toEqual(new Set(sims.map((s) => s.iccid)));
    const statuses = await pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM sims WHERE primary_iccid = ANY($1) GROUP BY status',
      [sims.map((s) => s.iccid)],
    );
    expect(statuses.rows).toEqual([{ status: 'SUSPENDED', n: 2000 }]);
    const tasks = await pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM job_tasks WHERE job_id = $1 GROUP BY status',
      [jobId],
    );
    expect(tasks.rows).toEqual([{ status: 'SUCCEEDED', n: 2000 }]);
  }, 120_000);
});
