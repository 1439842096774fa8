import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, textC, timestampTz, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';

/**
 * Requests → batch jobs → tasks (one per SIM) → MNO jobs (docs/decisions/013-requests-jobs-and-queue.md).
 * `type` is text: new request types need no schema change.
 */
export const requests = pgTable(
  'requests',
  {
    id: idPk(),
    type: text('type').notNull(),
    /** Whose request it is (tenancy): the caller's organisation, or for staff the one organisation of the SIMs. */
    organizationId: idRef('organization_id').references(() => organizations.id),
    createdById: idRef('created_by_id'),
    createdByLabel: text('created_by_label').notNull(),
    /** The caller and their reach at the time, so background work acts and audits as them. */
    actor: jsonb('actor').notNull(),
    /** What was asked: ICCIDs (first 20 and the count), or the filter; and type-specific parameters (IMEI). */
    target: jsonb('target').notNull(),
    params: jsonb('params').notNull().default({}),
    /** The per-SIM validation the request was made with (counts and up to 1,000 rows left out). */
    validation: jsonb('validation').notNull(),
    reason: text('reason'),
    scheduledAt: timestampTz('scheduled_at'),
    closedAt: timestampTz('closed_at'),
    closedBy: text('closed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('requests_org_created_idx').on(t.organizationId, t.createdAt, t.id), index('requests_created_idx').on(t.createdAt, t.id)],
);

/** `Idempotency-Key` records: the key, per caller, and a fingerprint of the body it was first used with. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: idRef('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.scope, t.key] })],
);

export const batchJobNumbers = pgSequence('batch_job_numbers', { startWith: 1 });

export const batchJobs = pgTable(
  'batch_jobs',
  {
    id: idPk(),
    /** The job's public number, "BJ" and digits. */
    batchJobId: textC('batch_job_id').notNull(),
    requestId: idRef('request_id')
      .notNull()
      .references(() => requests.id),
    organizationId: idRef('organization_id'),
    type: text('type').notNull(),
    status: text('status').notNull().default('QUEUED'),
    statusReason: text('status_reason'),
    simsCount: integer('sims_count').notNull(),
    /** Operators of the tasks, "AIRTEL+BSNL" (derived from the SIMs when the job is made). */
    profile: text('profile').notNull(),
    // Counts live on the MNO jobs (a batch's are their sum): three operators never wait on one hot row.
    /** Set when the first task is sent to an operator: from then on the request cannot be cancelled. */
    sentAt: timestampTz('sent_at'),
    /** Change Status stopped the job: work already at an operator is withdrawn there (what it has not carried out yet). */
    withdrawnAt: timestampTz('withdrawn_at'),
    scheduledAt: timestampTz('scheduled_at'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    uniqueIndex('batch_jobs_number_uq').on(t.batchJobId),
    uniqueIndex('batch_jobs_request_uq').on(t.requestId),
    index('batch_jobs_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('batch_jobs_created_idx').on(t.createdAt, t.id),
    index('batch_jobs_status_idx').on(t.status),
  ],
);

export const mnoJobs = pgTable(
  'mno_jobs',
  {
    id: idPk(),
    jobId: idRef('job_id')
      .notNull()
      .references(() => batchJobs.id),
    operator: text('operator').notNull(),
    operation: text('operation').notNull(),
    status: text('status').notNull().default('QUEUED'),
    mode: text('mode', { enum: ['AUTO', 'MANUAL'] })
      .notNull()
      .default('AUTO'),
    tasksCount: integer('tasks_count').notNull(),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    inFlight: integer('in_flight').notNull().default(0),
    byHand: integer('by_hand').notNull().default(0),
    /** Consecutive failed calls to the operator (outage, timeout); reset by an answer. */
    callFailures: integer('call_failures').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestampTz('next_attempt_at'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mno_jobs_job_idx').on(t.jobId),
    index('mno_jobs_created_idx').on(t.createdAt, t.id),
    index('mno_jobs_operator_created_idx').on(t.operator, t.createdAt),
  ],
);

/**
 * One task per SIM. A task's key at the operator is `<id>-<attempt>`: the same key is never applied twice, and the
 * attempt moves on only after the operator has answered that it did not apply it.
 */
export const jobTasks = pgTable(
  'job_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: idRef('job_id').notNull(),
    mnoJobId: idRef('mno_job_id').notNull(),
    simId: idRef('sim_id').notNull(),
    iccid: textC('iccid').notNull(),
    operator: text('operator').notNull(),
    status: text('status').notNull().default('QUEUED'),
    fromStatus: text('from_status'),
    attempt: integer('attempt').notNull().default(1),
    tries: integer('tries').notNull().default(0),
    submissionId: idRef('submission_id'),
    nextAt: timestampTz('next_at').notNull().defaultNow(),
    error: text('error'),
    doneBy: text('done_by'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('job_tasks_job_idx').on(t.jobId, t.id),
    // Partial indexes: a task leaves them when it settles, so the last write of most tasks touches only two indexes.
    index('job_tasks_due_idx').on(t.mnoJobId, t.id).where(sql`${t.status} IN ('QUEUED', 'PENDING')`),
    index('job_tasks_open_idx')
      .on(t.mnoJobId, t.status, t.id)
      .where(sql`${t.status} IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED', 'FAILED')`),
    index('job_tasks_submission_idx').on(t.submissionId).where(sql`${t.status} IN ('SUBMITTING', 'SUBMITTED')`),
    // Unsettled tasks of a SIM: a SIM takes part in one unfinished request at a time.
    index('job_tasks_sim_active_idx').on(t.simId).where(sql`${t.status} IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED')`),
  ],
);

export const requestCheckpoints = pgTable(
  'request_checkpoints',
  {
    requestId: idRef('request_id')
      .notNull()
      .references(() => requests.id),
    step: text('step').notNull(),
    doneAt: timestampTz('done_at'),
    doneById: idRef('done_by_id'),
    doneByLabel: text('done_by_label'),
    automatic: boolean('automatic').notNull().default(false),
    note: text('note'),
  },
  (t) => [primaryKey({ name: 'request_checkpoints_pk', columns: [t.requestId, t.step] })],
);

export const requestMessages = pgTable(
  'request_messages',
  {
    id: idPk(),
    requestId: idRef('request_id')
      .notNull()
      .references(() => requests.id),
    authorId: idRef('author_id'),
    authorLabel: text('author_label').notNull(),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('request_messages_request_idx').on(t.requestId, t.createdAt)],
);

export type TBatchJobRow = typeof batchJobs.$inferSelect;
export type TMnoJobRow = typeof mnoJobs.$inferSelect;
export type TRequestRow = typeof requests.$inferSelect;

/**
 * Files of ICCIDs uploaded for a request (POST /request/file), named by `fileId` in POST /request. A file belongs to
 * the user who uploaded it; its rows keep the file's row numbers so the per-SIM validation can name them.
 */
export const requestFiles = pgTable(
  'request_files',
  {
    id: idPk(),
    createdById: idRef('created_by_id').notNull(),
    fileName: text('file_name').notNull(),
    count: integer('count').notNull(),
    rejected: integer('rejected').notNull(),
    /** Up to 1,000 lines that held no ICCID, with why. */
    issues: jsonb('issues').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('request_files_creator_idx').on(t.createdById, t.createdAt)],
);

export const requestFileRows = pgTable(
  'request_file_rows',
  {
    fileId: idRef('file_id')
      .notNull()
      .references(() => requestFiles.id, { onDelete: 'cascade' }),
    /** The row in the file (the header is row 1). */
    row: integer('row').notNull(),
    iccid: textC('iccid').notNull(),
  },
  (t) => [primaryKey({ name: 'request_file_rows_pk', columns: [t.fileId, t.row] })],
);
