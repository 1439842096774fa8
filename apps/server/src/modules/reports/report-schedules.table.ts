import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, timestampTz, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';

/**
 * Schedules, alerts and the files they make (docs/decisions/035-reports.md). A schedule belongs to an organisation (or,
 * with none, to the provider's staff): it runs the report over that organisation's subtree and mails a link to the file
 * to that organisation's users who may see the report. An alert is a saved condition on a report (its rows for the
 * filters number more than a threshold) that mails when it becomes true.
 */

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: idPk(),
    /** null: the provider's staff. */
    organizationId: idRef('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    reportId: text('report_id').notNull(),
    name: text('name').notNull(),
    /** The report's filters as the address holds them (text values), checked against its declaration when saved. */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    lang: text('lang', { enum: ['en', 'hi'] }).notNull(),
    frequency: text('frequency', { enum: ['DAILY', 'WEEKLY'] }).notNull(),
    /** ISO weekday of a weekly schedule, 1 (Monday) … 7 (Sunday). */
    weekday: smallint('weekday'),
    /** The hour of the day in India (Asia/Kolkata), 0–23. */
    hour: smallint('hour').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestampTz('next_run_at').notNull(),
    lastRunId: idRef('last_run_id'),
    createdById: idRef('created_by_id'),
    createdByLabel: text('created_by_label').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('report_schedules_due_idx').on(t.nextRunAt).where(sql`${t.enabled}`),
    index('report_schedules_org_idx').on(t.organizationId, t.createdAt),
  ],
);

export const reportAlerts = pgTable(
  'report_alerts',
  {
    id: idPk(),
    organizationId: idRef('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    reportId: text('report_id').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    /** True when the report's rows for the filters number more than this. */
    threshold: integer('threshold').notNull(),
    checkEveryMinutes: integer('check_every_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    state: text('state', { enum: ['OK', 'TRIGGERED'] })
      .notNull()
      .default('OK'),
    /** Rows found by the last check, counted up to threshold + 1. */
    lastCount: integer('last_count'),
    lastCheckedAt: timestampTz('last_checked_at'),
    lastTriggeredAt: timestampTz('last_triggered_at'),
    lastError: text('last_error'),
    nextCheckAt: timestampTz('next_check_at').notNull(),
    createdById: idRef('created_by_id'),
    createdByLabel: text('created_by_label').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('report_alerts_due_idx').on(t.nextCheckAt).where(sql`${t.enabled}`),
    index('report_alerts_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** One run of a schedule (or of "Run now"): its file, kept RUN_FILE_DAYS (7) days (report-runner.ts). */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: idPk(),
    scheduleId: idRef('schedule_id').notNull(),
    organizationId: idRef('organization_id'),
    reportId: text('report_id').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    status: text('status', { enum: ['RUNNING', 'DONE', 'FAILED'] }).notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    fileName: text('file_name').notNull(),
    /** Users the link was mailed to. */
    recipients: integer('recipients').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('report_runs_schedule_idx').on(t.scheduleId, t.createdAt), index('report_runs_expires_idx').on(t.expiresAt)],
);

/** A run's file in pieces of about 1 MB, written while the report streams: memory stays flat, any process can serve it. */
export const reportRunChunks = pgTable(
  'report_run_chunks',
  {
    runId: idRef('run_id')
      .notNull()
      .references(() => reportRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'report_run_chunks_pk', columns: [t.runId, t.seq] })],
);
