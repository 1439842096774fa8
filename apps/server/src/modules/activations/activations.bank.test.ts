import { newId } from '@tarang/shared/common/ids';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { resetSimulators, waitForJob } from '../requests/requests-test-kit';
import { makeSims } from '../sims/sims-test-kit';
import { PROVIDER_ACCOUNT_IDS, walletIdOf } from '../wallets/ledger';
import { seededRandom } from '../wallets/wallets-test-kit';

/**
 * Activations in the bank (issue 14): clients at once make activations on G's wallet (some with not enough money,
 * some sent twice under one key, some scheduled and then cancelled, the rest run with an operator that fails a share
 * of the SIMs), while others move money between G and its parent C1 and staff add money. Afterwards every paisa is
 * where the answers and the SIMs say: each activation captured its price for each SIM activated and released the
 * rest, each reseller earned its margin per SIM activated, the provider its price, nothing is left held, and every
 * wallet equals its postings.
 */

const { t, tokens, rows, orgs } = routeTest({
  tenancy: true,
  worker: true,
  roles: { 'Money desk': scopesFrom({ activation: true, wallet: true, plans: true }) },
  users: {
    gBuyer: { email: 'g-buyer@activation-bank.test', role: 'Money desk', org: 'G' },
    c1Keeper: { email: 'c1-keeper@activation-bank.test', role: 'Money desk', org: 'C1' },
  },
});

const PRICES = { provider: 10_000, c1: 12_000, g: 15_000 };
const plan = newId();
const blueprints = { R: newId(), C1: newId(), G: newId() };
const SEED = Number(process.env.BANK_SEED ?? Date.now() % 1_000_000);
const rng = seededRandom(SEED);
let keys = 0;
const key = () => `activation-bank-${SEED}-${++keys}`;
const sum = async (sql: string, params: unknown[]) => Number((await rows<{ s: string | null }>(sql, params))[0]!.s ?? 0);

beforeAll(async () => {
  await resetSimulators(t, tokens.staff, { failureRate: 0.25 });
  await t.database.pool.query(
    `INSERT INTO plans (id, name, operators, data_mb, sms_count, validity_days, base_price, over_limit_action)
     VALUES ($1, 'Bank plan', '{AIRTEL,BSNL,VI}', 512, 10, 30, $2, 'BAR')`,
    [plan, PRICES.provider],
  );
  await t.database.pool.query(
    `INSERT INTO plan_blueprints (id, plan_id, organization_id, price, parent_blueprint_id) VALUES
     ($1, $4, $5, $8, NULL), ($2, $4, $6, $9, $1), ($3, $4, $7, $10, $2)`,
    [blueprints.R, blueprints.C1, blueprints.G, plan, orgs.R!.id, orgs.C1!.id, orgs.G!.id, PRICES.provider, PRICES.c1, PRICES.g],
  );
});

describe('activations in the bank', () => {
  it('keeps every paisa while activations capture, release and are cancelled among concurrent transfers', async () => {
    const g = walletIdOf(orgs.G!.id);
    const c1 = walletIdOf(orgs.C1!.id);
    const r = walletIdOf(orgs.R!.id);
    const before = {
      r: await sum('SELECT balance AS s FROM ledger_accounts WHERE id = $1', [r]),
      c1: await sum('SELECT balance AS s FROM ledger_accounts WHERE id = $1', [c1]),
      revenue: await sum('SELECT sum(amount) AS s FROM ledger_postings WHERE account_id = $1', [PROVIDER_ACCOUNT_IDS.PROVIDER_REVENUE]),
    };
    const send = (method: 'PUT' | 'POST', path: string, payload: object, token: string, idempotencyKey = key()) =>
      t.call({ method, url: `${API}${path}`, token, payload, headers: { 'idempotency-key': idempotencyKey } });
    await send('PUT', `/wallet/add/${g}`, { amount: 500_000, reason: 'Bank float' }, tokens.staff);
    await send('PUT', `/wallet/add/${c1}`, { amount: 200_000, reason: 'Bank float' }, tokens.staff);

    // The SIMs first (one maker at a time): 4 clients × 8 activations of 1–4 SIMs.
    const batches: string[][][] = [];
    for (let client = 0; client < 4; client++) {
      batches.push([]);
      for (let i = 0; i < 8; i++) {
        const n = 1 + Math.floor(rng() * 4);
        const sims = await makeSims(t, n, (j) => ({
          organizationId: orgs.G!.id,
          status: 'ALLOCATED',
          operators: [(['AIRTEL', 'BSNL', 'VI'] as const)[(client + i + j) % 3]!],
        }));
        batches[client]!.push(sims.map((s) => s.iccid));
      }
    }
    const made: { id: string; jobId: string; cancelled: boolean }[] = [];
    let refused = 0;
    const buyer = async (client: number) => {
      for (const iccids of batches[client]!) {
        const scheduled = rng() < 0.3;
        const body = {
          blueprintId: blueprints.G,
          iccids,
          ...(scheduled ? { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() } : {}),
        };
        const k = key();
        const twice = rng() < 0.2;
        const answers = await Promise.all((twice ? [0, 1] : [0]).map(() => send('POST', '/activation', body, tokens.gBuyer, k)));
        const ok = answers.filter((a) => a.statusCode === 201 || a.statusCode === 200);
        if (ok.length === 0) {
          for (const a of answers) {
            if (a.statusCode === 500)
              console.log('ERR', JSON.stringify(t.logs.filter((l) => Number(l.level) >= 50).slice(-2)).slice(0, 3000));
            expect(a.statusCode, a.body).toBe(422);
            expect(a.json().errors[0].path).toBe('amount');
          }
          refused++;
          continue;
        }
        // Under one key, one activation.
        expect(new Set(ok.map((a) => a.json().data.activation.id)).size).toBe(1);
        const activation = ok[0]!.json().data.activation;
        let cancelled = false;
        if (scheduled) {
          const res = await t.call({ method: 'PUT', url: `${API}/activation/${activation.id}/cancel`, token: tokens.gBuyer });
          expect(res.statusCode, res.body).toBe(200);
          cancelled = true;
        }
        made.push({ id: activation.id, jobId: activation.request.jobId, cancelled });
      }
    };
    const mover = async () => {
      for (let i = 0; i < 25; i++) {
        const down = rng() < 0.5;
        const amount = 1 + Math.floor(rng() * 30_000);
        const res = await send(
          'POST',
          '/wallet/transfer',
          { fromWalletId: down ? c1 : g, toWalletId: down ? g : c1, amount },
          tokens.c1Keeper,
        );
        if (res.statusCode === 500)
          console.log('ERR', JSON.stringify(t.logs.filter((l) => Number(l.level) >= 50).slice(-2)).slice(0, 3000));
        expect([200, 422], res.body).toContain(res.statusCode);
      }
    };
    await Promise.all([buyer(0), buyer(1), buyer(2), buyer(3), mover(), mover()]);
    for (const a of made) await waitForJob(t, tokens.staff, a.jobId, undefined, 60_000);

    // Each activation: its price for each SIM activated, the rest released, nothing held.
    let activated = 0;
    for (const a of made) {
      const view = (await t.call({ method: 'GET', url: `${API}/activation/${a.id}`, token: tokens.gBuyer })).json().data;
      expect(view.amounts.remaining, a.id).toBe(0);
      expect(view.amounts.captured).toBe(view.counts.succeeded * PRICES.g);
      expect(view.amounts.released).toBe((view.counts.failed + view.counts.cancelled) * PRICES.g);
      if (a.cancelled) expect(view.counts.succeeded).toBe(0);
      activated += view.counts.succeeded;
    }
    expect(made.length).toBeGreaterThan(5);
    // The margins and the provider's price, per SIM activated.
    const after = {
      r: await sum('SELECT balance AS s FROM ledger_accounts WHERE id = $1', [r]),
      revenue: await sum('SELECT sum(amount) AS s FROM ledger_postings WHERE account_id = $1', [PROVIDER_ACCOUNT_IDS.PROVIDER_REVENUE]),
      captures: await sum(
        "SELECT sum(p.amount) AS s FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id WHERE x.type = 'CAPTURE' AND p.account_id = $1",
        [c1],
      ),
    };
    expect(after.r - before.r).toBe(activated * (PRICES.c1 - PRICES.provider));
    expect(after.captures).toBe(activated * (PRICES.g - PRICES.c1));
    expect(after.revenue - before.revenue).toBe(activated * PRICES.provider);
    // Every wallet equals its postings, nothing is held, every transaction sums to zero.
    expect(
      await rows(`SELECT a.id FROM ledger_accounts a WHERE a.kind = 'WALLET' AND (a.blocked <> 0 OR a.balance <>
      (SELECT coalesce(sum(amount), 0) FROM ledger_postings p WHERE p.account_id = a.id))`),
    ).toEqual([]);
    expect(await rows('SELECT transaction_id FROM ledger_postings GROUP BY transaction_id HAVING sum(amount) <> 0')).toEqual([]);
    expect(await rows("SELECT id FROM wallet_holds WHERE status = 'HELD' OR captured + released <> amount")).toEqual([]);
    // Every SIM activated has the plan; none that failed does.
    const planned = await sum(
      `SELECT count(*) AS s FROM sims s JOIN job_tasks t ON t.sim_id = s.id JOIN activations a ON a.job_id = t.job_id
       WHERE t.status = 'SUCCEEDED' AND s.plan_id = $1 AND s.status = 'ACTIVE'`,
      [plan],
    );
    expect(planned).toBe(activated);
    console.log(`activation bank (seed ${SEED}): ${made.length} activations, ${activated} SIMs activated, ${refused} refused for money`);
  }, 180_000);
});
