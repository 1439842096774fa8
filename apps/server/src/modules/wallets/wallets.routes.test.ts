import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { walletIdOf } from './ledger';

const { t, f, tokens, rows, orgs } = routeTest({
  tenancy: true,
  roles: {
    'Wallet keeper': scopesFrom({ wallet: true }),
    'Wallet reader': scopesFrom({ wallet: ['viewDetails'] }),
  },
  users: {
    rKeeper: { email: 'r-keeper@wallets.test', role: 'Wallet keeper', org: 'R' },
    c1Keeper: { email: 'c1-keeper@wallets.test', role: 'Wallet keeper', org: 'C1' },
    c1Reader: { email: 'c1-reader@wallets.test', role: 'Wallet reader', org: 'C1' },
  },
});

let keys = 0;
const newKey = () => `wallet-test-${Date.now().toString(36)}-${++keys}`;
const wallet = (org: string) => walletIdOf(orgs[org]!.id);

async function money(method: 'PUT' | 'POST', path: string, payload: object, token = tokens.staff, key: string | null = newKey()) {
  return await t.call({ method, url: `${API}${path}`, token, payload, headers: key ? { 'idempotency-key': key } : {} });
}

async function balances(org: string) {
  const [row] = await rows<{ balance: string; blocked: string; posted: string }>(
    `SELECT a.balance, a.blocked, (SELECT coalesce(sum(amount), 0) FROM ledger_postings p WHERE p.account_id = a.id) AS posted
     FROM ledger_accounts a WHERE a.organization_id = $1`,
    [orgs[org]!.id],
  );
  return { balance: Number(row!.balance), blocked: Number(row!.blocked), posted: Number(row!.posted) };
}

describe('Send Money, Debit Money and Adjust Wallet (staff)', () => {
  it('credits a wallet once per Idempotency-Key, answers the same transaction again, and refuses the key with another body', async () => {
    const key = newKey();
    const first = await money('PUT', `/wallet/add/${wallet('R')}`, { amount: 500_000, reason: 'Opening balance' }, tokens.staff, key);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.message).toBe('Money added');
    expect(body.data.replayed).toBe(false);
    expect(body.data.transaction).toMatchObject({ type: 'ADD', amount: 500_000, reason: 'Opening balance' });
    expect(body.data.transaction.postings).toEqual([
      expect.objectContaining({ kind: 'WALLET', walletId: wallet('R'), amount: 500_000, balanceAfter: 500_000 }),
      expect.objectContaining({ kind: 'PROVIDER_FUNDING', walletId: null, amount: -500_000, balanceAfter: null }),
    ]);
    expect(body.data.wallets[0]).toMatchObject({ id: wallet('R'), balance: 500_000, blocked: 0, available: 500_000 });

    const again = await money('PUT', `/wallet/add/${wallet('R')}`, { reason: 'Opening balance', amount: 500_000 }, tokens.staff, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Already done with this Idempotency-Key');
    expect(again.json().data.transaction.id).toBe(body.data.transaction.id);
    expect(again.json().data.replayed).toBe(true);

    const other = await money('PUT', `/wallet/add/${wallet('R')}`, { amount: 1, reason: 'Opening balance' }, tokens.staff, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0].path).toBe('headers.idempotency-key');
    // The same key on another wallet is another call too.
    const elsewhere = await money('PUT', `/wallet/add/${wallet('C1')}`, { amount: 500_000, reason: 'Opening balance' }, tokens.staff, key);
    expect(elsewhere.statusCode).toBe(422);

    expect(await balances('R')).toEqual({ balance: 500_000, blocked: 0, posted: 500_000 });
    // The event waits in the audit inbox; a read of the audit trail seals it into the chain first.
    const trail = await t.call({ method: 'GET', url: `${API}/audit-trail?entityType=wallet&entityId=${wallet('R')}`, token: tokens.staff });
    expect(trail.statusCode, trail.body).toBe(200);
    const audit: { action: string; requestId: string | null; after: { amount: number } }[] = trail.json().data;
    expect(audit).toEqual([expect.objectContaining({ action: 'wallet.add', after: expect.objectContaining({ amount: 500_000 }) })]);
    expect(audit[0]!.requestId).toBeTruthy();
    const [chained] = await rows<{ n: string }>("SELECT count(*) AS n FROM audit_events WHERE entity_type = 'wallet' AND entity_id = $1", [
      wallet('R'),
    ]);
    expect(Number(chained!.n)).toBe(1);
  });

  it('needs the Idempotency-Key header (400 naming it) and a whole paise amount (422 naming amount); nothing moves', async () => {
    const before = await balances('C2');
    const missing = await money('PUT', `/wallet/add/${wallet('C2')}`, { amount: 100, reason: 'x' }, tokens.staff, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('headers.idempotency-key');
    for (const amount of [0, -5, 1.5, '100', 1e12 + 1, null, 1e300]) {
      const res = await money('PUT', `/wallet/add/${wallet('C2')}`, { amount, reason: 'x' });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(422);
      expect(res.json().errors[0].path).toBe('amount');
    }
    const noAmount = await money('PUT', `/wallet/add/${wallet('C2')}`, { reason: 'x' });
    expect(noAmount.statusCode).toBe(422);
    expect(noAmount.json().errors[0].path).toBe('amount');
    const noReason = await money('PUT', `/wallet/add/${wallet('C2')}`, { amount: 100 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].path).toBe('reason');
    const nul = await money('PUT', `/wallet/add/${wallet('C2')}`, { amount: 100, reason: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(await balances('C2')).toEqual(before);
  });

  it('refuses a debit beyond the available balance with both figures, and moves nothing', async () => {
    await money('PUT', `/wallet/add/${wallet('I')}`, { amount: 12_345, reason: 'Top up' });
    const res = await money('PUT', `/wallet/deduct/${wallet('I')}`, { amount: 12_346, reason: 'Too much' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Not enough money in the wallet: available ₹123.45, needed ₹123.46');
    expect(res.json().errors[0].path).toBe('amount');
    const ok = await money('PUT', `/wallet/deduct/${wallet('I')}`, { amount: 12_345, reason: 'All of it' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.wallets[0]).toMatchObject({ balance: 0, available: 0 });
    expect(await balances('I')).toEqual({ balance: 0, blocked: 0, posted: 0 });
  });

  it('adjusts with a signed amount, checking the organisation it names', async () => {
    const wrong = await money('POST', `/wallet/manual/${wallet('G')}`, { organization: orgs.C1!.id, amount: 100, reason: 'Fix' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0].path).toBe('organization');
    const up = await money('POST', `/wallet/manual/${wallet('G')}`, { organization: orgs.G!.id, amount: 250, reason: 'Goodwill' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.transaction.postings[1]).toMatchObject({ kind: 'ADJUSTMENTS', amount: -250 });
    const tooFar = await money('POST', `/wallet/manual/${wallet('G')}`, { organization: orgs.G!.id, amount: -251, reason: 'Fix' });
    expect(tooFar.statusCode).toBe(422);
    const down = await money('POST', `/wallet/manual/${wallet('G')}`, { organization: orgs.G!.id, amount: -250, reason: 'Reversed' });
    expect(down.statusCode).toBe(200);
    expect(await balances('G')).toEqual({ balance: 0, blocked: 0, posted: 0 });
  });

  it('is for staff only, with the permission', async () => {
    const res = await money('PUT', `/wallet/add/${wallet('C1')}`, { amount: 100, reason: 'Self service' }, tokens.rKeeper);
    expect(res.statusCode).toBe(403);
    const support = await money('PUT', `/wallet/add/${wallet('C1')}`, { amount: 100, reason: 'x' }, f.actors.staffSupport.token);
    expect(support.statusCode).toBe(403);
  });
});

describe('transfers between a parent and its child', () => {
  it('moves money down and back up, within the caller’s subtree, and nowhere else', async () => {
    await money('PUT', `/wallet/add/${wallet('R')}`, { amount: 10_000, reason: 'For transfers' });
    const rBefore = (await balances('R')).balance;
    const down = await money(
      'POST',
      '/wallet/transfer',
      { fromWalletId: wallet('R'), toWalletId: wallet('C1'), amount: 4_000, note: 'Float' },
      tokens.rKeeper,
    );
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().message).toBe('Money transferred');
    expect(down.json().data.transaction).toMatchObject({ type: 'TRANSFER', amount: 4_000, reason: 'Float' });
    const back = await money(
      'POST',
      '/wallet/transfer',
      { fromWalletId: wallet('C1'), toWalletId: wallet('R'), amount: 1_000 },
      tokens.rKeeper,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect((await balances('R')).balance).toBe(rBefore - 3_000);
    expect(await balances('C1')).toMatchObject({ balance: 3_000, posted: 3_000 });

    // C1 moves money to its own child G; not to its parent, its sibling, or a grandchild's stranger.
    const toG = await money(
      'POST',
      '/wallet/transfer',
      { fromWalletId: wallet('C1'), toWalletId: wallet('G'), amount: 500 },
      tokens.c1Keeper,
    );
    expect(toG.statusCode, toG.body).toBe(200);
    const refused = [
      { fromWalletId: wallet('C1'), toWalletId: wallet('R'), amount: 1 },
      { fromWalletId: wallet('C1'), toWalletId: wallet('C2'), amount: 1 },
      { fromWalletId: wallet('C1'), toWalletId: wallet('I'), amount: 1 },
    ];
    for (const body of refused) expect((await money('POST', '/wallet/transfer', body, tokens.c1Keeper)).statusCode).toBe(404);
    // Siblings, a grandparent and its grandchild, or an unrelated organisation: not a parent and its child, even for staff.
    for (const [from, to] of [
      ['C1', 'C2'],
      ['R', 'G'],
      ['R', 'I'],
    ] as const) {
      const res = await money('POST', '/wallet/transfer', { fromWalletId: wallet(from), toWalletId: wallet(to), amount: 1 });
      expect(res.statusCode, `${from}→${to}`).toBe(404);
    }
    const self = await money('POST', '/wallet/transfer', { fromWalletId: wallet('R'), toWalletId: wallet('R'), amount: 1 });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors[0].path).toBe('toWalletId');
    const tooMuch = await money(
      'POST',
      '/wallet/transfer',
      { fromWalletId: wallet('C1'), toWalletId: wallet('G'), amount: 1_000_000 },
      tokens.c1Keeper,
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors[0].path).toBe('amount');
    // A reader cannot move money.
    const reader = await money(
      'POST',
      '/wallet/transfer',
      { fromWalletId: wallet('C1'), toWalletId: wallet('G'), amount: 1 },
      tokens.c1Reader,
    );
    expect(reader.statusCode).toBe(403);
  });

  it('tells the organisation’s wallet managers once when a balance falls below its threshold', async () => {
    await t.database.pool.query(`UPDATE organizations SET settings = settings || '{"lowBalanceAlertPaise": 2000}'::jsonb WHERE id = $1`, [
      orgs.C1!.id,
    ]);
    const c1 = (await balances('C1')).balance;
    if (c1 < 3_000)
      await money('POST', '/wallet/transfer', { fromWalletId: wallet('R'), toWalletId: wallet('C1'), amount: 3_000 - c1 }, tokens.rKeeper);
    const count = async () =>
      Number(
        (
          await rows<{ n: string }>(
            "SELECT count(*) AS n FROM outbox_messages WHERE template = 'wallet-low-balance' AND recipient = 'c1-keeper@wallets.test'",
          )
        )[0]!.n,
      );
    expect(await count()).toBe(0);
    await money('POST', '/wallet/transfer', { fromWalletId: wallet('C1'), toWalletId: wallet('R'), amount: 1_500 }, tokens.rKeeper);
    expect(await count()).toBe(1);
    // Already below: no second notice.
    await money('POST', '/wallet/transfer', { fromWalletId: wallet('C1'), toWalletId: wallet('R'), amount: 100 }, tokens.rKeeper);
    expect(await count()).toBe(1);
    const [message] = await rows<{ body: string }>("SELECT body FROM outbox_messages WHERE template = 'wallet-low-balance' LIMIT 1");
    expect(message!.body).toContain('below its low-balance threshold of ₹20.00');
  });
});

describe('reading wallets', () => {
  it('shows an organisation user its own wallet, its descendants’ with Child Wallets, and staff every wallet', async () => {
    const ids = async (token: string, query = '') =>
      ((await t.call({ method: 'GET', url: `${API}/wallet?limit=500${query}`, token })).json().data as { id: string }[])
        .map((w) => w.id)
        .sort();
    expect(await ids(tokens.c1Reader)).toEqual([wallet('C1')]);
    expect(await ids(tokens.c1Keeper)).toEqual([wallet('C1'), wallet('G')].sort());
    const staff = await ids(tokens.staff);
    for (const org of ['R', 'C1', 'C2', 'G', 'I']) expect(staff).toContain(wallet(org));
    // The header's call: the user's own organisation, with it populated.
    const header = await t.call({
      method: 'GET',
      url: `${API}/wallet?populate=organization&organization=${orgs.C1!.id}`,
      token: f.actors.c1Viewer.token,
    });
    expect(header.statusCode).toBe(200);
    expect(header.json().data).toEqual([
      expect.objectContaining({
        id: wallet('C1'),
        organization: { id: orgs.C1!.id, tradeName: orgs.C1!.tradeName },
        lowBalanceThreshold: 2000,
      }),
    ]);
    // Never a sibling's.
    expect(await ids(tokens.c1Keeper, `&organizationId=${orgs.C2!.id}`)).toEqual([]);
    expect((await t.call({ method: 'GET', url: `${API}/wallet/${wallet('C2')}`, token: tokens.c1Keeper })).statusCode).toBe(404);
  });

  it('keeps the ledger whole: every wallet equals its postings, every transaction sums to zero', async () => {
    const unbalanced = await rows(
      `SELECT transaction_id FROM ledger_postings GROUP BY transaction_id HAVING sum(amount) <> 0 OR count(*) < 2`,
    );
    expect(unbalanced).toEqual([]);
    const drift = await rows(`SELECT a.id FROM ledger_accounts a WHERE a.kind = 'WALLET'
      AND a.balance <> (SELECT coalesce(sum(amount), 0) FROM ledger_postings p WHERE p.account_id = a.id)`);
    expect(drift).toEqual([]);
    const [total] = await rows<{ s: string }>('SELECT coalesce(sum(amount), 0) AS s FROM ledger_postings');
    expect(Number(total!.s)).toBe(0);
  });
});
