/**
 * The money section of `npm run bench` (issue 14; `--money 1|0`, `--transfers N`, `--activation-sims N`,
 * `--bank-ops N`), on the bench's throwaway database with servers of its own (it kills and restarts them):
 *   - transfers through the API (POST /wallet/transfer, each under its own Idempotency-Key) by 32 concurrent clients
 *     signed in as a reseller's wallet desk: first over 32 independent pairs of wallets (each child of the reseller and
 *     its own customer, money moving both ways), then on one hot wallet (every transfer from the reseller to one of
 *     its 32 children); each beside a bare-SQL baseline making the same postings with the statements of the ledger's
 *     postMovement (the wallets locked in id order FOR UPDATE, the transaction row, its postings, the balances) by 32
 *     concurrent clients over a pool as large as the server's, in the same run;
 *   - an activation of `--activation-sims` ALLOCATED SIMs (POST /activation by the buyer's user) until every hold is
 *     captured (GET /activation/:id until amounts.remaining = 0), with the operator simulator at zero latency;
 *   - the bank run of wallets-test-kit.ts at 64 clients × `--bank-ops` random money calls with the server process
 *     SIGKILLed three times and restarted, every unanswered call sent again under its key; then its invariants.
 * Answers the lines of its tables (markdown).
 */
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { newId } from '@tarang/shared/common/ids';
import { formatPaise } from '@tarang/shared/format/money';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type pg from 'pg';
import { connectDatabase, type TDatabase } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { DEFAULT_SETTINGS, insertOrganization } from '../apps/server/src/modules/organizations/organizations.repository';
import { insertRole } from '../apps/server/src/modules/roles/roles.repository';
import { copySims, demoSim, nextSerial } from '../apps/server/src/modules/sims/sim-generator';
import { insertUser } from '../apps/server/src/modules/users/users.repository';
import { PROVIDER_ACCOUNT_IDS, walletIdOf } from '../apps/server/src/modules/wallets/ledger';
import {
  BANK_WALLETS,
  bankProblems,
  fetchSender,
  killHard,
  signInOverHttp,
  startBank,
  type TApiWallet,
  type TBankSetup,
  type TCaller,
  takeSnapshot,
} from '../apps/server/src/modules/wallets/wallets-test-kit';
import { httpCall } from './http-client';

export type TMoneyServer = { child: ChildProcess; base: string };

export type TMoneyOptions = {
  databaseUrl: string;
  /** Starts the API as the rest of the bench does (a new port each time), these variables on top of its environment. */
  startApi: (env?: Record<string, string>) => Promise<TMoneyServer>;
  /** The bench's staff super-admin. */
  staff: { email: string; password: string };
  transfers: number;
  activationSims: number;
  bankOps: number;
  log: (line: string) => void;
};

const CLIENTS = 32;
const BANK_CLIENTS = 64;
const BANK_KILLS = 3;
const DESK_PASSWORD = 'Ledger-Kestrel-Monsoon-2026';
/** A transfer's amount: ₹1 to ₹100, varied, never refused for want of money (the wallets are funded for it). */
const MAX_TRANSFER = 10_000;
const amountOf = (i: number) => 100 + ((i * 7919) % (MAX_TRANSFER - 99));

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const sleep = (time: number) => new Promise((r) => setTimeout(r, time));

function stats(samples: number[]): { p50: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** A process's parent and the CPU seconds it has used (/proc, Linux; clock ticks of 1/100 s); null where unreadable. */
async function procStat(pid: number): Promise<{ ppid: number; cpu: number } | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / 100 };
}

const cpuOf = async (pid: number) => (await procStat(pid))?.cpu ?? null;

/**
 * CPU seconds used by the bench's own PostgreSQL (`--pg embedded`: the postmaster this process started and its
 * backends); null when there is none to read (`--pg machine`, where other databases share the server).
 */
async function postgresCpu(): Promise<number | null> {
  const pids = await readdir('/proc').catch(() => null);
  if (!pids) return null;
  const procs = new Map<number, { ppid: number; cpu: number }>();
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue;
    const comm = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
    if (comm.trim() !== 'postgres') continue;
    const stat = await procStat(Number(pid));
    if (stat) procs.set(Number(pid), stat);
  }
  const postmasters = new Set([...procs].filter(([, p]) => p.ppid === process.pid).map(([pid]) => pid));
  if (!postmasters.size) return null;
  let total = 0;
  for (const [pid, p] of procs) if (postmasters.has(pid) || postmasters.has(p.ppid)) total += p.cpu;
  return total;
}

/** Runs `work`, answering it with the share of a core the server process, this process and PostgreSQL used meanwhile. */
async function withCpu<T>(serverPid: number | undefined, work: () => Promise<T>): Promise<T & { cpu: string }> {
  const [s0, p0, b0, t0] = [serverPid ? await cpuOf(serverPid) : null, await postgresCpu(), process.cpuUsage(), performance.now()];
  const result = await work();
  const wall = (performance.now() - t0) / 1000;
  const [s1, p1, b1] = [serverPid ? await cpuOf(serverPid) : null, await postgresCpu(), process.cpuUsage(b0)];
  const share = (a: number | null, b: number | null) => (a === null || b === null ? '–' : `${((100 * (b - a)) / wall).toFixed(0)}%`);
  const parts = [
    ...(serverPid ? [`server ${share(s0, s1)}`] : []),
    `bench ${((100 * (b1.user + b1.system)) / 1e6 / wall).toFixed(0)}%`,
    `PostgreSQL ${share(p0, p1)}`,
  ];
  return { ...result, cpu: parts.join(', ') };
}

type TAnswer = { status: number; body: { data?: unknown; message?: string; errors?: { path: string }[] } };

async function call(base: string, token: string, method: string, url: string, body?: unknown, key?: string): Promise<TAnswer> {
  const res = await httpCall(
    `${base}${url}`,
    method,
    {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
    },
    body === undefined ? undefined : JSON.stringify(body),
  );
  try {
    return { status: res.status, body: JSON.parse(res.text) };
  } catch {
    return { status: res.status, body: { message: res.text.slice(0, 300) } };
  }
}

async function must(answer: Promise<TAnswer>, what: string): Promise<TAnswer['body']> {
  const a = await answer;
  if (a.status >= 300) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 500)}`);
  return a.body;
}

// ─── the organisations ───────────────────────────────────────────────────────────────────────────

type TOrg = { id: string; path: string; wallet: string };

type TWorld = {
  /** The reseller whose wallet desk makes every transfer, and the hot wallet. */
  reseller: TOrg;
  children: TOrg[];
  /** One customer under each child: the other side of that child's pair. */
  customers: TOrg[];
  /** The activation's buyer, a child of the reseller, and the plan's blueprints. */
  buyer: TOrg;
  bank: Record<(typeof BANK_WALLETS)[number], TOrg>;
  users: { desk: string; buyer: string; bank: string };
};

async function makeWorld(database: TDatabase): Promise<TWorld> {
  const db = database.db;
  const tag = Date.now().toString(36);
  const org = async (tradeName: string, parent?: TOrg): Promise<TOrg> => {
    const id = newId();
    const path = `${parent?.path ?? '/'}${id}/`;
    await insertOrganization(db, {
      id,
      tradeName: `${tradeName} ${tag}`,
      brandName: null,
      email: `${tradeName.toLowerCase().replace(/\W+/g, '.')}.${tag}@bench.tarang.local`,
      parentId: parent?.id ?? null,
      path,
      settings: { ...DEFAULT_SETTINGS },
    });
    return { id, path, wallet: walletIdOf(id) };
  };
  const reseller = await org('Bench Reseller');
  const children: TOrg[] = [];
  const customers: TOrg[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const child = await org(`Bench Distributor ${i + 1}`, reseller);
    children.push(child);
    customers.push(await org(`Bench Fleet ${i + 1}`, child));
  }
  const buyer = await org('Bench Activation Buyer', reseller);
  const bankR = await org('Bank Reseller');
  const bank = {
    R: bankR,
    C1: await org('Bank Child One', bankR),
    C2: await org('Bank Child Two', bankR),
    I: await org('Bank Independent'),
  };
  // A wallet desk: every wallet action (Send Money, Debit Money, Child Wallets, …) and activations.
  const role = await insertRole(db, {
    name: `Bench wallet desk ${tag}`,
    authScopes: scopesFrom({ wallet: true, activation: true }),
    organizationId: null,
    kind: 'ORGANIZATION',
  });
  const passwordHash = await hashPassword(DESK_PASSWORD);
  const user = async (first: string, of: TOrg) => {
    const email = `${first.toLowerCase()}.${tag}@bench.tarang.local`;
    await insertUser(db, {
      firstName: first,
      lastName: 'Desk',
      email,
      phone: null,
      roleId: role.id,
      organizationId: of.id,
      status: 'ACTIVE',
      passwordHash,
    });
    return email;
  };
  const users = { desk: await user('Tanvi', reseller), buyer: await user('Irfan', buyer), bank: await user('Gauri', bank.R) };
  return { reseller, children, customers, buyer, bank, users };
}

// ─── transfers ───────────────────────────────────────────────────────────────────────────────────

type TTransfer = { from: TOrg; to: TOrg; amount: number };
type TRun = { count: number; ms: number; p50: number; p95: number };

/** Client c's transfers: every CLIENTS-th of `total`. */
function plan(total: number, make: (client: number, nth: number, i: number) => TTransfer): TTransfer[][] {
  const lists: TTransfer[][] = Array.from({ length: CLIENTS }, () => []);
  for (let i = 0; i < total; i++) {
    const c = i % CLIENTS;
    lists[c]!.push(make(c, lists[c]!.length, i));
  }
  return lists;
}

async function runClients(lists: TTransfer[][], one: (t: TTransfer) => Promise<void>): Promise<TRun> {
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    lists.map(async (list) => {
      for (const t of list) {
        const t0 = performance.now();
        await one(t);
        times.push(performance.now() - t0);
      }
    }),
  );
  const total = performance.now() - started;
  return { count: times.length, ms: total, ...stats(times) };
}

/** POST /wallet/transfer under a new key; any answer but 200 stops the bench. */
function viaApi(base: string, token: string, keyPrefix: string) {
  let n = 0;
  return async (t: TTransfer) => {
    const key = `${keyPrefix}-${++n}`;
    const a = await call(
      base,
      token,
      'POST',
      '/wallet/transfer',
      { fromWalletId: t.from.wallet, toWalletId: t.to.wallet, amount: t.amount },
      key,
    );
    if (a.status !== 200) throw new Error(`POST /wallet/transfer: ${a.status} ${JSON.stringify(a.body).slice(0, 500)}`);
  };
}

/**
 * The same postings in bare SQL, as the ledger's postMovement makes them: the two wallets locked in id order, the
 * shortfall check, then one statement writing the transaction row, its two postings with each wallet's balance after
 * and the two balance updates, in one database transaction on a client of the pool. What the API adds to it (signing
 * in, the Idempotency-Key, the permission and reach checks, the audit events, HTTP) is what the ratio measures.
 */
function viaSql(pool: pg.Pool, actorId: string) {
  let n = 0;
  return async (t: TTransfer) => {
    const requestId = `bench-sql-${++n}`;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string; organization_id: string; balance: number; blocked: number }>(
        `SELECT id, organization_id, balance, blocked FROM ledger_accounts WHERE id IN ($1, $2) AND kind = 'WALLET' ORDER BY id FOR UPDATE`,
        [t.from.wallet, t.to.wallet].sort(),
      );
      const from = rows.find((r) => r.id === t.from.wallet)!;
      const to = rows.find((r) => r.id === t.to.wallet)!;
      // The wallets are funded for every transfer of the bench: a shortfall here is the bench's own mistake.
      if (from.balance - from.blocked < t.amount) throw new Error(`bare SQL transfer: not enough money in ${from.id}`);
      const transactionId = newId();
      await client.query(
        `WITH made AS (
           INSERT INTO ledger_transactions (id, type, reason, reference, actor_type, actor_id, actor_label, request_id)
           VALUES ($1, 'TRANSFER', NULL, NULL, 'USER', $2, 'Bench SQL', $3) RETURNING created_at),
         posted AS (
           INSERT INTO ledger_postings (transaction_id, account_id, organization_id, type, amount, balance_after)
           VALUES ($1, $4, $5, 'TRANSFER', $6, $7), ($1, $8, $9, 'TRANSFER', $10, $11)),
         moved AS (
           UPDATE ledger_accounts SET balance = ledger_accounts.balance + changes.change, updated_at = now()
           FROM (VALUES ($4, $6::bigint), ($8, $10::bigint)) AS changes (id, change) WHERE ledger_accounts.id = changes.id)
         SELECT created_at FROM made`,
        [
          transactionId,
          actorId,
          requestId,
          from.id,
          from.organization_id,
          -t.amount,
          from.balance - t.amount,
          to.id,
          to.organization_id,
          t.amount,
          to.balance + t.amount,
        ],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
}

// ─── the section ─────────────────────────────────────────────────────────────────────────────────

export async function measureMoney(o: TMoneyOptions): Promise<string[]> {
  const lines: string[] = [];
  const started = performance.now();
  const load = () => os.loadavg()[0]!.toFixed(1);
  const loadAtStart = load();
  // The server's own pool size (connectDatabase's default), for the baseline and for the set-up.
  const database = connectDatabase(o.databaseUrl);
  const pool = database.pool;
  let server: TMoneyServer | null = null;
  try {
    o.log('Money: organisations, wallet desks …');
    const world = await makeWorld(database);
    server = await o.startApi();
    const tokens: Record<TCaller, string> & { buyer: string } = {
      staff: await signInOverHttp(server.base, o.staff.email, o.staff.password),
      reseller: await signInOverHttp(server.base, world.users.desk, DESK_PASSWORD),
      buyer: await signInOverHttp(server.base, world.users.buyer, DESK_PASSWORD),
    };
    const deskId = (await pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [world.users.desk])).rows[0]!.id;
    const fund = (wallet: string, amount: number, reason: string) =>
      must(
        call(server!.base, tokens.staff, 'PUT', `/wallet/add/${wallet}`, { amount, reason }, `bench-fund-${newId()}`),
        `PUT /wallet/add/${wallet}`,
      );

    // Every wallet holds enough for all its outgoing transfers of both runs, through the API and in SQL.
    const perClient = Math.ceil(o.transfers / CLIENTS) + 2;
    for (let i = 0; i < CLIENTS; i++) {
      await fund(world.children[i]!.wallet, 2 * perClient * MAX_TRANSFER, 'Bench float');
      await fund(world.customers[i]!.wallet, 2 * perClient * MAX_TRANSFER, 'Bench float');
    }
    await fund(world.reseller.wallet, 2 * (o.transfers + 2 * CLIENTS) * MAX_TRANSFER, 'Bench float');

    // Pairs: child i ↔ its customer, alternately one way and the other. Hot: the reseller to child i.
    const pairs = (total: number) =>
      plan(total, (c, nth, i) => {
        const [from, to] = nth % 2 === 0 ? [world.children[c]!, world.customers[c]!] : [world.customers[c]!, world.children[c]!];
        return { from, to, amount: amountOf(i) };
      });
    const hot = (total: number) => plan(total, (c, _nth, i) => ({ from: world.reseller, to: world.children[c]!, amount: amountOf(i) }));

    const api = viaApi(server.base, tokens.reseller, `bench-transfer-${Date.now().toString(36)}`);
    const bare = viaSql(pool, deskId);
    const measure = async (name: string, make: (total: number) => TTransfer[][]) => {
      // One round of each way first (connections, compiled code), not counted.
      await runClients(make(2 * CLIENTS), bare);
      await runClients(make(2 * CLIENTS), api);
      o.log(`Money: ${name}, ${fmt(o.transfers)} transfers in bare SQL …`);
      const sqlRun = await withCpu(undefined, () => runClients(make(o.transfers), bare));
      o.log(`Money: ${name}, ${fmt(o.transfers)} transfers through the API …`);
      const apiRun = await withCpu(server!.child.pid, () => runClients(make(o.transfers), api));
      const apiRate = apiRun.count / (apiRun.ms / 1000);
      const sqlRate = sqlRun.count / (sqlRun.ms / 1000);
      return `| ${name} | ${fmt(apiRun.count)} | ${secs(apiRun.ms)} | ${fmt(apiRate)} | ${ms(apiRun.p50)} | ${ms(apiRun.p95)} | ${apiRun.cpu} | ${fmt(sqlRate)} | ${ms(sqlRun.p50)} | ${ms(sqlRun.p95)} | ${sqlRun.cpu} | ${((100 * apiRate) / sqlRate).toFixed(0)}% |`;
    };
    lines.push(
      `| transfers, ${CLIENTS} concurrent clients (a reseller's wallet desk) | transfers | API time | API transfers/s | API p50 | API p95 | CPU (share of a core) | SQL transfers/s | SQL p50 | SQL p95 | CPU | API/SQL |`,
    );
    lines.push('|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---:|');
    lines.push(await measure(`${CLIENTS} pairs of wallets (each child ↔ its customer, both ways)`, pairs));
    lines.push(await measure(`one hot wallet (the reseller → its ${CLIENTS} children)`, hot));
    lines.push('');

    // ─── an activation ───
    if (o.activationSims > 0) {
      o.log(`Money: an activation of ${fmt(o.activationSims)} SIMs …`);
      const planId = newId();
      const blueprints = { reseller: newId(), buyer: newId() };
      const basePrice = 10_000;
      const price = 12_000;
      await pool.query(
        `INSERT INTO plans (id, name, operators, data_mb, sms_count, validity_days, base_price, over_limit_action)
         VALUES ($1, $2, '{AIRTEL,BSNL,VI}', 1024, 100, 30, $3, 'BAR')`,
        [planId, `Bench Fleet 1 GB ${Date.now().toString(36)}`, basePrice],
      );
      await pool.query(
        `INSERT INTO plan_blueprints (id, plan_id, organization_id, price, parent_blueprint_id) VALUES ($1, $3, $4, $6, NULL), ($2, $3, $5, $7, $1)`,
        [blueprints.reseller, blueprints.buyer, planId, world.reseller.id, world.buyer.id, basePrice, price],
      );
      const now = Date.now();
      const start = await nextSerial(pool);
      await copySims(pool, {
        start,
        count: o.activationSims,
        make: (i) => ({
          ...demoSim(start + i, [], now),
          organizationId: world.buyer.id,
          status: 'ALLOCATED',
          expiresAt: null,
          activatedAt: null,
          imeiLock: false,
          apn: null,
          tags: ['bench-activation'],
          label: `Activation ${i + 1}`,
        }),
      });
      await pool.query('VACUUM ANALYZE sims');
      await pool.query('VACUUM ANALYZE sim_profiles');
      const cost = o.activationSims * price;
      await fund(world.buyer.wallet, cost, 'Bench activation');
      for (const op of ['AIRTEL', 'BSNL', 'VI']) {
        await must(
          call(server.base, tokens.staff, 'PUT', `/operator-gateway/${op}`, {
            latencyMs: 0,
            processingMs: 0,
            failureRate: 0,
            transientFailureRate: 0,
            outage: false,
            batchSize: 1000,
          }),
          `PUT /operator-gateway/${op}`,
        );
      }
      const resellerBefore = await balanceOf(pool, world.reseller.wallet);
      const t0 = performance.now();
      const made = (await must(
        call(
          server.base,
          tokens.buyer,
          'POST',
          '/activation',
          { blueprintId: blueprints.buyer, filter: { status: ['ALLOCATED'] }, limit: o.activationSims },
          `bench-activation-${newId()}`,
        ),
        'POST /activation',
      )) as { data: { activation: { id: string } } };
      const postMs = performance.now() - t0;
      type TState = {
        status: string;
        holdStatus: string;
        simsCount: number;
        amounts: { held: number; captured: number; released: number; remaining: number };
        counts: { succeeded: number; failed: number; cancelled: number };
      };
      let state: TState;
      for (;;) {
        state = (
          (await must(call(server.base, tokens.buyer, 'GET', `/activation/${made.data.activation.id}`), 'GET /activation/:id')) as {
            data: TState;
          }
        ).data;
        if (state.amounts.remaining === 0) break;
        await sleep(100);
      }
      const totalMs = performance.now() - t0;
      const buyer = await balanceOf(pool, world.buyer.wallet);
      const earned = (await balanceOf(pool, world.reseller.wallet)).balance - resellerBefore.balance;
      const { rows: revenue } = await pool.query<{ s: number }>(
        `SELECT coalesce(sum(p.amount), 0)::bigint AS s FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE t.reference = $1 AND p.account_id = $2`,
        [made.data.activation.id, PROVIDER_ACCOUNT_IDS.PROVIDER_REVENUE],
      );
      const { rows: activated } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sims WHERE organization_id = $1 AND status = 'ACTIVE' AND plan_id = $2 AND expires_at IS NOT NULL`,
        [world.buyer.id, planId],
      );
      const a = state.amounts;
      lines.push(
        '| activation, simulator at zero latency, worker inside the server | SIMs | POST /activation | until every hold is captured | SIMs/s | money afterwards |',
      );
      lines.push('|---|---:|---:|---:|---:|---|');
      lines.push(
        `| ${state.status}, hold ${state.holdStatus}: held ${formatPaise(a.held)}, captured ${formatPaise(a.captured)}, released ${formatPaise(a.released)} | ${fmt(state.simsCount)} | ${secs(postMs)} | ${secs(totalMs)} | ${fmt(state.simsCount / (totalMs / 1000))} | ${fmt(activated[0]!.n)} SIMs with the plan; buyer paid ${formatPaise(cost - buyer.balance)} (blocked ${formatPaise(buyer.blocked)}), reseller earned ${formatPaise(earned)}, provider revenue ${formatPaise(Number(revenue[0]!.s))} |`,
      );
      lines.push('');
    }

    // ─── the bank run with crashes ───
    if (o.bankOps > 0) {
      lines.push(...(await bankRun(o, pool, world, server, (s) => (server = s))));
      lines.push('');
    }
    lines.push(
      `Money section: ${secs(performance.now() - started)}. The machine's load average (1 min) was ${loadAtStart} at its start and ${load()} at its end, on ${os.cpus().length} cores: the bench, the server and PostgreSQL share them, and any other work on the machine slows every figure.`,
    );
    return lines;
  } finally {
    if (server) {
      const child = (server as TMoneyServer).child;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
    await database.close();
  }
}

async function balanceOf(pool: pg.Pool, wallet: string): Promise<{ balance: number; blocked: number }> {
  const { rows } = await pool.query<{ balance: number; blocked: number }>('SELECT balance, blocked FROM ledger_accounts WHERE id = $1', [
    wallet,
  ]);
  return rows[0]!;
}

/**
 * 64 clients × `bankOps` random money calls (wallets-test-kit.ts) over the bank's reseller, its two children and an
 * unrelated organisation; the server SIGKILLed three times at random points of the run and restarted, the clients'
 * unanswered calls sent again under their keys once it is back. Then the kit's invariants.
 */
async function bankRun(
  o: TMoneyOptions,
  pool: pg.Pool,
  world: TWorld,
  first: TMoneyServer,
  setServer: (s: TMoneyServer) => void,
): Promise<string[]> {
  const setup: TBankSetup = {
    organizationIds: Object.fromEntries(BANK_WALLETS.map((w) => [w, world.bank[w].id])) as TBankSetup['organizationIds'],
    walletIds: Object.fromEntries(BANK_WALLETS.map((w) => [w, world.bank[w].wallet])) as TBankSetup['walletIds'],
  };
  let server = first;
  const tokens: Record<TCaller, string> = { staff: '', reseller: '' };
  const signIn = async () => {
    tokens.staff = await signInOverHttp(server.base, o.staff.email, o.staff.password);
    tokens.reseller = await signInOverHttp(server.base, world.users.bank, DESK_PASSWORD);
  };
  await signIn();
  let up: Promise<void> = Promise.resolve();
  const query = async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[];
  const before = await takeSnapshot(query);
  const seed = Date.now() % 1_000_000;
  const keyPrefix = `bench-bank-${seed}`;
  o.log(`Money: the bank run, ${BANK_CLIENTS} clients × ${fmt(o.bankOps)} operations (seed ${seed}), ${BANK_KILLS} SIGKILLs …`);
  const started = performance.now();
  const run = startBank({
    setup,
    send: fetchSender(() => server.base, tokens),
    clients: BANK_CLIENTS,
    operationsPerClient: o.bankOps,
    seed,
    keyPrefix,
    resendAfter: async () => {
      await sleep(20);
      await up;
    },
    maxResends: 100,
  });
  let finished = false;
  const done = run.finished.finally(() => {
    finished = true;
  });
  // Access tokens last 15 minutes: a long run signs in again before they end.
  const refresh = setInterval(() => void up.then(signIn).catch(() => {}), 10 * 60_000);
  const kills: string[] = [];
  let downMs = 0;
  try {
    for (let k = 0; k < BANK_KILLS; k++) {
      // Somewhere in each quarter after the first: 25–45 %, 45–65 %, 65–85 % of the operations answered.
      const at = 0.25 + 0.2 * k + Math.random() * 0.2;
      while (!finished && run.completed() < at * run.total) await sleep(20);
      if (finished) break;
      let back!: () => void;
      up = new Promise<void>((r) => {
        back = r;
      });
      const t0 = performance.now();
      const completed = run.completed();
      await killHard(server.child);
      server = await o.startApi();
      setServer(server);
      await signIn();
      back();
      downMs += performance.now() - t0;
      kills.push(`${((100 * completed) / run.total).toFixed(0)}%`);
      o.log(`  killed at ${fmt(completed)} of ${fmt(run.total)} operations; back in ${secs(performance.now() - t0)}`);
    }
    await done;
  } finally {
    clearInterval(refresh);
  }
  const runMs = performance.now() - started;
  const listed = (await must(call(server.base, tokens.staff, 'GET', '/wallet?limit=500'), 'GET /wallet')) as { data: TApiWallet[] };
  const { problems, stats: s } = await bankProblems({ records: run.records, before, query, apiWallets: listed.data, keyPrefix });
  const [ledger] = await query<{ transactions: number; postings: number; sum: string; negative: number }>(
    `SELECT (SELECT count(*)::int FROM ledger_transactions) AS transactions, (SELECT count(*)::int FROM ledger_postings) AS postings,
       (SELECT coalesce(sum(amount), 0)::text FROM ledger_postings) AS sum,
       (SELECT count(*)::int FROM ledger_accounts WHERE balance - blocked < 0) AS negative`,
  );
  const lines = [
    `| bank run, ${BANK_CLIENTS} clients × ${fmt(o.bankOps)} random money calls, server SIGKILLed ${kills.length}× | operations | sends | time | operations/s | invariants |`,
    '|---|---:|---:|---:|---:|---|',
    `| seed ${seed}; killed at ${kills.join(', ')} of the operations (down ${secs(downMs)} in all); ${fmt(s.succeeded)} applied, ${fmt(s.refused)} refused (not enough money), ${fmt(s.twins)} sent twice at once, ${fmt(s.later)} again later, ${fmt(s.reused)} keys reused with another body, ${fmt(s.lost)} answers lost to the kills (${fmt(s.appliedButLost)} of them applied, answered on the resend as replays) | ${fmt(s.operations)} | ${fmt(s.sends)} | ${secs(runMs)} | ${fmt(s.operations / (runMs / 1000))} | ${problems.length === 0 ? 'all hold' : `${problems.length} broken`}: every wallet = its postings = the answers; all postings sum to ${ledger!.sum} (${fmt(ledger!.postings)} postings, ${fmt(ledger!.transactions)} transactions); each key applied once; ${ledger!.negative} accounts with available < 0 |`,
  ];
  if (problems.length) {
    lines.push('', 'Broken invariants:', '', ...problems.map((p) => `- ${p}`));
  }
  return lines;
}
