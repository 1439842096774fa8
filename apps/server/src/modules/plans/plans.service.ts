import type { TPlan, TPlanCreate, TPlanListQuery, TPlanUpdate } from '@tarang/shared/plans/plan.schemas';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import {
  deletePlanRow,
  findPlanByName,
  findPlanRow,
  findPlanView,
  insertPlan,
  listPlans,
  planUse,
  type TPlanViewer,
  toPlan,
  updatePlanRow,
} from './plans.repository';

const NOT_FOUND = 'Plan not found';

/** Staff see the provider's catalogue; an organisation user sees the plans shared with its own organisation. */
export function viewerOf(actor: TActor): TPlanViewer {
  return actor.organizationId === null ? { kind: 'provider' } : { kind: 'organization', organizationId: actor.organizationId };
}

const PROVIDER: TPlanViewer = { kind: 'provider' };

export async function getPlans(deps: TDeps, ctx: TRequestContext, query: TPlanListQuery) {
  return await listPlans(deps.db, viewerOf(requireActor(ctx)), query);
}

export async function getPlan(deps: TDeps, ctx: TRequestContext, id: string): Promise<TPlan> {
  const plan = await findPlanView(deps.db, viewerOf(requireActor(ctx)), id);
  if (!plan) throw notFound(NOT_FOUND);
  return plan;
}

const nameTaken = () => fieldError('CONFLICT', 'name', 'A plan with this name already exists');

async function assertNameFree(db: TExecutor, name: string, exceptId?: string) {
  const clash = await findPlanByName(db, name);
  if (clash && clash.id !== exceptId) throw nameTaken();
}

/** A race on the unique name index answers the same 409 as the check before it. */
function duplicateName(error: unknown): unknown {
  return violatedConstraint(error, '23505') === 'plans_name_lower_idx' ? nameTaken() : error;
}

/** The plan as staff see it, for answers and audit snapshots. */
async function providerView(db: TExecutor, id: string): Promise<TPlan> {
  return (await findPlanView(db, PROVIDER, id))!;
}

export async function createPlan(deps: TDeps, ctx: TRequestContext, body: TPlanCreate): Promise<TPlan> {
  const actor = requireActor(ctx);
  await assertNameFree(deps.db, body.name);
  return await deps.db
    .transaction(async (tx) => {
      const row = await insertPlan(tx, {
        name: body.name,
        description: body.description ?? null,
        operators: body.operators,
        dataMb: body.dataMb,
        smsCount: body.smsCount,
        validityDays: body.validityDays,
        basePrice: body.basePrice,
        overLimitAction: body.overLimitAction,
        createdBy: actor.userId,
      });
      const created = toPlan({ plan: row, price: row.basePrice, blueprintId: null, sharedCount: 0 }, PROVIDER);
      await recordAudit(tx, ctx, { action: 'plan.create', entityType: 'plan', entityId: row.id, organizationId: null, after: created });
      return created;
    })
    .catch((error) => {
      throw duplicateName(error);
    });
}

/**
 * An edit of the provider's plan. A new base price applies to shares and activations made after it (activations copy
 * their prices when made). `status: 'RETIRED'` retires it: no new shares or activations, SIMs on it keep it.
 */
export async function updatePlan(deps: TDeps, ctx: TRequestContext, id: string, body: TPlanUpdate): Promise<TPlan> {
  if (!(await findPlanRow(deps.db, id))) throw notFound(NOT_FOUND);
  if (body.name !== undefined) await assertNameFree(deps.db, body.name, id);
  return await deps.db
    .transaction(async (tx) => {
      const current = await findPlanRow(tx, id, 'update');
      if (!current) throw notFound(NOT_FOUND);
      const before = await providerView(tx, id);
      const values: Parameters<typeof updatePlanRow>[2] = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.description !== undefined) values.description = body.description;
      if (body.operators !== undefined) values.operators = body.operators;
      if (body.dataMb !== undefined) values.dataMb = body.dataMb;
      if (body.smsCount !== undefined) values.smsCount = body.smsCount;
      if (body.validityDays !== undefined) values.validityDays = body.validityDays;
      if (body.basePrice !== undefined) values.basePrice = body.basePrice;
      if (body.overLimitAction !== undefined) values.overLimitAction = body.overLimitAction;
      if (body.status !== undefined && body.status !== current.status) {
        values.status = body.status;
        values.retiredAt = body.status === 'RETIRED' ? new Date() : null;
      }
      if (Object.keys(values).length === 0) return before;
      await updatePlanRow(tx, id, values);
      const after = await providerView(tx, id);
      await recordAudit(tx, ctx, { action: 'plan.update', entityType: 'plan', entityId: id, organizationId: null, before, after });
      return after;
    })
    .catch((error) => {
      throw duplicateName(error);
    });
}

function inUse(use: { organizations: number; sims: number }) {
  const parts = [
    ...(use.organizations ? [`${use.organizations} ${use.organizations === 1 ? 'organisation' : 'organisations'}`] : []),
    ...(use.sims ? [`${use.sims} ${use.sims === 1 ? 'SIM' : 'SIMs'}`] : []),
  ];
  return new AppError('CONFLICT', `Plan is in use by ${parts.join(' and ') || 'an activation'}; retire it instead`);
}

/**
 * Deletes a plan nobody uses. The plan row is locked first, so a share made meanwhile (its foreign key waits on that
 * lock) is either counted here or refused after the delete.
 */
export async function deletePlan(deps: TDeps, ctx: TRequestContext, id: string): Promise<void> {
  await deps.db
    .transaction(async (tx) => {
      const current = await findPlanRow(tx, id, 'update');
      if (!current) throw notFound(NOT_FOUND);
      const use = await planUse(tx, id);
      if (use.organizations > 0 || use.sims > 0) throw inUse(use);
      const before = await providerView(tx, id);
      await deletePlanRow(tx, id);
      await recordAudit(tx, ctx, { action: 'plan.delete', entityType: 'plan', entityId: id, organizationId: null, before });
    })
    .catch((error) => {
      // Anything else that refers to the plan (an activation's record).
      if (violatedConstraint(error, '23503') !== null) throw inUse({ organizations: 0, sims: 0 });
      throw error;
    });
}
