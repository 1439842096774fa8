import { date, integer, pgTable } from 'drizzle-orm/pg-core';
import { idRef, timestampTz } from '../../db/columns';

/**
 * Usage per SIM per day (issue 16, docs/decisions/029-sim-usage.md).
 *
 * The figures live in `sim_usage_months`, declared in SQL (drizzle/0024_sim_usage.sql) because it is a partitioned table,
 * which Drizzle cannot declare: one row per SIM per India month, partitioned by month, holding four arrays indexed by
 * the day of the month (1–31): bytes up, bytes down, SMS sent, SMS received. A day not reported is NULL. A day is
 * ingested by setting its element, so ingesting it twice counts it once; a month's partition is dropped whole when it
 * is older than TARANG_USAGE_KEEP_MONTHS.
 *
 * `usage_ingests` keeps one row per day ingested: how far its pass got (the last SIM id done), so a pass cut short
 * goes on where it stopped, and what it found.
 */
export const usageIngests = pgTable('usage_ingests', {
  day: date('day', { mode: 'string' }).primaryKey(),
  afterSimId: idRef('after_sim_id'),
  sims: integer('sims').notNull().default(0),
  profiles: integer('profiles').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  startedAt: timestampTz('started_at').notNull().defaultNow(),
  finishedAt: timestampTz('finished_at'),
});
