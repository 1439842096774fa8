import type { PLAN_STATUSES } from '@tarang/shared/plans/plan.schemas';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { fieldError } from '../../http/app-error';
import type { TTenantScope } from '../../http/request-context';
import { findBlueprint, type TBlueprintRow } from './blueprints.repository';

type TPlanStatus = (typeof PLAN_STATUSES)[number];

/** One organisation's place in the sale of a plan: its blueprint and the price it pays per SIM (paise). */
export type TPriceLink = { organizationId: string; blueprintId: string; price: number };

export type TPriceChain = {
  plan: { id: string; name: string; validityDays: number; status: TPlanStatus };
  /** From the blueprint the provider shared (first) down to the buyer's own blueprint (last). */
  links: TPriceLink[];
};

/** Deeper than any organisation tree: a guard against a cycle of parent links, which the service never writes. */
const MAX_DEPTH = 64;

/**
 * Who sells a plan to `organizationId` at what price: its blueprint, and the blueprints above it by their parent links,
 * up to the one the provider shared. An activation pays the provider `links[0].price`, each reseller `links[i]` the
 * margin `links[i + 1].price − links[i].price`, and costs the buyer the last price; the sharing rules keep every margin
 * at 0 or more. Read in one statement, so the prices are those of one moment.
 * A buyer without a blueprint of the plan is a 404, a retired plan a 422 (both naming `blueprintId`).
 */
export async function priceChain(db: TExecutor, organizationId: string, planId: string): Promise<TPriceChain> {
  const { rows } = await db.execute<{
    plan_id: string;
    name: string;
    validity_days: number;
    status: TPlanStatus;
    blueprint_id: string | null;
    organization_id: string | null;
    price: string | number | null;
    depth: number | null;
  }>(sql`
    WITH RECURSIVE chain AS (
      SELECT b.id, b.organization_id, b.price, b.parent_blueprint_id, 0 AS depth
        FROM plan_blueprints b WHERE b.plan_id = ${planId} AND b.organization_id = ${organizationId}
      UNION ALL
      SELECT up.id, up.organization_id, up.price, up.parent_blueprint_id, c.depth + 1
        FROM plan_blueprints up JOIN chain c ON up.id = c.parent_blueprint_id
       WHERE c.depth < ${MAX_DEPTH}
    )
    SELECT p.id AS plan_id, p.name, p.validity_days, p.status,
           c.id AS blueprint_id, c.organization_id, c.price, c.depth
      FROM plans p LEFT JOIN chain c ON true
     WHERE p.id = ${planId}
     ORDER BY c.depth DESC`);
  const first = rows[0];
  if (!first || first.blueprint_id === null) throw fieldError('NOT_FOUND', 'blueprintId', 'Plan not found');
  if (first.status === 'RETIRED') throw fieldError('UNPROCESSABLE', 'blueprintId', 'This plan is retired; it cannot be activated any more');
  return {
    plan: { id: first.plan_id, name: first.name, validityDays: Number(first.validity_days), status: first.status },
    links: rows.map((r) => ({ organizationId: r.organization_id!, blueprintId: r.blueprint_id!, price: Number(r.price) })),
  };
}

/** A blueprint of an organisation inside the caller's scope (404 otherwise), with the price chain of its plan. */
export async function blueprintOwner(
  db: TExecutor,
  scope: TTenantScope,
  blueprintId: string,
): Promise<{ blueprint: TBlueprintRow; chain: TPriceChain }> {
  const blueprint = await findBlueprint(db, scope, blueprintId);
  if (!blueprint) throw fieldError('NOT_FOUND', 'blueprintId', 'Plan not found');
  return { blueprint, chain: await priceChain(db, blueprint.organizationId, blueprint.planId) };
}
