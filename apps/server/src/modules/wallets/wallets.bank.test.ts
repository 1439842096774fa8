import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { SYSTEM_CONTEXT } from '../../http/request-context';
import { PROVIDER_ACCOUNT_IDS, postMovement, walletIdOf } from './ledger';
import {
  ACTIVATION_OPERATIONS,
  BANK_WALLETS,
  bankProblems,
  startBank,
  type TApiWallet,
  type TBankSetup,
  type TSend,
  takeSnapshot,
} from './wallets-test-kit';

/**
 * The bank test (issue 14): 16 clients make 300 random money calls each through the HTTP API, all at once, over the
 * reseller R, its children C1 and C2 and the unrelated I: staff Send Money, Debit Money and Adjust Wallet, and a user of
 * R moving money R→C1, R→C2, C1→R and C2→R; amounts from one paisa to beyond anything a wallet holds; about one call in
 * ten sent twice under its Idempotency-Key (at the same moment, or later), a few keys sent again with another body.
 * Then every paisa is accounted for (wallets-test-kit.ts `bankProblems`).
 */

const { t, tokens, orgs, rows } = routeTest({
  tenancy: true,
  roles: { 'Reseller wallet desk': scopesFrom({ wallet: true }) },
  users: { reseller: { email: 'wallet-desk@reseller.test', role: 'Reseller wallet desk', org: 'R' } },
});

const SEED = Number(process.env.BANK_SEED ?? Date.now() % 1_000_000);

describe('the bank test', () => {
  it('keeps every paisa under 16 concurrent clients × 300 operations, with keys replayed and reused', async () => {
    const setup: TBankSetup = {
      organizationIds: Object.fromEntries(BANK_WALLETS.map((w) => [w, orgs[w]!.id])) as TBankSetup['organizationIds'],
      walletIds: Object.fromEntries(BANK_WALLETS.map((w) => [w, walletIdOf(orgs[w]!.id)])) as TBankSetup['walletIds'],
    };
    const send: TSend = async (call, key) => {
      const res = await t.call({
        method: call.method,
        url: `${API}${call.path}`,
        token: call.caller === 'staff' ? tokens.staff : tokens.reseller,
        payload: call.body,
        headers: { 'idempotency-key': key },
      });
      return { status: res.statusCode, body: res.json() };
    };
    const before = await takeSnapshot(rows);
    const keyPrefix = `bank-${SEED}`;
    const started = performance.now();
    const run = startBank({
      setup,
      send,
      clients: 16,
      operationsPerClient: 300,
      seed: SEED,
      keyPrefix,
      extraOperations: ACTIVATION_OPERATIONS,
    });
    await run.finished;
    const seconds = (performance.now() - started) / 1000;

    const listed = await t.call({ method: 'GET', url: `${API}/wallet?limit=500`, token: tokens.staff });
    expect(listed.statusCode).toBe(200);
    const { problems, stats } = await bankProblems({
      records: run.records,
      before,
      query: rows,
      apiWallets: listed.json().data as TApiWallet[],
      keyPrefix,
    });
    console.info(`bank test (seed ${SEED}): ${run.total} operations in ${seconds.toFixed(1)} s; ${JSON.stringify(stats)}`);
    expect(problems, `seed ${SEED}`).toEqual([]);
    // The run exercised what it is meant to prove.
    expect(stats.operations).toBe(16 * 300);
    expect(stats.succeeded).toBeGreaterThan(1000);
    expect(stats.refused).toBeGreaterThan(100);
    expect(stats.twins + stats.later).toBeGreaterThan(200);
    expect(stats.replayed).toBeGreaterThan(100);
    expect(stats.reused).toBeGreaterThan(10);
    expect(stats.lost).toBe(0);

    // The checks see a paisa moved behind the clients' backs, and an answer that names another transaction.
    const rogue = await t.database.db.transaction((tx) =>
      postMovement(tx, SYSTEM_CONTEXT, {
        type: 'ADJUST',
        reason: 'Not through the API',
        lines: [
          { accountId: setup.walletIds.C2, amount: 1 },
          { accountId: PROVIDER_ACCOUNT_IDS.ADJUSTMENTS, amount: -1 },
        ],
      }),
    );
    const records = structuredClone(run.records);
    const tampered = records.find((r) => r.replies.length === 1 && r.replies[0]!.status === 200)!;
    tampered.replies[0]!.transactionId = rogue.transactionId;
    const after = await bankProblems({ records, before, query: rows, apiWallets: listed.json().data as TApiWallet[], keyPrefix });
    expect(after.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^wallet ${setup.walletIds.C2}: balance \\d+, the answers imply \\d+$`)),
        expect.stringMatching(/ledger transactions made, .* answered$/),
        expect.stringMatching(new RegExp(`^${tampered.key}: idempotency_keys rows`)),
      ]),
    );
  }, 300_000);
});
