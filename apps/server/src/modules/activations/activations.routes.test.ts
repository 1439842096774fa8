import { newId } from '@tarang/shared/common/ids';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { resetSimulators, setGateway, waitForJob } from '../requests/requests-test-kit';
import { makeSims } from '../sims/sims-test-kit';
import { PROVIDER_ACCOUNT_IDS, walletIdOf } from '../wallets/ledger';

const { t, tokens, rows, orgs } = routeTest({
  tenancy: true,
  worker: true,
  roles: { 'Activation desk': scopesFrom({ activation: true, wallet: true, plans: true }) },
  users: {
    gBuyer: { email: 'g-buyer@activations.test', role: 'Activation desk', org: 'G' },
    c2Buyer: { email: 'c2-buyer@activations.test', role: 'Activation desk', org: 'C2' },
  },
});

/** The plan: ₹100 to the provider; R sells it to C1 at ₹120, C1 to G at ₹150. */
const plan = { id: newId(), basePrice: 10_000, validityDays: 30 };
const blueprints = { R: newId(), C1: newId(), G: newId() };
let keys = 0;
const key = () => `activation-test-${Date.now().toString(36)}-${++keys}`;

const wallet = async (org: string) => {
  const [row] = await rows<{ balance: string; blocked: string }>('SELECT balance, blocked FROM ledger_accounts WHERE id = $1', [
    walletIdOf(orgs[org]!.id),
  ]);
  return { balance: Number(row!.balance), blocked: Number(row!.blocked) };
};
const revenue = async () =>
  Number(
    (
      await rows<{ s: string }>('SELECT coalesce(sum(amount), 0) AS s FROM ledger_postings WHERE account_id = $1', [
        PROVIDER_ACCOUNT_IDS.PROVIDER_REVENUE,
      ])
    )[0]!.s,
  );
const fund = (org: string, amount: number) =>
  t.call({
    method: 'PUT',
    url: `${API}/wallet/add/${walletIdOf(orgs[org]!.id)}`,
    token: tokens.staff,
    payload: { amount, reason: 'Activation test' },
    headers: { 'idempotency-key': key() },
  });
const activate = (payload: object, token = tokens.gBuyer, idempotencyKey = key()) =>
  t.call({ method: 'POST', url: `${API}/activation`, token, payload, headers: { 'idempotency-key': idempotencyKey } });

beforeAll(async () => {
  await resetSimulators(t, tokens.staff);
  await t.database.pool.query(
    `INSERT INTO plans (id, name, operators, data_mb, sms_count, validity_days, base_price, over_limit_action)
     VALUES ($1, 'Fleet 1 GB', '{AIRTEL,BSNL,VI}', 1024, 100, $2, $3, 'BAR')`,
    [plan.id, plan.validityDays, plan.basePrice],
  );
  await t.database.pool.query(
    `INSERT INTO plan_blueprints (id, plan_id, organization_id, price, parent_blueprint_id) VALUES
     ($1, $4, $5, 10000, NULL), ($2, $4, $6, 12000, $1), ($3, $4, $7, 15000, $2)`,
    [blueprints.R, blueprints.C1, blueprints.G, plan.id, orgs.R!.id, orgs.C1!.id, orgs.G!.id],
  );
});

describe('POST /activation', () => {
  it('refuses what the wallet cannot pay (422 naming amount, both figures) and holds nothing, makes no request', async () => {
    const sims = await makeSims(t, 5, { organizationId: orgs.G!.id, status: 'ALLOCATED' });
    await fund('G', 50_000);
    const requestsBefore = (await rows('SELECT id FROM requests')).length;
    const res = await activate({ blueprintId: blueprints.G, iccids: sims.map((s) => s.iccid) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Not enough money in the wallet: available ₹500.00, needed ₹750.00');
    expect(res.json().errors[0].path).toBe('amount');
    expect(await wallet('G')).toEqual({ balance: 50_000, blocked: 0 });
    expect((await rows('SELECT id FROM requests')).length).toBe(requestsBefore);
    expect(await rows('SELECT id FROM wallet_holds')).toEqual([]);
  });

  it('shows the cost in a dry run, then holds price × SIMs, captures each SIM activated and pays every margin', async () => {
    await fund('G', 50_000);
    const sims = (
      await rows<{ primary_iccid: string }>("SELECT primary_iccid FROM sims WHERE organization_id = $1 AND status = 'ALLOCATED'", [
        orgs.G!.id,
      ])
    ).map((r) => r.primary_iccid);
    expect(sims).toHaveLength(5);
    const dry = await activate({ blueprintId: blueprints.G, iccids: sims, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ activation: null, cost: { price: 15_000, sims: 5, amount: 75_000, available: 100_000 } });
    expect(await wallet('G')).toEqual({ balance: 100_000, blocked: 0 });

    const [c1Before, rBefore, revenueBefore] = [await wallet('C1'), await wallet('R'), await revenue()];
    const idempotencyKey = key();
    const res = await activate({ blueprintId: blueprints.G, iccids: sims }, tokens.gBuyer, idempotencyKey);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made.cost).toEqual({ price: 15_000, sims: 5, amount: 75_000, available: 100_000 });
    expect(made.activation).toMatchObject({ price: 15_000, simsCount: 5, amounts: { held: 75_000 }, plan: { id: plan.id } });
    const again = await activate({ blueprintId: blueprints.G, iccids: sims }, tokens.gBuyer, idempotencyKey);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.activation.id).toBe(made.activation.id);

    await waitForJob(t, tokens.staff, made.activation.request.jobId);
    const done = (await t.call({ method: 'GET', url: `${API}/activation/${made.activation.id}`, token: tokens.gBuyer })).json().data;
    expect(done).toMatchObject({
      status: 'COMPLETED',
      holdStatus: 'CAPTURED',
      amounts: { held: 75_000, captured: 75_000, released: 0, remaining: 0 },
      counts: { succeeded: 5 },
    });
    expect(await wallet('G')).toEqual({ balance: 25_000, blocked: 0 });
    expect((await wallet('C1')).balance - c1Before.balance).toBe(5 * 3_000);
    expect((await wallet('R')).balance - rBefore.balance).toBe(5 * 2_000);
    expect((await revenue()) - revenueBefore).toBe(5 * 10_000);
    const activated = await rows<{ plan_id: string; days: number }>(
      `SELECT plan_id, extract(day from expires_at - activated_at)::int AS days FROM sims WHERE primary_iccid = ANY($1)`,
      [sims],
    );
    expect(activated).toEqual(sims.map(() => ({ plan_id: plan.id, days: 30 })));
    const unbalanced = await rows('SELECT transaction_id FROM ledger_postings GROUP BY transaction_id HAVING sum(amount) <> 0');
    expect(unbalanced).toEqual([]);
  });

  it('releases the price of each SIM that fails', async () => {
    const sims = await makeSims(t, 4, (i) => ({ organizationId: orgs.G!.id, status: 'ALLOCATED', operators: [i < 2 ? 'AIRTEL' : 'BSNL'] }));
    await fund('G', 60_000);
    await setGateway(t, tokens.staff, 'BSNL', { failureRate: 1 });
    try {
      const before = await wallet('G');
      const res = await activate({ blueprintId: blueprints.G, iccids: sims.map((s) => s.iccid) });
      expect(res.statusCode, res.body).toBe(201);
      const { activation } = res.json().data;
      await waitForJob(t, tokens.staff, activation.request.jobId);
      const done = (await t.call({ method: 'GET', url: `${API}/activation/${activation.id}`, token: tokens.gBuyer })).json().data;
      expect(done).toMatchObject({
        status: 'PARTIAL',
        holdStatus: 'CAPTURED',
        amounts: { held: 60_000, captured: 30_000, released: 30_000 },
      });
      expect(await wallet('G')).toEqual({ balance: before.balance - 30_000, blocked: 0 });
    } finally {
      await setGateway(t, tokens.staff, 'BSNL', { failureRate: 0 });
    }
  });

  it('cancels a scheduled activation and releases everything held', async () => {
    const sims = await makeSims(t, 2, { organizationId: orgs.G!.id, status: 'ALLOCATED' });
    await fund('G', 30_000);
    const before = await wallet('G');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const res = await activate({ blueprintId: blueprints.G, iccids: sims.map((s) => s.iccid), scheduledAt: later });
    expect(res.statusCode, res.body).toBe(201);
    const { activation } = res.json().data;
    expect(await wallet('G')).toEqual({ balance: before.balance, blocked: 30_000 });
    const cancelled = await t.call({ method: 'PUT', url: `${API}/activation/${activation.id}/cancel`, token: tokens.gBuyer });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'CANCELLED',
      holdStatus: 'RELEASED',
      amounts: { released: 30_000, remaining: 0 },
    });
    expect(await wallet('G')).toEqual({ balance: before.balance, blocked: 0 });
  });

  it('keeps activations inside the tenancy: another organisation’s blueprint or SIMs are not found or refused', async () => {
    const res = await activate({ blueprintId: blueprints.G, iccids: ['8991000000000000001'] }, tokens.c2Buyer);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].path).toBe('blueprintId');
    const list = await t.call({ method: 'GET', url: `${API}/activation?limit=100`, token: tokens.c2Buyer });
    expect(list.json().data).toEqual([]);
    const mine = await t.call({ method: 'GET', url: `${API}/activation?limit=100`, token: tokens.gBuyer });
    expect(mine.json().data.length).toBeGreaterThanOrEqual(3);
    // SIMs of another organisation with G's blueprint, by staff: refused.
    const c2Sims = await makeSims(t, 1, { organizationId: orgs.C2!.id, status: 'ALLOCATED' });
    await fund('G', 15_000);
    const mixed = await activate({ blueprintId: blueprints.G, iccids: c2Sims.map((s) => s.iccid) }, tokens.staff);
    expect(mixed.statusCode, mixed.body).toBe(422);
    expect(mixed.json().errors[0].path).toBe('iccids');
  });

  it('settles one SIM once when its capture (Mark As Done) and its release (Cancel Activation) race: exactly one wins', async () => {
    for (let round = 0; round < 6; round++) {
      const [sim] = await makeSims(t, 1, { organizationId: orgs.G!.id, status: 'ALLOCATED' });
      await fund('G', 15_000);
      const before = await wallet('G');
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const res = await activate({ blueprintId: blueprints.G, iccids: [sim!.iccid], scheduledAt: later });
      expect(res.statusCode, res.body).toBe(201);
      const { activation } = res.json().data;
      const [mno] = await rows<{ id: string }>('SELECT id FROM mno_jobs WHERE job_id = $1', [activation.request.jobId]);
      const markDone = () =>
        t.call({ method: 'PUT', url: `${API}/mno-job/${mno!.id}/mark-done`, token: tokens.staff, payload: { note: 'Done at the portal' } });
      const cancel = () => t.call({ method: 'PUT', url: `${API}/activation/${activation.id}/cancel`, token: tokens.gBuyer });
      // Both at once, each starting first in turn.
      const pair = round % 2 ? await Promise.all([markDone(), cancel()]) : await Promise.all([cancel(), markDone()]);
      const [done, cancelled] = round % 2 ? [pair[0], pair[1]] : [pair[1], pair[0]];
      const settled = (await t.call({ method: 'GET', url: `${API}/activation/${activation.id}`, token: tokens.gBuyer })).json().data;
      const after = await wallet('G');
      expect(after.blocked).toBe(before.blocked);
      if (settled.holdStatus === 'CAPTURED') {
        expect(settled.amounts).toEqual({ held: 15_000, captured: 15_000, released: 0, remaining: 0 });
        expect(after.balance).toBe(before.balance - 15_000);
      } else {
        expect(settled.holdStatus).toBe('RELEASED');
        expect(settled.amounts).toEqual({ held: 15_000, captured: 0, released: 15_000, remaining: 0 });
        expect(after.balance).toBe(before.balance);
      }
      // Whichever lost was refused or found nothing left to do; never both applied.
      expect([done.statusCode, cancelled.statusCode].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    }
    const unbalanced = await rows('SELECT transaction_id FROM ledger_postings GROUP BY transaction_id HAVING sum(amount) <> 0');
    expect(unbalanced).toEqual([]);
  });
});
