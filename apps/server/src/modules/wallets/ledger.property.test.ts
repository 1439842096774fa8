import { newId } from '@tarang/shared/common/ids';
import { PROVIDER_ACCOUNTS } from '@tarang/shared/wallets/wallet.schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { AppError } from '../../http/app-error';
import { SYSTEM_CONTEXT } from '../../http/request-context';
import { changeBlocked, PROVIDER_ACCOUNT_IDS, postMovement, type TLine, type TPosted, walletIdOf } from './ledger';

/**
 * The ledger service (ledger.ts) against a small in-memory model (issue 14): random sequences of movements between four
 * wallets and the provider's accounts, holds, releases and captures, with amounts that often exceed what a wallet has,
 * are applied both to the database (each in a transaction of its own) and to the model, where a movement that would
 * take a wallet's available balance below 0 is refused and changes nothing. After every run the two must agree on
 * every balance, every blocked amount and every account's postings, and a refused movement must have left no row.
 *
 * Then the database's own guards, one by one: the rules hold even against SQL that bypasses the service.
 */

const { t, orgs, rows } = routeTest({
  organizations: { W0: 'Ledger Model Zero', W1: 'Ledger Model One', W2: 'Ledger Model Two', W3: 'Ledger Model Three' },
});

const WALLET_KEYS = ['W0', 'W1', 'W2', 'W3'] as const;
const walletIds = () => WALLET_KEYS.map((k) => walletIdOf(orgs[k]!.id));
const PROVIDERS = PROVIDER_ACCOUNTS.map((kind) => PROVIDER_ACCOUNT_IDS[kind]);

// ─── the model ───────────────────────────────────────────────────────────────────────────────────

/** A step of a run: accounts are indexes, 0–3 the wallets, 4–7 the provider's accounts. */
type TStep =
  | { kind: 'move'; lines: [number, number][] }
  | { kind: 'unbalanced'; lines: [number, number][] }
  | { kind: 'hold'; wallet: number; amount: number }
  | { kind: 'release'; wallet: number; amount: number }
  | { kind: 'capture'; wallet: number; amount: number; margin: number; marginTo: number };

/**
 * An amount as generated: a number, or all of a wallet's available (or blocked) money give or take a paisa, read
 * from the model when the step runs, so that the edges (exactly everything, one paisa more) are tried often.
 */
type TAmount = number | { edge: 'available' | 'blocked'; plus: -1 | 0 | 1 };

/** A step as generated, before its amounts are read against the model. */
type TPlan =
  | { kind: 'move' | 'unbalanced'; lines: [number, number][] }
  | { kind: 'drain'; wallet: number; to: number; amount: TAmount }
  | { kind: 'hold' | 'release'; wallet: number; amount: TAmount }
  | { kind: 'capture'; wallet: number; amount: TAmount; share: number; marginTo: number };

type TModel = { balance: number[]; blocked: number[]; provider: number[] };

type TOutcome = { accepted: true; lines: TLine[] } | { accepted: false; reason: 'shortfall' | 'held' | 'invalid' };

const amount = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 1_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000_000_000 }) },
);
const edge = (of: 'available' | 'blocked') =>
  fc.record({ edge: fc.constant(of), plus: fc.constantFrom(-1 as const, 0 as const, 1 as const) });
const signed = fc.tuple(amount, fc.boolean()).map(([a, negative]) => (negative ? -a : a));
const account = fc.integer({ min: 0, max: 7 });
const wallet = fc.integer({ min: 0, max: 3 });

/** Lines that sum to zero: one to three random ones and one that balances them (a wallet may appear twice). */
const balancedLines = fc
  .tuple(fc.array(fc.tuple(account, signed), { minLength: 1, maxLength: 3 }), account)
  .map(([lines, last]) => {
    const sum = lines.reduce((s, [, a]) => s + a, 0);
    return sum === 0 ? lines : [...lines, [last, -sum] as [number, number]];
  })
  .filter((lines) => lines.length >= 2);

const plan: fc.Arbitrary<TPlan> = fc.oneof(
  { weight: 5, arbitrary: balancedLines.map((lines) => ({ kind: 'move' as const, lines })) },
  {
    weight: 1,
    arbitrary: balancedLines.map((lines) => ({
      kind: 'unbalanced' as const,
      lines: lines.map(([a, v], i) => [a, i === 0 ? v + (v === -1 ? 2 : 1) : v] as [number, number]),
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ kind: fc.constant('drain' as const), wallet, to: account, amount: edge('available') })
      .filter((p) => p.to !== p.wallet),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hold' as const), wallet, amount: fc.oneof(amount, edge('available')) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), wallet, amount: fc.oneof(amount, edge('blocked')) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('capture' as const),
      wallet,
      amount: fc.oneof(amount, edge('blocked')),
      share: fc.integer({ min: 0, max: 100 }),
      marginTo: wallet,
    }),
  },
);

/** The step a plan makes against the model as it is now. */
function concrete(p: TPlan, model: TModel): TStep {
  if ('lines' in p) return { kind: p.kind, lines: p.lines };
  const a =
    typeof p.amount === 'number'
      ? p.amount
      : Math.max(
          1,
          (p.amount.edge === 'available' ? model.balance[p.wallet]! - model.blocked[p.wallet]! : model.blocked[p.wallet]!) + p.amount.plus,
        );
  if (p.kind === 'drain') {
    return {
      kind: 'move',
      lines: [
        [p.wallet, -a],
        [p.to, a],
      ],
    };
  }
  if (p.kind === 'capture')
    return { kind: 'capture', wallet: p.wallet, amount: a, margin: Math.floor((a * p.share) / 100), marginTo: p.marginTo };
  return { kind: p.kind, wallet: p.wallet, amount: a };
}

/** Applies a step to the model: the lines the ledger is asked to post, and whether the model accepts them. */
function applyToModel(model: TModel, s: TStep): TOutcome {
  if (s.kind === 'hold') {
    if (model.balance[s.wallet]! - model.blocked[s.wallet]! < s.amount) return { accepted: false, reason: 'shortfall' };
    model.blocked[s.wallet]! += s.amount;
    return { accepted: true, lines: [] };
  }
  if (s.kind === 'release') {
    if (model.blocked[s.wallet]! < s.amount) return { accepted: false, reason: 'held' };
    model.blocked[s.wallet]! -= s.amount;
    return { accepted: true, lines: [] };
  }
  if (s.kind === 'unbalanced') return { accepted: false, reason: 'invalid' };
  const lines = linesOf(s);
  const unblock = s.kind === 'capture' ? { wallet: s.wallet, amount: s.amount } : null;
  if (unblock && model.blocked[unblock.wallet]! < unblock.amount) return { accepted: false, reason: 'held' };
  const net = new Map<number, number>();
  for (const [a, v] of s.kind === 'capture' ? captureLines(s) : s.lines) if (a < 4) net.set(a, (net.get(a) ?? 0) + v);
  for (const [w, change] of net) {
    const blocked = model.blocked[w]! - (unblock?.wallet === w ? unblock.amount : 0);
    if (change < 0 && model.balance[w]! + change - blocked < 0) return { accepted: false, reason: 'shortfall' };
  }
  for (const [a, v] of s.kind === 'capture' ? captureLines(s) : s.lines) {
    if (a < 4) model.balance[a]! += v;
    else model.provider[a - 4]! += v;
  }
  if (unblock) model.blocked[unblock.wallet]! -= unblock.amount;
  return { accepted: true, lines };
}

/** A capture: the wallet pays what was held, the margin goes to another wallet, the rest to the provider's revenue. */
function captureLines(s: Extract<TStep, { kind: 'capture' }>): [number, number][] {
  const revenue = 4 + PROVIDER_ACCOUNTS.indexOf('PROVIDER_REVENUE');
  const lines: [number, number][] = [[s.wallet, -s.amount]];
  if (s.margin > 0) lines.push([s.marginTo, s.margin]);
  if (s.amount - s.margin > 0) lines.push([revenue, s.amount - s.margin]);
  return lines;
}

function linesOf(s: TStep): TLine[] {
  const ids = [...walletIds(), ...PROVIDERS];
  const raw = s.kind === 'capture' ? captureLines(s) : s.kind === 'move' || s.kind === 'unbalanced' ? s.lines : [];
  return raw.map(([a, v]) => ({ accountId: ids[a]!, amount: v }));
}

// ─── the database ────────────────────────────────────────────────────────────────────────────────

type TResult = { ok: true; posted: TPosted | null } | { ok: false; error: unknown };

async function applyToDatabase(s: TStep, transactionId: string): Promise<TResult> {
  const ids = walletIds();
  try {
    const posted = await t.database.db.transaction(async (tx) => {
      if (s.kind === 'hold') return void (await changeBlocked(tx, ids[s.wallet]!, s.amount));
      if (s.kind === 'release') return void (await changeBlocked(tx, ids[s.wallet]!, -s.amount));
      return await postMovement(tx, SYSTEM_CONTEXT, {
        type: s.kind === 'capture' ? 'CAPTURE' : 'ADJUST',
        lines: linesOf(s),
        transactionId,
        reason: 'Property test',
        ...(s.kind === 'capture' ? { fromBlocked: { accountId: ids[s.wallet]!, amount: s.amount } } : {}),
      });
    });
    return { ok: true, posted: posted ?? null };
  } catch (error) {
    return { ok: false, error };
  }
}

async function readModel(): Promise<TModel> {
  const ids = walletIds();
  const accounts = await rows<{ id: string; balance: number; blocked: number }>(
    'SELECT id, balance, blocked FROM ledger_accounts WHERE id = ANY($1::text[])',
    [ids],
  );
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const sums = await rows<{ account_id: string; s: string }>(
    'SELECT account_id, sum(amount)::text AS s FROM ledger_postings WHERE account_id = ANY($1::text[]) GROUP BY account_id',
    [[...ids, ...PROVIDERS]],
  );
  const posted = new Map(sums.map((r) => [r.account_id, Number(r.s)]));
  return {
    balance: ids.map((id) => byId.get(id)!.balance),
    blocked: ids.map((id) => byId.get(id)!.blocked),
    provider: PROVIDERS.map((id) => posted.get(id) ?? 0),
  };
}

async function counts() {
  const [row] = await rows<{ transactions: number; postings: number }>(
    'SELECT (SELECT count(*)::int FROM ledger_transactions) AS transactions, (SELECT count(*)::int FROM ledger_postings) AS postings',
  );
  return row!;
}

describe('postMovement against an in-memory model', () => {
  it('agrees with the model on every balance, refuses what the model refuses, and leaves no row behind a refusal', async () => {
    let steps = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(plan, { minLength: 1, maxLength: 40, size: 'max' }), async (run) => {
        const model = await readModel();
        const start = await counts();
        let made = 0;
        let lines = 0;
        const refusedIds: string[] = [];
        for (const p of run) {
          steps += 1;
          const s = concrete(p, model);
          const transactionId = newId();
          const expected = applyToModel(model, s);
          const result = await applyToDatabase(s, transactionId);
          if (!expected.accepted) {
            refused += 1;
            refusedIds.push(transactionId);
            expect(result.ok, `${JSON.stringify(s)} should be refused (${expected.reason})`).toBe(false);
            const error = (result as { error: unknown }).error;
            if (expected.reason === 'shortfall') {
              expect(error).toBeInstanceOf(AppError);
              expect((error as AppError).status).toBe(422);
              expect((error as AppError).errors?.[0]?.path).toBe('amount');
            } else {
              expect(error).not.toBeInstanceOf(AppError);
            }
            continue;
          }
          if (!result.ok) throw new Error(`${JSON.stringify(s)} was refused: ${String(result.error)}`);
          if (!expected.lines.length) continue;
          made += 1;
          lines += expected.lines.length;
          // The answer's running balances: each wallet line carries the wallet's balance after it.
          const running = new Map<string, number>();
          const posted = result.posted!;
          expect(posted.transactionId).toBe(transactionId);
          expect(posted.lines.map((l) => [l.accountId, l.amount])).toEqual(expected.lines.map((l) => [l.accountId, l.amount]));
          for (const line of posted.lines) {
            if (line.kind !== 'WALLET') {
              expect(line.balanceAfter).toBeNull();
              continue;
            }
            const wallet = posted.wallets.find((w) => w.before.id === line.accountId)!;
            const after = (running.get(line.accountId) ?? wallet.before.balance) + line.amount;
            running.set(line.accountId, after);
            expect(line.balanceAfter).toBe(after);
          }
        }
        expect(await readModel()).toEqual(model);
        expect(await counts()).toEqual({ transactions: start.transactions + made, postings: start.postings + lines });
        const left = await rows('SELECT id FROM ledger_transactions WHERE id = ANY($1::text[])', [refusedIds]);
        expect(left).toEqual([]);
      }),
      { numRuns: 60 },
    );
    // Every wallet's balance is the sum of its postings, and the whole ledger sums to zero.
    const drift = await rows(`SELECT a.id FROM ledger_accounts a WHERE a.kind = 'WALLET'
      AND a.balance <> (SELECT coalesce(sum(amount), 0) FROM ledger_postings p WHERE p.account_id = a.id)`);
    expect(drift).toEqual([]);
    const [total] = await rows<{ s: string }>('SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_postings');
    expect(total!.s).toBe('0');
    console.info(`ledger model: ${steps} steps, ${refused} refused`);
    // The runs exercised both sides.
    expect(refused).toBeGreaterThan(steps / 10);
    expect(steps - refused).toBeGreaterThan(steps / 4);
  }, 60_000);
});

// ─── the database's own guards ───────────────────────────────────────────────────────────────────

/** Runs statements on one connection inside BEGIN … COMMIT; answers the error of the statement that failed, if any. */
async function inTransaction(
  statements: [string, unknown[]?][],
): Promise<{ failedAt: number; error: { code?: string; message: string } } | null> {
  const client = await t.database.pool.connect();
  try {
    await client.query('BEGIN');
    for (let i = 0; i < statements.length; i++) {
      try {
        await client.query(statements[i]![0], statements[i]![1]);
      } catch (error) {
        await client.query('ROLLBACK');
        return { failedAt: i, error: error as { code?: string; message: string } };
      }
    }
    try {
      await client.query('COMMIT');
    } catch (error) {
      return { failedAt: statements.length, error: error as { code?: string; message: string } };
    }
    return null;
  } finally {
    client.release();
  }
}

/** A movement made by the service, to aim the guards at. */
async function someMovement(): Promise<{ transactionId: string; walletId: string; organizationId: string }> {
  const walletId = walletIds()[0]!;
  const posted = await t.database.db.transaction((tx) =>
    postMovement(tx, SYSTEM_CONTEXT, {
      type: 'ADD',
      reason: 'Guard test',
      lines: [
        { accountId: walletId, amount: 5_000 },
        { accountId: PROVIDER_ACCOUNT_IDS.PROVIDER_FUNDING, amount: -5_000 },
      ],
    }),
  );
  return { transactionId: posted.transactionId, walletId, organizationId: orgs.W0!.id };
}

const posting = (transactionId: string, accountId: string, organizationId: string | null, amount: number) =>
  [
    `INSERT INTO ledger_postings (transaction_id, account_id, organization_id, type, amount) VALUES ($1, $2, $3, 'ADJUST', $4)`,
    [transactionId, accountId, organizationId, amount],
  ] as [string, unknown[]];

const newTransaction = (id: string) =>
  [`INSERT INTO ledger_transactions (id, type, actor_type) VALUES ($1, 'ADJUST', 'SYSTEM')`, [id]] as [string, unknown[]];

describe('the database’s own guards', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of postings, and UPDATE or DELETE of ledger transactions', async () => {
    const { transactionId } = await someMovement();
    const attempts = [
      'UPDATE ledger_postings SET amount = amount + 1 WHERE transaction_id = $1',
      'DELETE FROM ledger_postings WHERE transaction_id = $1',
      "UPDATE ledger_transactions SET reason = 'edited' WHERE id = $1",
      'DELETE FROM ledger_transactions WHERE id = $1',
    ];
    for (const statement of attempts) {
      const failed = await inTransaction([[statement, [transactionId]]]);
      expect(failed, statement).toMatchObject({ failedAt: 0, error: { code: '42501', message: expect.stringMatching(/append-only/) } });
    }
    for (const table of ['ledger_postings', 'ledger_transactions']) {
      const failed = await inTransaction([[`TRUNCATE ${table} CASCADE`]]);
      expect(failed, table).toMatchObject({ failedAt: 0, error: { code: '42501' } });
    }
    const kept = await rows<{ amount: number }>('SELECT amount FROM ledger_postings WHERE transaction_id = $1 ORDER BY id', [
      transactionId,
    ]);
    expect(kept.map((k) => k.amount)).toEqual([5_000, -5_000]);
  });

  it('refuses a wallet whose available balance would go below 0, or whose blocked would', async () => {
    const { walletId } = await someMovement();
    const [before] = await rows<{ balance: number; blocked: number }>('SELECT balance, blocked FROM ledger_accounts WHERE id = $1', [
      walletId,
    ]);
    for (const statement of [
      'UPDATE ledger_accounts SET blocked = balance + 1 WHERE id = $1',
      'UPDATE ledger_accounts SET balance = blocked - 1 WHERE id = $1',
      'UPDATE ledger_accounts SET blocked = -1 WHERE id = $1',
    ]) {
      const failed = await inTransaction([[statement, [walletId]]]);
      expect(failed, statement).toMatchObject({
        failedAt: 0,
        error: { code: '23514', message: expect.stringMatching(/ledger_accounts_available_check/) },
      });
    }
    const [after] = await rows('SELECT balance, blocked FROM ledger_accounts WHERE id = $1', [walletId]);
    expect(after).toEqual(before);
  });

  it('refuses at commit a ledger transaction whose postings do not sum to zero, or number fewer than two', async () => {
    const [walletId] = walletIds();
    const funding = PROVIDER_ACCOUNT_IDS.PROVIDER_FUNDING;
    const cases: { name: string; postings: (id: string) => [string, unknown[]][] }[] = [
      { name: 'summing to 1', postings: (id) => [posting(id, walletId!, orgs.W0!.id, 101), posting(id, funding, null, -100)] },
      { name: 'one posting', postings: (id) => [posting(id, walletId!, orgs.W0!.id, 100)] },
      { name: 'none', postings: () => [] },
    ];
    for (const c of cases) {
      const id = newId();
      const failed = await inTransaction([newTransaction(id), ...c.postings(id)]);
      // Every statement ran; the commit refused it.
      expect(failed, c.name).toMatchObject({
        failedAt: 1 + c.postings(id).length,
        error: { code: '23514', message: expect.stringMatching(/does not balance/) },
      });
      expect(await rows('SELECT id FROM ledger_transactions WHERE id = $1', [id])).toEqual([]);
    }
    // The same rows summing to zero commit.
    const id = newId();
    expect(
      await inTransaction([newTransaction(id), posting(id, walletId!, orgs.W0!.id, 100), posting(id, funding, null, -100)]),
    ).toBeNull();
  });

  it('refuses a posting added later to a transaction committed before, even one that keeps it balanced', async () => {
    const { transactionId, walletId, organizationId } = await someMovement();
    const failed = await inTransaction([
      posting(transactionId, walletId, organizationId, 700),
      posting(transactionId, PROVIDER_ACCOUNT_IDS.PROVIDER_FUNDING, null, -700),
    ]);
    // Checked at commit (the third statement), like the balance.
    expect(failed).toMatchObject({
      failedAt: 2,
      error: { code: '23514', message: expect.stringMatching(/outside the transaction that made it/) },
    });
    const kept = await rows('SELECT amount FROM ledger_postings WHERE transaction_id = $1', [transactionId]);
    expect(kept).toHaveLength(2);
  });

  it('refuses a second idempotency_keys row with the same scope and key', async () => {
    const insert = `INSERT INTO idempotency_keys (scope, key, fingerprint, entity_type, entity_id) VALUES ($1, $2, $3, 'ledger_transaction', $4)`;
    const scope = `user:${newId()}`;
    expect(await inTransaction([[insert, [scope, 'guard-key', 'a', newId()]]])).toBeNull();
    const failed = await inTransaction([[insert, [scope, 'guard-key', 'b', newId()]]]);
    expect(failed).toMatchObject({ failedAt: 0, error: { code: '23505' } });
    // Another caller may use the same key.
    expect(await inTransaction([[insert, [`user:${newId()}`, 'guard-key', 'a', newId()]]])).toBeNull();
  });
});
