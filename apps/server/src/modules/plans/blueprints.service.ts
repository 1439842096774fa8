import { formatPaise } from '@tarang/shared/format/money';
import type { TBlueprint, TBlueprintCreate, TBlueprintListQuery, TBlueprintUpdate } from '@tarang/shared/plans/plan.schemas';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { pathInScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import {
  findBlueprint,
  findBlueprintOf,
  findBlueprintView,
  findOrganizationNode,
  insertBlueprint,
  listBlueprints,
  lockedPrice,
  lowestChildPrice,
  updateBlueprintPrice,
} from './blueprints.repository';
import { findPlanRow } from './plans.repository';

/**
 * Plan sharing (blueprints). Staff share any active plan with any organisation at a price; an organisation shares a
 * plan it holds on to its direct children at a price at least its own, and changes only the prices it set, never below
 * its own nor above what its child charges on. So every margin in a chain is 0 or more.
 *
 * Reach: an organisation outside the caller's subtree (a parent, a sibling, a stranger) is a 404, as everywhere. One
 * inside it that the caller may see but not sell to (itself, a grandchild: their seller is someone else) is a 422
 * that says so, naming the field.
 */

const SHARE_NOT_FOUND = 'Plan share not found';
const ORGANIZATION_NOT_FOUND = 'Organisation not found';

const planNotFound = () => fieldError('NOT_FOUND', 'planId', 'Plan not found');
const alreadyShared = () => fieldError('CONFLICT', 'organizationId', 'This plan is already shared with this organisation');

/** Staff act for the provider; anyone else for their own organisation. */
const sellerOf = (actor: TActor): string | null => (actor.scope.kind === 'all' ? null : actor.organizationId);

/** The blueprint as the caller sees it. */
async function viewOf(db: TExecutor, actor: TActor, id: string): Promise<TBlueprint> {
  return (await findBlueprintView(db, { kind: 'all' }, sellerOf(actor), id))!;
}

export async function getBlueprints(deps: TDeps, ctx: TRequestContext, query: TBlueprintListQuery) {
  const actor = requireActor(ctx);
  return await listBlueprints(deps.db, actor.scope, sellerOf(actor), query);
}

export async function getBlueprint(deps: TDeps, ctx: TRequestContext, id: string): Promise<TBlueprint> {
  const actor = requireActor(ctx);
  const found = await findBlueprintView(deps.db, actor.scope, sellerOf(actor), id);
  if (!found) throw notFound(SHARE_NOT_FOUND);
  return found;
}

/** The organisation a plan is shared with: in reach (404 otherwise) and, for an organisation, one of its direct children. */
async function shareTarget(db: TExecutor, actor: TActor, organizationId: string) {
  const target = await findOrganizationNode(db, organizationId);
  if (!target || !pathInScope(actor.scope, target.path)) throw fieldError('NOT_FOUND', 'organizationId', ORGANIZATION_NOT_FOUND);
  const seller = sellerOf(actor);
  if (seller !== null && target.parentId !== seller) {
    throw fieldError(
      'UNPROCESSABLE',
      'organizationId',
      target.id === seller
        ? 'An organisation cannot share a plan with itself'
        : 'Plans are shared with direct child organisations only; this organisation buys from its own parent',
    );
  }
  return target;
}

const priceTooLow = (price: number, floor: number) =>
  fieldError(
    'UNPROCESSABLE',
    'price',
    `The price must be at least ${formatPaise(floor)}, what you pay for this plan (got ${formatPaise(price)})`,
  );

/** POST /plans/share. */
export async function sharePlan(deps: TDeps, ctx: TRequestContext, body: TBlueprintCreate): Promise<TBlueprint> {
  const actor = requireActor(ctx);
  const seller = sellerOf(actor);
  const target = await shareTarget(deps.db, actor, body.organizationId);
  // An organisation shares only what it holds: any other plan, whether it exists or not, is not found.
  const held = seller === null ? null : await findBlueprintOf(deps.db, seller, body.planId);
  if (seller !== null && !held) throw planNotFound();
  if (seller === null && !(await findPlanRow(deps.db, body.planId))) throw planNotFound();
  if (await findBlueprintOf(deps.db, target.id, body.planId)) throw alreadyShared();

  return await deps.db
    .transaction(async (tx) => {
      // The plan cannot be retired or deleted, nor the seller's own price change, until this share is in.
      const plan = await findPlanRow(tx, body.planId, 'share');
      if (!plan) throw planNotFound();
      if (plan.status !== 'ACTIVE') throw fieldError('UNPROCESSABLE', 'planId', 'This plan is retired; it cannot be shared');
      if (held) {
        const floor = await lockedPrice(tx, held.id);
        if (floor === null) throw planNotFound();
        if (body.price < floor) throw priceTooLow(body.price, floor);
      }
      const row = await insertBlueprint(tx, {
        planId: plan.id,
        organizationId: target.id,
        price: body.price,
        parentBlueprintId: held?.id ?? null,
        createdBy: actor.userId,
      });
      const created = await viewOf(tx, actor, row.id);
      await recordAudit(tx, ctx, {
        action: 'plan.share',
        entityType: 'plan_blueprint',
        entityId: row.id,
        organizationId: target.id,
        after: created,
      });
      return created;
    })
    .catch((error) => {
      if (violatedConstraint(error, '23505') === 'plan_blueprints_plan_org_idx') throw alreadyShared();
      const missing = violatedConstraint(error, '23503');
      if (missing === 'plan_blueprints_organization_id_organizations_id_fk')
        throw fieldError('NOT_FOUND', 'organizationId', ORGANIZATION_NOT_FOUND);
      if (missing !== null) throw planNotFound();
      throw error;
    });
}

/**
 * PUT /plans/share/{id}: a new price for the organisation the blueprint is for, applied to activations made after it.
 * Staff change any price; an organisation only the prices it set for its direct children. The price stays at least
 * the seller's own (no negative margin for the seller) and at most the lowest price the blueprint's organisation sells
 * the plan on at (none for it). Locks: this blueprint for update, then its seller's for share (child before parent,
 * as every writer takes them), so a concurrent change of either waits.
 */
export async function updateSharePrice(deps: TDeps, ctx: TRequestContext, id: string, body: TBlueprintUpdate): Promise<TBlueprint> {
  const actor = requireActor(ctx);
  const seller = sellerOf(actor);
  return await deps.db.transaction(async (tx) => {
    const current = await findBlueprint(tx, actor.scope, id, true);
    if (!current) throw notFound(SHARE_NOT_FOUND);
    const floorOwner = current.parentBlueprintId;
    if (seller !== null) {
      const own = floorOwner ? await findBlueprint(tx, { kind: 'all' }, floorOwner) : null;
      if (own?.organizationId !== seller) {
        throw new AppError(
          'UNPROCESSABLE',
          current.organizationId === seller
            ? 'Your own price is set by the organisation that shares this plan with you'
            : 'Only the organisation that shared this plan can change its price',
        );
      }
    }
    const floor = floorOwner ? await lockedPrice(tx, floorOwner) : null;
    if (floor !== null && body.price < floor) {
      throw fieldError(
        'UNPROCESSABLE',
        'price',
        `The price must be at least ${formatPaise(floor)}, what ${seller === null ? 'the seller pays' : 'you pay'} for this plan (got ${formatPaise(body.price)})`,
      );
    }
    const ceiling = await lowestChildPrice(tx, id);
    if (ceiling !== null && body.price > ceiling) {
      throw fieldError(
        'UNPROCESSABLE',
        'price',
        `The price must be at most ${formatPaise(ceiling)}: a child is sold this plan at ${formatPaise(ceiling)} (got ${formatPaise(body.price)})`,
      );
    }
    const before = await viewOf(tx, actor, id);
    if (Number(current.price) === body.price) return before;
    await updateBlueprintPrice(tx, id, body.price);
    const after = await viewOf(tx, actor, id);
    await recordAudit(tx, ctx, {
      action: 'plan.share.update',
      entityType: 'plan_blueprint',
      entityId: id,
      organizationId: current.organizationId,
      before,
      after,
    });
    return after;
  });
}
