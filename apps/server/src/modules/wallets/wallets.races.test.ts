import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { walletIdOf } from './ledger';
import { addCall, BANK_WALLETS, deductCall, reduceReply, type TBankSetup, type TMoneyCall, transferCall } from './wallets-test-kit';

/**
 * Races on the real database through the API (issue 14): many calls at the same moment on the same wallets. The app's
 * pool holds ten connections, so ten of them are inside PostgreSQL at once, waiting on each other's locks.
 *
 * Capture against release of one hold is not here: activations do not settle holds through the API yet.
 */

const { t, tokens, orgs, rows } = routeTest({
  tenancy: true,
  roles: { 'Reseller wallet desk': scopesFrom({ wallet: true }) },
  users: { reseller: { email: 'wallet-desk@races.test', role: 'Reseller wallet desk', org: 'R' } },
});

let keys = 0;
const newKey = () => `race-${Date.now().toString(36)}-${++keys}`;

function setupOf(): TBankSetup {
  return {
    organizationIds: Object.fromEntries(BANK_WALLETS.map((w) => [w, orgs[w]!.id])) as TBankSetup['organizationIds'],
    walletIds: Object.fromEntries(BANK_WALLETS.map((w) => [w, walletIdOf(orgs[w]!.id)])) as TBankSetup['walletIds'],
  };
}

async function send(call: TMoneyCall, key = newKey()) {
  const res = await t.call({
    method: call.method,
    url: `${API}${call.path}`,
    token: call.caller === 'staff' ? tokens.staff : tokens.reseller,
    payload: call.body,
    headers: { 'idempotency-key': key },
  });
  return { ...reduceReply(res.statusCode, res.json()), key };
}

async function wallet(id: string) {
  const [row] = await rows<{ balance: number; blocked: number; posted: string; postings: number }>(
    `SELECT a.balance, a.blocked, coalesce(sum(p.amount), 0)::text AS posted, count(p.id)::int AS postings
     FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id WHERE a.id = $1 GROUP BY a.id`,
    [id],
  );
  return { balance: row!.balance, blocked: row!.blocked, posted: Number(row!.posted), postings: row!.postings };
}

const statuses = (replies: { status: number }[]) =>
  replies.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});

describe('races through the API', () => {
  it('50 deducts of the whole balance at once: exactly one succeeds, the others are refused naming amount', async () => {
    const s = setupOf();
    const id = s.walletIds.I;
    const funded = await send(addCall(s, 'I', 987_654));
    expect(funded.status).toBe(200);
    const before = await wallet(id);
    const replies = await Promise.all(Array.from({ length: 50 }, () => send(deductCall(s, 'I', before.balance, 'Everything'))));
    expect(statuses(replies)).toEqual({ 200: 1, 422: 49 });
    for (const r of replies.filter((r) => r.status === 422)) {
      expect(r.errorPath).toBe('amount');
      expect(r.message).toMatch(/^Not enough money in the wallet: available ₹0\.00, needed ₹9,876\.54$/);
    }
    expect(await wallet(id)).toEqual({ balance: 0, blocked: 0, posted: 0, postings: before.postings + 1 });
    // The refused calls claimed no key: each may be tried again.
    const claimed = await rows<{ key: string }>('SELECT key FROM idempotency_keys WHERE key = ANY($1::text[])', [
      replies.map((r) => r.key),
    ]);
    expect(claimed.map((c) => c.key)).toEqual([replies.find((r) => r.status === 200)!.key]);
  });

  it('20 identical calls at once under one key: one movement, every answer the same transaction', async () => {
    const s = setupOf();
    for (const call of [addCall(s, 'C2', 43_210, 'Once only'), transferCall(s, 'R', 'C1', 1_234, 'Once only')]) {
      if (call.type === 'TRANSFER') expect((await send(addCall(s, 'R', 50_000))).status).toBe(200);
      const touched = Object.keys(call.effect);
      const before = await Promise.all(touched.map(wallet));
      const key = newKey();
      const replies = await Promise.all(Array.from({ length: 20 }, () => send(call, key)));
      expect(statuses(replies), call.type).toEqual({ 200: 20 });
      expect(new Set(replies.map((r) => r.transactionId)).size).toBe(1);
      expect(replies.filter((r) => r.replayed === false)).toHaveLength(1);
      const after = await Promise.all(touched.map(wallet));
      touched.forEach((walletId, i) => {
        expect(after[i]).toEqual({
          balance: before[i]!.balance + call.effect[walletId]!,
          blocked: 0,
          posted: before[i]!.posted + call.effect[walletId]!,
          postings: before[i]!.postings + 1,
        });
      });
      const made = await rows<{ id: string }>('SELECT entity_id AS id FROM idempotency_keys WHERE key = $1', [key]);
      expect(made).toEqual([{ id: replies[0]!.transactionId }]);
    }
  });

  it('30 transfers C1→R and R→C1 at once all finish, without a deadlock or a 500, and lose nothing', async () => {
    const s = setupOf();
    expect((await send(addCall(s, 'R', 300_000))).status).toBe(200);
    expect((await send(transferCall(s, 'R', 'C1', 150_000))).status).toBe(200);
    const [r0, c0] = await Promise.all([wallet(s.walletIds.R), wallet(s.walletIds.C1)]);
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? transferCall(s, 'C1', 'R', 7_000 + i) : transferCall(s, 'R', 'C1', 11_000 + i),
    );
    const replies = await Promise.all(calls.map((call) => send(call)));
    expect(statuses(replies)).toEqual({ 200: 30 });
    let net = 0;
    calls.forEach((call) => {
      net += call.effect[s.walletIds.C1]!;
    });
    const [r1, c1] = await Promise.all([wallet(s.walletIds.R), wallet(s.walletIds.C1)]);
    expect(c1).toEqual({ balance: c0.balance + net, blocked: 0, posted: c0.balance + net, postings: c0.postings + 30 });
    expect(r1).toEqual({ balance: r0.balance - net, blocked: 0, posted: r0.balance - net, postings: r0.postings + 30 });
    // Each wallet's running balance has no gap, whatever order the transfers took.
    const gaps = await rows(
      `
      SELECT id FROM (SELECT id, balance_after, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
        FROM ledger_postings WHERE account_id = ANY($1::text[])) x WHERE balance_after <> running`,
      [[s.walletIds.R, s.walletIds.C1]],
    );
    expect(gaps).toEqual([]);
  });

  it('transfers crossing each other over R, C1, C2 and G in both directions finish without a deadlock', async () => {
    const s = setupOf();
    const g = walletIdOf(orgs.G!.id);
    for (const w of ['R', 'C1', 'C2'] as const) expect((await send(addCall(s, w, 1_000_000))).status).toBe(200);
    // R → C1 → G and back, R ↔ C2: every transfer locks two wallets, in the same order whichever way it goes.
    const pairs: [string, string][] = [
      [s.walletIds.R, s.walletIds.C1],
      [s.walletIds.C1, s.walletIds.R],
      [s.walletIds.C1, g],
      [g, s.walletIds.C1],
      [s.walletIds.R, s.walletIds.C2],
      [s.walletIds.C2, s.walletIds.R],
    ];
    const ids = [s.walletIds.R, s.walletIds.C1, s.walletIds.C2, g];
    const before = await Promise.all(ids.map(wallet));
    const calls: TMoneyCall[] = Array.from({ length: 60 }, (_, i) => {
      const [fromWalletId, toWalletId] = pairs[i % pairs.length]!;
      const amount = 1_000 + i;
      return {
        caller: 'reseller',
        method: 'POST',
        path: '/wallet/transfer',
        body: { fromWalletId, toWalletId, amount },
        type: 'TRANSFER',
        effect: { [fromWalletId]: -amount, [toWalletId]: amount },
      };
    });
    const replies = await Promise.all(calls.map((call) => send(call)));
    const ok = replies.filter((r) => r.status === 200);
    expect(statuses(replies)[500]).toBeUndefined();
    for (const r of replies.filter((r) => r.status !== 200)) expect(r).toMatchObject({ status: 422, errorPath: 'amount' });
    const after = await Promise.all(ids.map(wallet));
    ids.forEach((id, i) => {
      const moved = calls.reduce((sum, call, j) => (replies[j]!.status === 200 ? sum + (call.effect[id] ?? 0) : sum), 0);
      expect(after[i]!.balance).toBe(before[i]!.balance + moved);
      expect(after[i]!.posted).toBe(after[i]!.balance);
    });
    expect(ok.length).toBeGreaterThan(40);
  });
});
