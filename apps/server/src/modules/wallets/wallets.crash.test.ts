import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, FIXTURE_PASSWORD } from '../../../test/test-app';
import { freePort } from '../../db/embedded-postgres';
import { walletIdOf } from './ledger';
import {
  ACTIVATION_OPERATIONS,
  BANK_WALLETS,
  bankProblems,
  fetchSender,
  killHard,
  signInOverHttp,
  startApiProcess,
  startBank,
  type TApiProcess,
  type TApiWallet,
  type TBankSetup,
  takeSnapshot,
} from './wallets-test-kit';

/**
 * The bank test with the server process killed (issue 14): the API runs as a process of its own (src/main.ts) on this
 * file's database; 16 clients make their random money calls to it over HTTP; the process is killed with SIGKILL twice
 * mid-run and started again, and every call that got no answer is sent again under its Idempotency-Key. Then the same
 * invariants as the bank test: whatever was committed before a kill is answered as a replay, whatever was not is made
 * once, and every paisa is accounted for.
 */

const RESELLER_EMAIL = 'wallet-desk@crash.test';
const { t, orgs, rows } = routeTest({
  config: { workerConcurrency: 0 },
  tenancy: true,
  roles: { 'Reseller wallet desk': scopesFrom({ wallet: true }) },
  users: { reseller: { email: RESELLER_EMAIL, role: 'Reseller wallet desk', org: 'R' } },
});

const SEED = Number(process.env.BANK_SEED ?? Date.now() % 1_000_000);
const OPERATIONS_PER_CLIENT = 75;

let server: TApiProcess | null = null;
let dataDir = '';
afterAll(async () => {
  if (server) await killHard(server.child);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function until(what: string, ms: number, probe: () => boolean, stop: Promise<unknown>): Promise<void> {
  let stopped = false;
  void stop.then(
    () => (stopped = true),
    () => (stopped = true),
  );
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (stopped) throw new Error(`the run ended before ${what}`);
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the bank test with the server process killed twice', () => {
  it('keeps every paisa when the API process dies mid-run and every unanswered call is sent again', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-wallet-crash-'));
    const port = await freePort();
    const start = () =>
      startApiProcess({ databaseUrl: t.database.url, dataDir, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, port });
    server = await start();
    const base = server.base;
    const tokens = {
      staff: await signInOverHttp(base, ADMIN_EMAIL, ADMIN_PASSWORD),
      reseller: await signInOverHttp(base, RESELLER_EMAIL, FIXTURE_PASSWORD),
    };
    const setup: TBankSetup = {
      organizationIds: Object.fromEntries(BANK_WALLETS.map((w) => [w, orgs[w]!.id])) as TBankSetup['organizationIds'],
      walletIds: Object.fromEntries(BANK_WALLETS.map((w) => [w, walletIdOf(orgs[w]!.id)])) as TBankSetup['walletIds'],
    };

    // While the server is down, a call that got no answer waits for it to be back, then goes again under its key.
    let back: Promise<void> = Promise.resolve();
    const before = await takeSnapshot(rows);
    const keyPrefix = `crash-${SEED}`;
    const started = performance.now();
    const run = startBank({
      setup,
      send: fetchSender(() => base, tokens),
      clients: 16,
      operationsPerClient: OPERATIONS_PER_CLIENT,
      seed: SEED,
      keyPrefix,
      extraOperations: ACTIVATION_OPERATIONS,
      resendAfter: () => back,
    });

    const kills: { atOperation: number; downMs: number }[] = [];
    for (const share of [0.3, 0.65]) {
      await until(`${share * 100} % of the operations`, 60_000, () => run.completed() >= share * run.total, run.finished);
      let up!: () => void;
      back = new Promise((resolve) => {
        up = resolve;
      });
      const killedAt = performance.now();
      const atOperation = run.completed();
      await killHard(server.child);
      server = await start();
      kills.push({ atOperation, downMs: Math.round(performance.now() - killedAt) });
      up();
    }
    await run.finished;
    const seconds = (performance.now() - started) / 1000;

    const listed = await fetch(`${base}/wallet?limit=500`, { headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(listed.status).toBe(200);
    const { problems, stats } = await bankProblems({
      records: run.records,
      before,
      query: rows,
      apiWallets: ((await listed.json()) as { data: TApiWallet[] }).data,
      keyPrefix,
    });
    console.info(
      `bank test with 2 kills (seed ${SEED}): ${run.total} operations in ${seconds.toFixed(1)} s; kills ${JSON.stringify(kills)}; ${JSON.stringify(stats)}`,
    );
    expect(problems, `seed ${SEED}`).toEqual([]);
    expect(kills).toHaveLength(2);
    // The kills cut calls off mid-flight (otherwise the test would prove nothing), and each was made again.
    expect(stats.lost).toBeGreaterThan(0);
    expect(stats.succeeded).toBeGreaterThan(300);
    expect(stats.refused).toBeGreaterThan(50);
    expect(stats.replayed).toBeGreaterThan(20);
  }, 180_000);
});
