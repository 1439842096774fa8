import type { TBlueprint, TBlueprintListQuery } from '@tarang/shared/plans/plan.schemas';
import { and, count, eq, min } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { listQueryConditions, orderByFromSort, readPage } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';
import { organizations } from '../organizations/organizations.table';
import { planBlueprints, plans } from './plans.table';

/** The label of the sharer when the provider shared the plan. */
export const PROVIDER_LABEL = 'Provider';

export type TBlueprintRow = typeof planBlueprints.$inferSelect;

const parent = alias(planBlueprints, 'parent');
const sharer = alias(organizations, 'sharer');

const viewColumns = {
  blueprint: planBlueprints,
  planName: plans.name,
  planStatus: plans.status,
  basePrice: plans.basePrice,
  tradeName: organizations.tradeName,
  parentPrice: parent.price,
  sharerId: sharer.id,
  sharerName: sharer.tradeName,
};

type TBlueprintView = {
  blueprint: TBlueprintRow;
  planName: string;
  planStatus: 'ACTIVE' | 'RETIRED';
  basePrice: number;
  tradeName: string;
  parentPrice: number | null;
  sharerId: string | null;
  sharerName: string | null;
};

function blueprintsFrom(db: TExecutor) {
  return db
    .select(viewColumns)
    .from(planBlueprints)
    .innerJoin(plans, eq(plans.id, planBlueprints.planId))
    .innerJoin(organizations, eq(organizations.id, planBlueprints.organizationId))
    .leftJoin(parent, eq(parent.id, planBlueprints.parentBlueprintId))
    .leftJoin(sharer, eq(sharer.id, parent.organizationId));
}

/** The count of a list: the joins its conditions use (plan name and trade name). */
function countFrom(db: TExecutor) {
  return db
    .select({ n: count() })
    .from(planBlueprints)
    .innerJoin(plans, eq(plans.id, planBlueprints.planId))
    .innerJoin(organizations, eq(organizations.id, planBlueprints.organizationId));
}

/**
 * A blueprint as the API answers it to a caller of `viewerOrganizationId` (null: staff). The sharer's price is the
 * parent blueprint's price, or the plan's base price when the provider shared it — except on the caller's own
 * blueprint, where it is the caller's own price: what its seller paid is not the caller's to see.
 */
export function toBlueprint(row: TBlueprintView, viewerOrganizationId: string | null): TBlueprint {
  const b = row.blueprint;
  const price = Number(b.price);
  const sharerPrice = b.organizationId === viewerOrganizationId ? price : Number(row.parentPrice ?? row.basePrice);
  return {
    id: b.id,
    planId: b.planId,
    plan: { id: b.planId, name: row.planName, status: row.planStatus },
    organizationId: b.organizationId,
    organization: { id: b.organizationId, tradeName: row.tradeName },
    price,
    parentBlueprintId: b.parentBlueprintId,
    sharerPrice,
    sharedBy: { organizationId: row.sharerId, label: row.sharerName ?? PROVIDER_LABEL },
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

const sortable = {
  createdAt: planBlueprints.createdAt,
  price: planBlueprints.price,
  plan: plans.name,
  organization: organizations.tradeName,
};

/** Blueprints of organisations inside the scope. */
export async function listBlueprints(db: TExecutor, scope: TTenantScope, viewerOrganizationId: string | null, q: TBlueprintListQuery) {
  const where = and(
    inScope(scope, planBlueprints.organizationId),
    ...listQueryConditions(q, planBlueprints.id, [plans.name, organizations.tradeName]),
    q.planId ? eq(planBlueprints.planId, q.planId) : undefined,
    q.organizationId ? eq(planBlueprints.organizationId, q.organizationId) : undefined,
  );
  const { rows, meta } = await readPage(
    q,
    blueprintsFrom(db)
      .where(where)
      .orderBy(...orderByFromSort(q.sort, sortable, '-createdAt', planBlueprints.id)),
    countFrom(db).where(where),
  );
  return { rows: rows.map((r) => toBlueprint(r, viewerOrganizationId)), meta };
}

/** One blueprint of an organisation inside the scope, as the API answers it; null otherwise. */
export async function findBlueprintView(
  db: TExecutor,
  scope: TTenantScope,
  viewerOrganizationId: string | null,
  id: string,
): Promise<TBlueprint | null> {
  const [row] = await blueprintsFrom(db).where(and(eq(planBlueprints.id, id), inScope(scope, planBlueprints.organizationId)));
  return row ? toBlueprint(row, viewerOrganizationId) : null;
}

/** A blueprint row of an organisation inside the scope, or null; `forUpdate` locks it for the transaction. */
export async function findBlueprint(db: TExecutor, scope: TTenantScope, id: string, forUpdate = false) {
  const query = db
    .select()
    .from(planBlueprints)
    .where(and(eq(planBlueprints.id, id), inScope(scope, planBlueprints.organizationId)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row ?? null;
}

/** An organisation's blueprint of a plan, or null. */
export async function findBlueprintOf(db: TExecutor, organizationId: string, planId: string): Promise<TBlueprintRow | null> {
  const [row] = await db
    .select()
    .from(planBlueprints)
    .where(and(eq(planBlueprints.organizationId, organizationId), eq(planBlueprints.planId, planId)));
  return row ?? null;
}

/** A blueprint's price, taken for share in the transaction (its price cannot change until it ends). */
export async function lockedPrice(db: TExecutor, id: string): Promise<number | null> {
  const [row] = await db.select({ price: planBlueprints.price }).from(planBlueprints).where(eq(planBlueprints.id, id)).for('share');
  return row ? Number(row.price) : null;
}

/** The lowest price among the blueprints shared on from this one (null when none). */
export async function lowestChildPrice(db: TExecutor, id: string): Promise<number | null> {
  const [lowest] = await db
    .select({ price: min(planBlueprints.price) })
    .from(planBlueprints)
    .where(eq(planBlueprints.parentBlueprintId, id));
  return lowest?.price === null || lowest?.price === undefined ? null : Number(lowest.price);
}

export async function insertBlueprint(db: TExecutor, values: typeof planBlueprints.$inferInsert): Promise<TBlueprintRow> {
  const [row] = await db.insert(planBlueprints).values(values).returning();
  return row!;
}

export async function updateBlueprintPrice(db: TExecutor, id: string, price: number): Promise<void> {
  await db.update(planBlueprints).set({ price }).where(eq(planBlueprints.id, id));
}

/** An organisation with its parent and path, or null. */
export async function findOrganizationNode(db: TExecutor, id: string) {
  const [row] = await db
    .select({ id: organizations.id, parentId: organizations.parentId, path: organizations.path, tradeName: organizations.tradeName })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row ?? null;
}
