import type { TPlan, TPlanListQuery } from '@tarang/shared/plans/plan.schemas';
import { and, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { TExecutor } from '../../db/database';
import { listQueryConditions, orderByFromSort, readPage } from '../../lib/list-query';
import { planBlueprints, plans } from './plans.table';

export type TPlanRow = typeof plans.$inferSelect;

/**
 * Whose view of the plans: the provider's (staff: every plan at its base price) or one organisation's (only the plans
 * shared with it, each at its own blueprint's price; the provider's price is not its to see).
 */
export type TPlanViewer = { kind: 'provider' } | { kind: 'organization'; organizationId: string };

/** The viewer's own blueprint of each plan, when the viewer is an organisation. */
const own = alias(planBlueprints, 'own');

/** Blueprints below the viewer: every share of the plan for the provider, the viewer's own direct shares otherwise. */
function sharedCount(viewer: TPlanViewer) {
  return viewer.kind === 'provider'
    ? sql<number>`(SELECT count(*)::int FROM plan_blueprints x WHERE x.plan_id = "plans"."id")`
    : sql<number>`(SELECT count(*)::int FROM plan_blueprints x WHERE x.parent_blueprint_id = "own"."id")`;
}

function viewColumns(viewer: TPlanViewer) {
  return {
    plan: plans,
    price: viewer.kind === 'provider' ? plans.basePrice : sql<number>`${own.price}`.mapWith(Number),
    blueprintId: viewer.kind === 'provider' ? sql<string | null>`NULL` : sql<string | null>`${own.id}`,
    sharedCount: sharedCount(viewer),
  };
}

/** The plans the viewer sees, each joined with the viewer's own blueprint (none for the provider). */
function plansFrom<T extends SelectedFields>(db: TExecutor, viewer: TPlanViewer, columns: T) {
  const joinOn = viewer.kind === 'provider' ? sql`false` : and(eq(own.planId, plans.id), eq(own.organizationId, viewer.organizationId));
  return db.select(columns).from(plans).leftJoin(own, joinOn);
}

const visible = (viewer: TPlanViewer): SQL | undefined => (viewer.kind === 'provider' ? undefined : isNotNull(own.id));

type TPlanView = { plan: TPlanRow; price: number; blueprintId: string | null; sharedCount: number };

export function toPlan(row: TPlanView, viewer: TPlanViewer): TPlan {
  const p = row.plan;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    operators: p.operators as TPlan['operators'],
    dataMb: p.dataMb,
    smsCount: p.smsCount,
    validityDays: p.validityDays,
    basePrice: viewer.kind === 'provider' ? Number(p.basePrice) : null,
    overLimitAction: p.overLimitAction,
    status: p.status,
    price: Number(row.price),
    blueprintId: row.blueprintId,
    sharedCount: Number(row.sharedCount),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function listPlans(db: TExecutor, viewer: TPlanViewer, q: TPlanListQuery) {
  const columns = viewColumns(viewer);
  const where = and(
    visible(viewer),
    ...listQueryConditions(q, plans.id, [plans.name]),
    q.status ? eq(plans.status, q.status) : undefined,
    q.operator ? sql`${q.operator} = ANY(${plans.operators})` : undefined,
  );
  const sortable = { name: plans.name, createdAt: plans.createdAt, price: viewer.kind === 'provider' ? plans.basePrice : own.price };
  const { rows, meta } = await readPage(
    q,
    plansFrom(db, viewer, columns)
      .where(where)
      .orderBy(...orderByFromSort(q.sort, sortable, 'name', plans.id)),
    plansFrom(db, viewer, { n: count() }).where(where),
  );
  return { rows: rows.map((r) => toPlan(r, viewer)), meta };
}

/** One plan as the viewer sees it; null when it does not exist or is not shared with the viewer. */
export async function findPlanView(db: TExecutor, viewer: TPlanViewer, id: string): Promise<TPlan | null> {
  const [row] = await plansFrom(db, viewer, viewColumns(viewer)).where(and(eq(plans.id, id), visible(viewer)));
  return row ? toPlan(row, viewer) : null;
}

export async function findPlanRow(db: TExecutor, id: string, lock?: 'update' | 'share'): Promise<TPlanRow | null> {
  const query = db.select().from(plans).where(eq(plans.id, id));
  const [row] = await (lock === 'update' ? query.for('update') : lock === 'share' ? query.for('share') : query);
  return row ?? null;
}

export async function findPlanByName(db: TExecutor, name: string): Promise<TPlanRow | null> {
  const [row] = await db.select().from(plans).where(sql`lower(${plans.name}) = lower(${name})`);
  return row ?? null;
}

export async function insertPlan(db: TExecutor, values: typeof plans.$inferInsert): Promise<TPlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

export async function updatePlanRow(db: TExecutor, id: string, values: Partial<typeof plans.$inferInsert>): Promise<TPlanRow> {
  const [row] = await db.update(plans).set(values).where(eq(plans.id, id)).returning();
  return row!;
}

export async function deletePlanRow(db: TExecutor, id: string): Promise<void> {
  await db.delete(plans).where(eq(plans.id, id));
}

/** What holds a plan: the organisations it is shared with (one blueprint each) and the SIMs on it. */
export async function planUse(db: TExecutor, id: string): Promise<{ organizations: number; sims: number }> {
  const { rows } = await db.execute<{ organizations: number; sims: number }>(sql`
    SELECT (SELECT count(*)::int FROM plan_blueprints WHERE plan_id = ${id}) AS organizations,
           (SELECT count(*)::int FROM sims WHERE plan_id = ${id}) AS sims`);
  const row = rows[0]!;
  return { organizations: Number(row.organizations), sims: Number(row.sims) };
}
