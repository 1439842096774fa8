import { OVER_LIMIT_ACTIONS, PLAN_STATUSES } from '@tarang/shared/plans/plan.schemas';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, timestampTz, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';

/** The provider's plans. A plan some SIM or blueprint uses is retired, never deleted. */
export const plans = pgTable(
  'plans',
  {
    id: idPk(),
    name: text('name').notNull(),
    description: text('description'),
    operators: text('operators').array().notNull(),
    dataMb: integer('data_mb').notNull(),
    smsCount: integer('sms_count').notNull(),
    validityDays: integer('validity_days').notNull(),
    /** Paise per SIM. */
    basePrice: bigint('base_price', { mode: 'number' }).notNull(),
    overLimitAction: text('over_limit_action', { enum: OVER_LIMIT_ACTIONS }).notNull(),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('ACTIVE'),
    retiredAt: timestampTz('retired_at'),
    createdBy: idRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_name_lower_idx').on(sql`lower(${t.name})`),
    index('plans_created_idx').on(t.createdAt, t.id),
    check('plans_base_price_check', sql`${t.basePrice} > 0 AND ${t.basePrice} <= 1000000000000`),
    check('plans_counts_check', sql`${t.dataMb} >= 0 AND ${t.smsCount} >= 0 AND ${t.validityDays} >= 1`),
  ],
);

/**
 * A plan shared with one organisation at its price (paise per SIM). `parent_blueprint_id` is the sharer's own
 * blueprint (a reseller's), null when the provider shared it. One blueprint per plan and organisation.
 */
export const planBlueprints = pgTable(
  'plan_blueprints',
  {
    id: idPk(),
    planId: idRef('plan_id')
      .notNull()
      .references(() => plans.id),
    organizationId: idRef('organization_id')
      .notNull()
      .references(() => organizations.id),
    price: bigint('price', { mode: 'number' }).notNull(),
    parentBlueprintId: idRef('parent_blueprint_id'),
    createdBy: idRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plan_blueprints_plan_org_idx').on(t.planId, t.organizationId),
    index('plan_blueprints_org_idx').on(t.organizationId),
    index('plan_blueprints_parent_idx').on(t.parentBlueprintId),
    check('plan_blueprints_price_check', sql`${t.price} > 0 AND ${t.price} <= 1000000000000`),
  ],
);
