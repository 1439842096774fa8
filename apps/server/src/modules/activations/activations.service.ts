import type {
  TActivation,
  TActivationCreate,
  TActivationCreated,
  TActivationListQuery,
} from '@tarang/shared/activations/activation.schemas';
import { newId } from '@tarang/shared/common/ids';
import type { TRequestCreate } from '@tarang/shared/requests/request.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { pathInScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { priceChain } from '../plans/price-chain';
import { createRequest } from '../requests/request-create.service';
import { cancelRequest } from '../requests/requests.service';
import { changeBlocked, lockWallets, walletIdOf } from '../wallets/ledger';
import { findActivation, listActivations } from './activations.repository';
import type { TActivationShare } from './activations.table';

/** The blueprint an activation buys with: the buyer's plan at its price, inside the caller's reach (404 otherwise). */
async function blueprintInReach(db: TExecutor, ctx: TRequestContext, blueprintId: string) {
  const actor = requireActor(ctx);
  const { rows } = await db.execute<{ id: string; plan_id: string; organization_id: string; path: string; trade_name: string }>(sql`
    SELECT b.id, b.plan_id, b.organization_id, o.path, o.trade_name FROM plan_blueprints b JOIN organizations o ON o.id = b.organization_id
    WHERE b.id = ${blueprintId}`);
  const row = rows[0];
  if (!row || !pathInScope(actor.scope, row.path)) throw fieldError('NOT_FOUND', 'blueprintId', 'Plan not found');
  return row;
}

/**
 * What an activation costs and who earns what, per SIM, from the blueprint chain: the provider the top price, each
 * reseller its child's price − its own, the buyer pays its own.
 */
async function pricing(db: TExecutor, organizationId: string, planId: string) {
  const chain = await priceChain(db, organizationId, planId);
  const links = chain.links;
  const shares: TActivationShare[] = links.slice(0, -1).map((link, i) => ({
    organizationId: link.organizationId,
    walletId: walletIdOf(link.organizationId),
    margin: links[i + 1]!.price - link.price,
  }));
  return { plan: chain.plan, price: links[links.length - 1]!.price, providerPrice: links[0]!.price, shares };
}

async function availableOf(db: TExecutor, organizationId: string): Promise<number> {
  const { rows } = await db.execute<{ available: string }>(sql`
    SELECT balance - blocked AS available FROM ledger_accounts WHERE id = ${walletIdOf(organizationId)}`);
  return Number(rows[0]?.available ?? 0);
}

/**
 * POST /activation: validates the SIMs as POST /request does (they must all be the buyer's), and — unless a dry run —
 * in one transaction makes the ACTIVATE request, holds price × SIMs on the buyer's wallet (a 422 naming `amount` with
 * both figures when it has not enough: then nothing is held and no request is made) and records the activation.
 */
export async function createActivation(
  deps: TDeps,
  ctx: TRequestContext,
  body: TActivationCreate,
  key: string,
): Promise<TActivationCreated> {
  const actor = requireActor(ctx);
  const blueprint = await blueprintInReach(deps.db, ctx, body.blueprintId);
  const buyer = blueprint.organization_id;
  const priced = await pricing(deps.db, buyer, blueprint.plan_id);
  const { blueprintId, ...targets } = body;
  const requestBody: TRequestCreate = { type: 'ACTIVATE', ...targets };
  const activationId = newId();
  let holdAmount = 0;

  const { preview, created } = await createRequest(deps, ctx, requestBody, key, {
    fingerprintExtra: { blueprintId },
    check: (v) => {
      if (v.preview.valid > 0 && v.singleOrganization !== buyer) {
        const path = body.iccids ? 'iccids' : body.fileId ? 'fileId' : 'filter';
        throw fieldError(
          'UNPROCESSABLE',
          path,
          `Every SIM of the activation must belong to ${blueprint.trade_name}, the organisation the plan is for`,
        );
      }
    },
    // The buyer's wallet is locked before the request writes its audit event: locks in one order everywhere.
    before: async (tx) => {
      await lockWallets(tx, [walletIdOf(buyer)]);
    },
    within: async (tx, made) => {
      holdAmount = made.total * priced.price;
      await changeBlocked(tx, walletIdOf(buyer), holdAmount, 'amount');
      const holdId = newId();
      await tx.execute(sql`INSERT INTO wallet_holds (id, account_id, organization_id, activation_id, amount)
        VALUES (${holdId}, ${walletIdOf(buyer)}, ${buyer}, ${activationId}, ${holdAmount})`);
      await tx.execute(sql`INSERT INTO activations (id, organization_id, blueprint_id, plan_id, validity_days, price, provider_price,
          shares, sims_count, request_id, job_id, hold_id, created_by)
        VALUES (${activationId}, ${buyer}, ${blueprintId}, ${blueprint.plan_id}, ${priced.plan.validityDays}, ${priced.price},
          ${priced.providerPrice}, ${JSON.stringify(priced.shares)}::jsonb, ${made.total}, ${made.requestId}, ${made.jobId}, ${holdId},
          ${actor.userId})`);
      await recordAudit(tx, ctx, {
        action: 'activation.create',
        entityType: 'activation',
        entityId: activationId,
        organizationId: buyer,
        after: {
          planId: blueprint.plan_id,
          blueprintId,
          price: priced.price,
          simsCount: made.total,
          held: holdAmount,
          requestId: made.requestId,
        },
      });
    },
  });
  const sims = preview.valid;
  const cost = { price: priced.price, sims, amount: sims * priced.price, available: await availableOf(deps.db, buyer) };
  if (!created) return { activation: null, preview, cost, replayed: false };
  const activation = await findActivation(deps.db, actor.scope, { requestId: created.request.id });
  if (!activation) throw new AppError('NOT_FOUND', 'Activation not found');
  // The available balance before this activation held its money.
  if (!created.replayed) cost.available += holdAmount;
  return {
    activation,
    preview,
    cost: { ...cost, sims: activation.simsCount, amount: activation.amounts.held },
    replayed: created.replayed,
  };
}

export async function getActivations(deps: TDeps, ctx: TRequestContext, query: TActivationListQuery) {
  return await listActivations(deps.db, requireActor(ctx).scope, query);
}

export async function getActivation(deps: TDeps, ctx: TRequestContext, id: string): Promise<TActivation> {
  const activation = await findActivation(deps.db, requireActor(ctx).scope, { id });
  if (!activation) throw new AppError('NOT_FOUND', 'Activation not found');
  return activation;
}

/** Cancel Activation: cancels its request (refused once a SIM reached an operator); the settler releases the hold. */
export async function cancelActivation(deps: TDeps, ctx: TRequestContext, id: string): Promise<TActivation> {
  const activation = await getActivation(deps, ctx, id);
  await cancelRequest(deps, ctx, activation.request.id);
  await deps.db.transaction((tx) =>
    recordAudit(tx, ctx, {
      action: 'activation.cancel',
      entityType: 'activation',
      entityId: id,
      organizationId: activation.organizationId,
      before: { amounts: activation.amounts },
    }),
  );
  return await getActivation(deps, ctx, id);
}
