import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { SYSTEM_CONTEXT } from '../../http/request-context';
import { changeBlocked, PROVIDER_ACCOUNT_IDS, postMovement, type TLine, walletIdOf } from '../wallets/ledger';
import type { TActivationShare } from './activations.table';

type TActivationRow = {
  id: string;
  organization_id: string;
  plan_id: string;
  validity_days: number;
  price: string;
  provider_price: string;
  shares: TActivationShare[];
  sims_count: number;
  hold_id: string;
  captured_sims: number;
  released_sims: number;
  batch_job_id: string;
};

/**
 * Settles an activation's hold with its request's counts (issue 14). Called in the transaction that moved the tasks
 * (jobs.repository's finishIfSettled, and a Reinitiate), so money follows the SIMs exactly once, crash or not:
 *  - each SIM newly activated captures its price from the hold: the buyer's wallet pays from its blocked money, each
 *    reseller above it earns its margin, the provider its price — one ledger transaction per settling, postings
 *    summing to zero — and the SIM gets the plan and its expiry;
 *  - each SIM newly failed or cancelled releases its price; a Reinitiate that brings failed SIMs back holds their price
 *    again (a 422 naming `amount` when the wallet no longer has it).
 * A job that is not an activation's costs one indexed read.
 */
export async function settleActivation(tx: TExecutor, jobId: string): Promise<void> {
  const { rows } = await tx.execute<TActivationRow>(sql`
    SELECT a.id, a.organization_id, a.plan_id, a.validity_days, a.price, a.provider_price, a.shares, a.sims_count, a.hold_id,
      a.captured_sims, a.released_sims, b.batch_job_id
    FROM activations a JOIN batch_jobs b ON b.id = a.job_id WHERE a.job_id = ${jobId} FOR UPDATE OF a`);
  const a = rows[0];
  if (!a) return;
  const { rows: counted } = await tx.execute<{ succeeded: number; failed: number; cancelled: number }>(sql`
    SELECT coalesce(sum(succeeded), 0)::int AS succeeded, coalesce(sum(failed), 0)::int AS failed,
      coalesce(sum(cancelled), 0)::int AS cancelled FROM mno_jobs WHERE job_id = ${jobId}`);
  const c = counted[0]!;
  const price = Number(a.price);
  const buyer = walletIdOf(a.organization_id);

  const capture = c.succeeded - a.captured_sims;
  if (capture > 0) {
    const amount = capture * price;
    const lines: TLine[] = [
      { accountId: buyer, amount: -amount },
      { accountId: PROVIDER_ACCOUNT_IDS.PROVIDER_REVENUE, amount: capture * Number(a.provider_price) },
      ...a.shares.filter((s) => s.margin > 0).map((s) => ({ accountId: s.walletId, amount: capture * s.margin })),
    ];
    await postMovement(tx, SYSTEM_CONTEXT, {
      type: 'CAPTURE',
      reference: a.id,
      reason: `Activation ${a.batch_job_id}: ${capture} SIM${capture === 1 ? '' : 's'} activated`,
      lines,
      fromBlocked: { accountId: buyer, amount },
    });
    // The SIMs activated in this transaction (their tasks were written by it) get the plan, valid from their activation.
    await tx.execute(sql`UPDATE sims s SET plan_id = ${a.plan_id},
        expires_at = coalesce(s.activated_at, now()) + make_interval(days => ${a.validity_days}), version = s.version + 1, updated_at = now()
      FROM job_tasks t WHERE t.job_id = ${jobId} AND t.status = 'SUCCEEDED' AND t.xmin = pg_current_xact_id()::xid AND t.sim_id = s.id
        AND (s.plan_id IS DISTINCT FROM ${a.plan_id} OR s.expires_at IS NULL)`);
  }
  const release = c.failed + c.cancelled - a.released_sims;
  if (release !== 0) await changeBlocked(tx, buyer, -release * price);
  if (capture <= 0 && release === 0) return;

  const captured = c.succeeded * price;
  const released = (c.failed + c.cancelled) * price;
  await tx.execute(sql`UPDATE activations SET captured_sims = ${c.succeeded}, released_sims = ${c.failed + c.cancelled}, updated_at = now()
    WHERE id = ${a.id}`);
  await tx.execute(sql`UPDATE wallet_holds SET captured = ${captured}, released = ${released},
      status = CASE WHEN ${captured + released} < amount THEN 'HELD' WHEN ${captured} > 0 THEN 'CAPTURED' ELSE 'RELEASED' END,
      settled_at = CASE WHEN ${captured + released} < amount THEN NULL ELSE now() END, updated_at = now()
    WHERE id = ${a.hold_id}`);
}
