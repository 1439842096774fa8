import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { textC, timestampTz } from '../../db/columns';

/**
 * The job queue (docs/decisions/013-requests-jobs-and-queue.md): durable rows claimed with `FOR UPDATE SKIP LOCKED`
 * under a lease. A worker that dies stops renewing its lease and another worker takes the job over.
 */
export const queueJobs = pgTable(
  'queue_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** At most one unfinished job per key: enqueueing the same key again only brings its run time forward. */
    key: textC('key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    runAt: timestampTz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedBy: text('locked_by'),
    lockedUntil: timestampTz('locked_until'),
    /** Enqueued again while running: run once more when the current run ends. */
    requeue: boolean('requeue').notNull().default(false),
    lastError: text('last_error'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('queue_jobs_key_uq').on(t.key),
    index('queue_jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'QUEUED'`),
    index('queue_jobs_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'RUNNING'`),
  ],
);
