import type { TTestApp } from '../../../test/test-app';
import { API } from '../../../test/test-app';

/** Helpers for request and job tests: progress through the API, the simulator's log straight from its tables. */

const FINAL = ['COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'];

/** Polls GET /job-batch/{id}/progress until the job ends (or `until` holds). */
export async function waitForJob(
  t: TTestApp,
  token: string,
  jobId: string,
  until: (p: { status: string; counts: Record<string, number> }) => boolean = (p) => FINAL.includes(p.status),
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call({ method: 'GET', url: `${API}/job-batch/${jobId}/progress`, token });
    if (res.statusCode !== 200) throw new Error(`progress ${jobId}: ${res.statusCode} ${res.body}`);
    const p = res.json().data;
    if (until(p)) return p;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${p.status} ${JSON.stringify(p.counts)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** How often each ICCID reached the simulated operator and was applied there (DONE or FAILED, not retries). */
export async function operatorApplications(t: TTestApp, iccids?: string[]): Promise<Map<string, number>> {
  const { rows } = await t.database.pool.query<{ iccid: string; n: number }>(
    `SELECT iccid, count(*)::int AS n FROM simulator_sims WHERE result IN ('DONE', 'FAILED') ${iccids ? 'AND iccid = ANY($1)' : ''} GROUP BY iccid`,
    iccids ? [iccids] : [],
  );
  return new Map(rows.map((r) => [r.iccid, r.n]));
}

export async function simStatuses(t: TTestApp, iccids: string[]): Promise<Record<string, string>> {
  const { rows } = await t.database.pool.query<{ primary_iccid: string; status: string }>(
    'SELECT primary_iccid, status FROM sims WHERE primary_iccid = ANY($1)',
    [iccids],
  );
  return Object.fromEntries(rows.map((r) => [r.primary_iccid, r.status]));
}

export async function setGateway(t: TTestApp, token: string, operator: string, settings: Record<string, unknown>) {
  const res = await t.call({ method: 'PUT', url: `${API}/operator-gateway/${operator}`, token, payload: settings });
  if (res.statusCode !== 200) throw new Error(`gateway ${operator}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Every operator's gateway on the simulator, answering at once and never failing; `overrides` change any setting. */
export async function resetSimulators(t: TTestApp, token: string, overrides: Record<string, unknown> = {}) {
  for (const operator of ['AIRTEL', 'BSNL', 'VI']) {
    await setGateway(t, token, operator, {
      adapter: 'simulator',
      latencyMs: 0,
      processingMs: 0,
      failureRate: 0,
      transientFailureRate: 0,
      outage: false,
      maxAttempts: 3,
      timeoutMs: 5000,
      batchSize: 1000,
      ...overrides,
    });
  }
}
