import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, updatedAt } from '../../db/columns';

/** One reseller's part of each SIM's price: its wallet earns `margin` paise per SIM activated. */
export type TActivationShare = { organizationId: string; walletId: string; margin: number };

/**
 * An activation: a plan put on SIMs through an ACTIVATE request, paid from the buyer's wallet (issue 14). Prices are
 * copied here when it is made, so later price changes apply to later activations only. `captured_sims` and
 * `released_sims` say how much of the hold has been settled; the settler moves them to the request's counts.
 */
export const activations = pgTable(
  'activations',
  {
    id: idPk(),
    organizationId: idRef('organization_id').notNull(),
    blueprintId: idRef('blueprint_id').notNull(),
    planId: idRef('plan_id').notNull(),
    validityDays: integer('validity_days').notNull(),
    /** The buyer's price per SIM. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** What the provider earns per SIM (the top blueprint's price). */
    providerPrice: bigint('provider_price', { mode: 'number' }).notNull(),
    /** The resellers between the provider and the buyer, top first. */
    shares: jsonb('shares').$type<TActivationShare[]>().notNull(),
    simsCount: integer('sims_count').notNull(),
    requestId: idRef('request_id').notNull(),
    jobId: idRef('job_id').notNull(),
    holdId: idRef('hold_id').notNull(),
    capturedSims: integer('captured_sims').notNull().default(0),
    releasedSims: integer('released_sims').notNull().default(0),
    createdBy: idRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('activations_request_idx').on(t.requestId),
    uniqueIndex('activations_job_idx').on(t.jobId),
    index('activations_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('activations_created_idx').on(t.createdAt, t.id),
    check(
      'activations_counts_check',
      sql`${t.price} > 0 AND ${t.providerPrice} > 0 AND ${t.simsCount} > 0 AND ${t.capturedSims} >= 0 AND ${t.releasedSims} >= 0 AND ${t.capturedSims} + ${t.releasedSims} <= ${t.simsCount}`,
    ),
  ],
);
