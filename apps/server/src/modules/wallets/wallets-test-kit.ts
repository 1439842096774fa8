import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { TLoginKey } from '@tarang/shared/auth/auth.schemas';
import { sealPassword } from '@tarang/shared/auth/seal-password';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import type { TLedgerType } from '@tarang/shared/wallets/wallet.schemas';
import { freePort } from '../../db/embedded-postgres';

/**
 * The bank test's kit (issue 14): many clients making random money calls through the HTTP API over a reseller R, its
 * children C1 and C2 and an unrelated organisation I, some of them twice under one Idempotency-Key; then the checks
 * that the ledger kept every paisa. Used by the bank test (in-process API) and the crash test (a server process killed
 * mid-run); the bench can run it at its own scale. Nothing here knows how a call reaches the server: a `TSend` does.
 */

export const BANK_WALLETS = ['R', 'C1', 'C2', 'I'] as const;
export type TBankWallet = (typeof BANK_WALLETS)[number];

/** The organisations and wallets the bank works on. */
export type TBankSetup = {
  organizationIds: Record<TBankWallet, string>;
  walletIds: Record<TBankWallet, string>;
};

/** Who makes a call: staff (Send Money, Debit Money, Adjust Wallet) or a user of R whose role has the wallet module. */
export type TCaller = 'staff' | 'reseller';

export type TMoneyCall = {
  caller: TCaller;
  method: 'PUT' | 'POST';
  /** Under /api/v1. */
  path: string;
  body: Record<string, unknown>;
  type: TLedgerType;
  /** What it moves on each wallet when it succeeds: wallet id → signed paise. */
  effect: Record<string, number>;
};

/** One answer, reduced to what the checks read. */
export type TReply = {
  status: number;
  transactionId?: string;
  replayed?: boolean;
  transactionType?: string;
  transactionAmount?: number;
  postings?: { walletId: string | null; kind: string; amount: number }[];
  errorPath?: string;
  message?: string;
};

/** Sends one call under a key; rejects when no answer came (the server died): the bank sends it again. */
export type TSend = (call: TMoneyCall, key: string) => Promise<{ status: number; body: unknown }>;

/** Every call the bank made under one key, with every answer it got. */
export type TKeyRecord = {
  key: string;
  call: TMoneyCall;
  /** How it was sent: once, twice at the same moment, or again later. */
  pattern: 'once' | 'twin' | 'later';
  replies: TReply[];
  /** Sends that got no answer (the server died under them) and were made again under the same key. */
  lost: number;
  /** Answers to the same key sent with another body, and its sends that got no answer. */
  reused: TReply[];
  reusedLost: number;
};

/**
 * A source of operations beyond the wallet calls, mixed into the bank by `extraOperations`.
 *
 * ACTIVATION_OPERATIONS is where activations join the bank (a hold that is captured, released or cancelled, issue 14):
 * it is empty because activations cannot yet be driven to capture and release through the API. An activation's
 * answer is a hold, not a movement, and it settles later; so its source will also need the checks to read each
 * activation's captured and released amounts once settled (GET /activation/{id}) and blocked must return to its
 * value before the run.
 */
export type TOperationSource = {
  /** Share of the operations it makes (0–1). */
  weight: number;
  make: (rng: () => number, setup: TBankSetup) => TMoneyCall;
};

export const ACTIVATION_OPERATIONS: TOperationSource[] = [];

// ─── random operations ───────────────────────────────────────────────────────────────────────────

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: () => number, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/**
 * An amount to take out of a wallet: spread over eight orders of magnitude, so that some exceed what the wallet has
 * at the time, and 1 in 20 beyond anything a wallet here ever holds (always refused).
 */
export function outgoingAmount(rng: () => number): number {
  if (rng() < 0.05) return between(rng, 100_000_000_000, 1_000_000_000_000);
  return Math.max(1, Math.floor(10 ** (rng() * 8)));
}

/** An amount to put in: ₹1 to ₹1,00,000. */
export function incomingAmount(rng: () => number): number {
  return Math.floor(10 ** (2 + rng() * 5));
}

const TRANSFERS: readonly [TBankWallet, TBankWallet][] = [
  ['R', 'C1'],
  ['R', 'C2'],
  ['C1', 'R'],
  ['C2', 'R'],
];

export function addCall(setup: TBankSetup, wallet: TBankWallet, amount: number, reason = 'Bank test top-up'): TMoneyCall {
  const id = setup.walletIds[wallet];
  return { caller: 'staff', method: 'PUT', path: `/wallet/add/${id}`, body: { amount, reason }, type: 'ADD', effect: { [id]: amount } };
}

export function deductCall(setup: TBankSetup, wallet: TBankWallet, amount: number, reason = 'Bank test debit'): TMoneyCall {
  const id = setup.walletIds[wallet];
  return {
    caller: 'staff',
    method: 'PUT',
    path: `/wallet/deduct/${id}`,
    body: { amount, reason },
    type: 'DEDUCT',
    effect: { [id]: -amount },
  };
}

export function adjustCall(setup: TBankSetup, wallet: TBankWallet, amount: number, reason = 'Bank test correction'): TMoneyCall {
  const id = setup.walletIds[wallet];
  return {
    caller: 'staff',
    method: 'POST',
    path: `/wallet/manual/${id}`,
    body: { organization: setup.organizationIds[wallet], amount, reason },
    type: 'ADJUST',
    effect: { [id]: amount },
  };
}

export function transferCall(setup: TBankSetup, from: TBankWallet, to: TBankWallet, amount: number, note?: string): TMoneyCall {
  const fromWalletId = setup.walletIds[from];
  const toWalletId = setup.walletIds[to];
  return {
    caller: 'reseller',
    method: 'POST',
    path: '/wallet/transfer',
    body: { fromWalletId, toWalletId, amount, ...(note ? { note } : {}) },
    type: 'TRANSFER',
    effect: { [fromWalletId]: -amount, [toWalletId]: amount },
  };
}

/** One random wallet call: a transfer by the reseller's user, or Send Money, Debit Money or Adjust Wallet by staff. */
export function randomWalletCall(rng: () => number, setup: TBankSetup): TMoneyCall {
  const r = rng();
  if (r < 0.3) {
    const [from, to] = pick(rng, TRANSFERS);
    return transferCall(setup, from, to, outgoingAmount(rng), rng() < 0.5 ? 'Float' : undefined);
  }
  const wallet = pick(rng, BANK_WALLETS);
  if (r < 0.55) return addCall(setup, wallet, incomingAmount(rng));
  if (r < 0.8) return deductCall(setup, wallet, outgoingAmount(rng));
  return adjustCall(setup, wallet, rng() < 0.5 ? incomingAmount(rng) : -outgoingAmount(rng));
}

/** The same call with another body (one paisa more), to reuse a key with. */
function otherBody(call: TMoneyCall): Record<string, unknown> {
  const amount = call.body.amount as number;
  return { ...call.body, amount: amount > 0 ? amount + 1 : amount - 1 };
}

// ─── running the clients ─────────────────────────────────────────────────────────────────────────

export type TBankOptions = {
  setup: TBankSetup;
  send: TSend;
  clients: number;
  operationsPerClient: number;
  seed: number;
  /** Makes the keys of this run unique (printable ASCII). */
  keyPrefix: string;
  /** Sent twice at the same moment / again later under the same key (each a share of the operations). */
  twinShare?: number;
  laterShare?: number;
  /** Share of the operations that succeeded whose key is then sent with another body. */
  reuseShare?: number;
  /** Operations beyond the wallet calls (see ACTIVATION_OPERATIONS). */
  extraOperations?: TOperationSource[];
  /**
   * When a send got no answer: resolves when it may be sent again (the server is back). Without it a lost answer
   * fails the run. A send is made at most `maxResends` times more.
   */
  resendAfter?: (error: unknown) => Promise<void>;
  maxResends?: number;
};

export type TBankRun = {
  records: TKeyRecord[];
  /** Operations whose every send has been answered. */
  completed: () => number;
  total: number;
  finished: Promise<void>;
};

export function reduceReply(status: number, body: unknown): TReply {
  // biome-ignore lint/suspicious/noExplicitAny: an answer is read as loose JSON, then checked field by field
  const b = (body ?? {}) as any;
  const reply: TReply = { status, message: typeof b.message === 'string' ? b.message : undefined };
  if (status === 200 && b.data?.transaction) {
    const tx = b.data.transaction;
    reply.transactionId = tx.id;
    reply.replayed = b.data.replayed;
    reply.transactionType = tx.type;
    reply.transactionAmount = tx.amount;
    reply.postings = (tx.postings ?? []).map((p: { walletId: string | null; kind: string; amount: number }) => ({
      walletId: p.walletId,
      kind: p.kind,
      amount: p.amount,
    }));
  }
  if (Array.isArray(b.errors) && b.errors[0]) reply.errorPath = b.errors[0].path;
  return reply;
}

/** Starts the clients; each makes its operations one after another. */
export function startBank(options: TBankOptions): TBankRun {
  const twinShare = options.twinShare ?? 0.05;
  const laterShare = options.laterShare ?? 0.05;
  const reuseShare = options.reuseShare ?? 0.02;
  const maxResends = options.maxResends ?? 20;
  const extra = options.extraOperations ?? [];
  const records: TKeyRecord[] = [];
  let completed = 0;

  const deliver = async (call: TMoneyCall, key: string, onLost: () => void): Promise<TReply> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await options.send(call, key);
        return reduceReply(res.status, res.body);
      } catch (error) {
        if (!options.resendAfter || attempt >= maxResends) throw error;
        onLost();
        await options.resendAfter(error);
      }
    }
  };

  const client = async (index: number) => {
    const rng = seededRandom(options.seed * 7919 + index);
    const later: { due: number; record: TKeyRecord }[] = [];
    const resendDue = async (now: number) => {
      for (let i = later.length - 1; i >= 0; i--) {
        if (later[i]!.due > now) continue;
        const { record } = later.splice(i, 1)[0]!;
        record.replies.push(await deliver(record.call, record.key, () => record.lost++));
        completed += 1;
      }
    };
    for (let i = 0; i < options.operationsPerClient; i++) {
      let call: TMoneyCall | undefined;
      let roll = rng();
      for (const source of extra) {
        if (roll < source.weight) {
          call = source.make(rng, options.setup);
          break;
        }
        roll -= source.weight;
      }
      call ??= randomWalletCall(rng, options.setup);
      const key = `${options.keyPrefix}-c${index}-${i}`;
      const p = rng();
      const record: TKeyRecord = {
        key,
        call,
        pattern: p < twinShare ? 'twin' : p < twinShare + laterShare ? 'later' : 'once',
        replies: [],
        lost: 0,
        reused: [],
        reusedLost: 0,
      };
      records.push(record);
      const lost = () => record.lost++;
      if (record.pattern === 'twin') record.replies.push(...(await Promise.all([deliver(call, key, lost), deliver(call, key, lost)])));
      else record.replies.push(await deliver(call, key, lost));
      if (record.pattern === 'later') later.push({ due: i + between(rng, 1, 40), record });
      else completed += 1;
      if (record.replies.some((r) => r.status === 200) && rng() < reuseShare) {
        record.reused.push(await deliver({ ...call, body: otherBody(call) }, key, () => record.reusedLost++));
      }
      await resendDue(i);
    }
    await resendDue(Number.POSITIVE_INFINITY);
  };

  const finished = Promise.all(Array.from({ length: options.clients }, (_, i) => client(i))).then(() => undefined);
  return { records, completed: () => completed, total: options.clients * options.operationsPerClient, finished };
}

// ─── the checks ──────────────────────────────────────────────────────────────────────────────────

export type TQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** A wallet as GET /wallet answers it. */
export type TApiWallet = { id: string; balance: number; blocked: number; available: number };

/** The ledger before the run: every wallet's balance and blocked, and how many transactions there were. */
export type TBankSnapshot = { wallets: Map<string, { balance: number; blocked: number }>; transactions: number };

export async function takeSnapshot(query: TQuery): Promise<TBankSnapshot> {
  const wallets = await query<{ id: string; balance: number; blocked: number }>(
    "SELECT id, balance, blocked FROM ledger_accounts WHERE kind = 'WALLET'",
  );
  const [count] = await query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions');
  return { wallets: new Map(wallets.map((w) => [w.id, { balance: w.balance, blocked: w.blocked }])), transactions: count!.n };
}

export type TBankStats = {
  operations: number;
  sends: number;
  twins: number;
  later: number;
  reused: number;
  succeeded: number;
  refused: number;
  replayed: number;
  lost: number;
  /** Operations whose first answer was lost although it had been applied: the resend answered it as a replay. */
  appliedButLost: number;
};

const same = (a: Record<string, number>, b: Record<string, number>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? 0) === (b[k] ?? 0));
};

/**
 * Every invariant the bank must keep, as a list of what is wrong (empty when all hold):
 * - every answer is a 200 or a 422 naming `amount`; a reused key with another body a 422 naming the header;
 * - under one key every 200 names the same transaction, at most one of them not replayed (exactly one when no answer
 *   was lost), and that transaction moved what the call asked;
 * - each wallet's balance (its row, the sum of its postings, GET /wallet) is its balance before plus what the
 *   successful answers moved (each transaction counted once); blocked unchanged; available never below 0;
 * - all postings sum to zero, each transaction's postings sum to zero and are two or more; each wallet's
 *   balance_after runs without a gap;
 * - each key that succeeded has exactly one idempotency_keys row naming its transaction, a key that never succeeded
 *   none; the ledger holds exactly the transactions answered, with the postings answered.
 */
export async function bankProblems(input: {
  records: TKeyRecord[];
  before: TBankSnapshot;
  query: TQuery;
  apiWallets: TApiWallet[];
  keyPrefix: string;
}): Promise<{ problems: string[]; stats: TBankStats }> {
  const { records, before, query } = input;
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < 40) problems.push(text);
  };
  const stats: TBankStats = {
    operations: records.length,
    sends: 0,
    twins: 0,
    later: 0,
    reused: 0,
    succeeded: 0,
    refused: 0,
    replayed: 0,
    lost: 0,
    appliedButLost: 0,
  };
  const answered = new Map<string, { key: string; postings: NonNullable<TReply['postings']> }>();
  const keyOf = new Map<string, string>();

  for (const record of records) {
    const { key, call, replies } = record;
    stats.sends += replies.length + record.reused.length + record.lost + record.reusedLost;
    stats.lost += record.lost + record.reusedLost;
    if (record.pattern === 'twin') stats.twins += 1;
    if (record.pattern === 'later') stats.later += 1;
    stats.reused += record.reused.length;
    for (const reply of replies) {
      if (reply.status === 422 && reply.errorPath !== 'amount') problem(`${key}: 422 naming ${reply.errorPath} (${reply.message})`);
      else if (reply.status !== 200 && reply.status !== 422) problem(`${key}: answered ${reply.status} (${reply.message})`);
    }
    for (const reply of record.reused) {
      if (reply.status !== 422 || reply.errorPath !== `headers.${IDEMPOTENCY_HEADER}`) {
        problem(`${key}: reused with another body answered ${reply.status} naming ${reply.errorPath}`);
      }
    }
    const ok = replies.filter((r) => r.status === 200);
    if (!ok.length) {
      stats.refused += 1;
      continue;
    }
    stats.succeeded += 1;
    const ids = new Set(ok.map((r) => r.transactionId));
    if (ids.size !== 1) problem(`${key}: answered ${ids.size} different transactions: ${[...ids].join(', ')}`);
    const fresh = ok.filter((r) => r.replayed === false).length;
    stats.replayed += ok.length - fresh;
    if (fresh > 1 || (fresh === 0 && record.lost === 0)) problem(`${key}: ${fresh} answers not marked replayed among ${ok.length}`);
    if (fresh === 0) stats.appliedButLost += 1;
    const first = ok[0]!;
    const moved: Record<string, number> = {};
    for (const p of first.postings ?? []) if (p.walletId) moved[p.walletId] = (moved[p.walletId] ?? 0) + p.amount;
    if (first.transactionType !== call.type || !same(moved, call.effect)) {
      problem(`${key}: asked ${call.type} ${JSON.stringify(call.effect)}, answered ${first.transactionType} ${JSON.stringify(moved)}`);
    }
    const asked = Math.abs(call.body.amount as number);
    if (first.transactionAmount !== asked) problem(`${key}: transaction amount ${first.transactionAmount}, asked ${asked}`);
    const id = first.transactionId!;
    if (keyOf.has(id)) problem(`${key}: transaction ${id} also answered key ${keyOf.get(id)}`);
    keyOf.set(id, key);
    answered.set(id, { key, postings: first.postings ?? [] });
  }

  // What the answers imply, wallet by wallet.
  const expected = new Map([...before.wallets].map(([id, w]) => [id, w.balance]));
  for (const { postings } of answered.values()) {
    for (const p of postings) if (p.walletId) expected.set(p.walletId, (expected.get(p.walletId) ?? 0) + p.amount);
  }
  const rows = await query<{ id: string; balance: number; blocked: number; posted: string }>(`
    SELECT a.id, a.balance, a.blocked, coalesce((SELECT sum(amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)::text AS posted
    FROM ledger_accounts a WHERE a.kind = 'WALLET'`);
  const api = new Map(input.apiWallets.map((w) => [w.id, w]));
  for (const row of rows) {
    const want = expected.get(row.id) ?? 0;
    const blockedBefore = before.wallets.get(row.id)?.blocked ?? 0;
    if (row.balance !== want) problem(`wallet ${row.id}: balance ${row.balance}, the answers imply ${want}`);
    if (Number(row.posted) !== row.balance) problem(`wallet ${row.id}: balance ${row.balance}, its postings sum to ${row.posted}`);
    if (row.blocked !== blockedBefore) problem(`wallet ${row.id}: blocked ${row.blocked}, was ${blockedBefore}`);
    if (row.balance - row.blocked < 0) problem(`wallet ${row.id}: available ${row.balance - row.blocked}`);
    const seen = api.get(row.id);
    if (!seen) problem(`wallet ${row.id}: missing from GET /wallet`);
    else if (seen.balance !== row.balance || seen.blocked !== row.blocked || seen.available !== row.balance - row.blocked) {
      problem(`wallet ${row.id}: GET /wallet shows ${JSON.stringify(seen)}, the ledger ${row.balance}/${row.blocked}`);
    }
  }

  const [total] = await query<{ s: string }>('SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_postings');
  if (total!.s !== '0') problem(`all postings sum to ${total!.s}`);
  const unbalanced = await query<{ transaction_id: string; s: string; n: number }>(
    'SELECT transaction_id, sum(amount)::text AS s, count(*)::int AS n FROM ledger_postings GROUP BY transaction_id HAVING sum(amount) <> 0 OR count(*) < 2',
  );
  for (const u of unbalanced) problem(`transaction ${u.transaction_id}: ${u.n} postings summing to ${u.s}`);
  const negative = await query<{ id: string }>('SELECT id FROM ledger_accounts WHERE blocked < 0 OR balance - blocked < 0');
  for (const n of negative) problem(`account ${n.id}: available below 0`);
  const gaps = await query<{ account_id: string; id: number; balance_after: number; running: string }>(`
    SELECT account_id, id, balance_after, running::text FROM (
      SELECT p.account_id, p.id, p.balance_after, sum(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.id) AS running
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.kind = 'WALLET') x
    WHERE balance_after::numeric <> running LIMIT 5`);
  for (const g of gaps)
    problem(`wallet ${g.account_id}: posting ${g.id} says balance after ${g.balance_after}, the postings up to it sum to ${g.running}`);

  // Keys and transactions.
  const keys = await query<{ key: string; entity_type: string; entity_id: string }>(
    'SELECT key, entity_type, entity_id FROM idempotency_keys WHERE key LIKE $1',
    [`${input.keyPrefix}-%`],
  );
  const rowsByKey = new Map<string, { entity_type: string; entity_id: string }[]>();
  for (const k of keys) rowsByKey.set(k.key, [...(rowsByKey.get(k.key) ?? []), k]);
  for (const record of records) {
    const held = rowsByKey.get(record.key) ?? [];
    const ok = record.replies.find((r) => r.status === 200);
    if (!ok) {
      if (held.length) problem(`${record.key}: never succeeded, yet holds ${held.length} idempotency_keys rows`);
    } else if (held.length !== 1 || held[0]!.entity_type !== 'ledger_transaction' || held[0]!.entity_id !== ok.transactionId) {
      problem(`${record.key}: idempotency_keys rows ${JSON.stringify(held)}, answered transaction ${ok.transactionId}`);
    }
  }
  const [count] = await query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions');
  if (count!.n - before.transactions !== answered.size) {
    problem(`${count!.n - before.transactions} ledger transactions made, ${answered.size} answered`);
  }
  const ids = [...answered.keys()];
  const posted = await query<{ transaction_id: string; account_id: string; kind: string; amount: number }>(
    `SELECT p.transaction_id, p.account_id, a.kind, p.amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE p.transaction_id = ANY($1::text[]) ORDER BY p.id`,
    [ids],
  );
  const inDb = new Map<string, string[]>();
  for (const p of posted) {
    const line = `${p.kind}:${p.kind === 'WALLET' ? p.account_id : ''}:${p.amount}`;
    inDb.set(p.transaction_id, [...(inDb.get(p.transaction_id) ?? []), line]);
  }
  for (const [id, { key, postings }] of answered) {
    const said = postings.map((p) => `${p.kind}:${p.walletId ?? ''}:${p.amount}`).sort();
    const stored = (inDb.get(id) ?? []).sort();
    if (said.join('|') !== stored.join('|')) problem(`${key}: answered postings ${said.join(', ')}, the ledger holds ${stored.join(', ')}`);
  }
  return { problems, stats };
}

// ─── a server process of its own ─────────────────────────────────────────────────────────────────

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export type TApiProcess = { child: ChildProcess; base: string; output: () => string };

/**
 * The API as `npm run dev` runs it (src/main.ts under tsx), in a process of its own on `databaseUrl`, listening on
 * `port` (a free one when not given); resolves when /health answers.
 */
export async function startApiProcess(options: {
  databaseUrl: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<TApiProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      TARANG_DATA_DIR: options.dataDir,
      TARANG_ADMIN_EMAIL: options.adminEmail,
      TARANG_ADMIN_PASSWORD: options.adminPassword,
      TARANG_STAFF_TWO_FACTOR: 'optional',
      // The clients sign in from one address; nothing here is about the anonymous rate limits.
      TARANG_ANON_REQUESTS_PER_MINUTE_PER_IP: '100000',
      TARANG_ANON_REQUESTS_PER_MINUTE_PER_ACCOUNT: '100000',
      TARANG_WORKERS: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}/api/v1`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API process exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API process did not answer /health within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output: () => output };
}

/** Kills a process with SIGKILL and resolves once it is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Signs in over HTTP as the console does: the login key, the sealed password. Answers the access token. */
export async function signInOverHttp(base: string, username: string, password: string): Promise<string> {
  const key = ((await (await fetch(`${base}/auth/login-key`)).json()) as { data: TLoginKey }).data;
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: await sealPassword(key, password) }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: { access: { token: string } } } }).data.token.access.token;
}

/** A `TSend` over HTTP with fetch; `base()` is read at each send, so a restarted server on another port is found. */
export function fetchSender(base: () => string, tokens: Record<TCaller, string>): TSend {
  return async (call, key) => {
    const res = await fetch(`${base()}${call.path}`, {
      method: call.method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[call.caller]}`, [IDEMPOTENCY_HEADER]: key },
      body: JSON.stringify(call.body),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: res.status, body };
  };
}
