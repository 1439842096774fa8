import { bigint, bigserial, char, date, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * The dashboards' maintained aggregates (issue 18, docs/decisions/034-dashboard-aggregates.md).
 *
 * Triggers on the tables behind the figures (sims, sim_profiles, ledger_postings; declared in SQL in
 * drizzle/0030_dashboard_aggregates.sql) append signed deltas to `dashboard_deltas`, one row per group a statement
 * changed — never an update of a shared counter row, so bulk writers never wait on each other. The roll-up
 * (dashboard-rollup.ts) moves committed deltas into `dashboard_counts` in one transaction; a read sums both.
 *
 * One row shape serves every figure:
 *  - SIM:         k1 = status, k2 = operator of the primary profile (a SIM counts once both rows exist)
 *  - EXPIRY:      day = India day of expires_at, SIMs not TERMINATED or REPLACED
 *  - ACTIVATED:   day = India day of activated_at
 *  - TERMINATED:  day = India day the SIM became TERMINATED (an event: never taken back)
 *  - SPENT:       k1 = ledger type, day = India day of the posting, n = paise (signed, wallet postings)
 * `organization_id` null: provider stock (SIMs without an organisation).
 */
export const dashboardCounts = pgTable(
  'dashboard_counts',
  {
    metric: text('metric').notNull(),
    organizationId: char('organization_id', { length: 24 }),
    k1: text('k1').notNull().default(''),
    k2: text('k2').notNull().default(''),
    day: date('day', { mode: 'string' }),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [unique('dashboard_counts_key').on(t.metric, t.organizationId, t.k1, t.k2, t.day).nullsNotDistinct()],
);

export const dashboardDeltas = pgTable('dashboard_deltas', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  metric: text('metric').notNull(),
  organizationId: char('organization_id', { length: 24 }),
  k1: text('k1').notNull().default(''),
  k2: text('k2').notNull().default(''),
  day: date('day', { mode: 'string' }),
  n: bigint('n', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
