import { WHITELIST_DEFAULT_LIMITS } from '@tarang/shared/whitelists/whitelist.schemas';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { textC, timestampTz } from '../../db/columns';

/**
 * Per-operator gateway limits (batch size, rate, timeout, attempts) and the simulator's behaviour, changeable by
 * staff at run time. `next_slot_at` is the rate limiter shared by every worker process.
 */
export const operatorGateways = pgTable('operator_gateways', {
  operator: text('operator').primaryKey(),
  adapter: text('adapter').notNull().default('simulator'),
  batchSize: integer('batch_size').notNull().default(1000),
  ratePerSecond: integer('rate_per_second').notNull().default(0),
  timeoutMs: integer('timeout_ms').notNull().default(10_000),
  maxAttempts: integer('max_attempts').notNull().default(5),
  latencyMs: integer('latency_ms').notNull().default(0),
  processingMs: integer('processing_ms').notNull().default(0),
  failureRate: doublePrecision('failure_rate').notNull().default(0),
  transientFailureRate: doublePrecision('transient_failure_rate').notNull().default(0),
  outage: boolean('outage').notNull().default(false),
  /** Most entries of one IP group, and numbers of one number group, this operator takes on a SIM. */
  whitelistIpLimit: integer('whitelist_ip_limit').notNull().default(WHITELIST_DEFAULT_LIMITS.ipEntries),
  whitelistNumberLimit: integer('whitelist_number_limit').notNull().default(WHITELIST_DEFAULT_LIMITS.numbers),
  nextSlotAt: timestampTz('next_slot_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/** The simulator's log of every call it received (submit, poll, cancel), as an operator's API log would be. */
export const simulatorCalls = pgTable(
  'simulator_calls',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    operator: text('operator').notNull(),
    call: text('call', { enum: ['SUBMIT', 'POLL', 'CANCEL'] }).notNull(),
    submissionId: textC('submission_id').notNull(),
    sims: integer('sims').notNull().default(0),
    /** SIMs of a submit the operator had already received under the same task key (not applied again). */
    duplicates: integer('duplicates').notNull().default(0),
    outcome: text('outcome').notNull(),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [index('simulator_calls_submission_idx').on(t.submissionId)],
);

/**
 * What the simulated operator did with each SIM: one row per task key (task id and attempt), inserted once however
 * often the key is submitted. Tests and the benchmark count these rows per ICCID.
 */
export const simulatorSims = pgTable(
  'simulator_sims',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    operator: text('operator').notNull(),
    taskKey: textC('task_key').notNull(),
    submissionId: textC('submission_id').notNull(),
    iccid: textC('iccid').notNull(),
    operation: text('operation').notNull(),
    /** DONE, FAILED (permanent), RETRY (transient: not applied, may be sent again under a new key), CANCELLED. */
    result: text('result').notNull(),
    error: text('error'),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
    readyAt: timestampTz('ready_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('simulator_sims_key_uq').on(t.operator, t.taskKey),
    index('simulator_sims_submission_idx').on(t.submissionId),
    index('simulator_sims_iccid_idx').on(t.iccid),
  ],
);

/**
 * What the simulated operators have applied as each profile's whitelist (issue 15): a log, newest last. A submitted
 * whitelist task adds its row, effective when the operator has processed it; a withdrawn task's row is marked; drift
 * the simulator is told to make adds rows of no task. What a profile has now is its newest effective row.
 */
export const simulatorWhitelists = pgTable(
  'simulator_whitelists',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    operator: text('operator').notNull(),
    iccid: textC('iccid').notNull(),
    /** IP or NUMBER. */
    kind: text('kind').notNull(),
    /** The destinations or numbers applied; null: none (the whitelist was taken off). */
    items: jsonb('items'),
    effectiveAt: timestampTz('effective_at').notNull().defaultNow(),
    taskKey: textC('task_key'),
    withdrawn: boolean('withdrawn').notNull().default(false),
  },
  (t) => [
    index('simulator_whitelists_profile_idx').on(t.operator, t.iccid, t.kind, t.seq),
    index('simulator_whitelists_task_idx').on(t.operator, t.taskKey).where(sql`${t.taskKey} IS NOT NULL`),
  ],
);

/**
 * What staff told the simulated operator a SIM does on its network (issue 16): NEVER_ATTACHES, ROAMING, HEAVY,
 * IMEI_MISMATCH, SUSPENDED_AT_OPERATOR or NORMAL, in place of the condition its seed gives it.
 */
export const simulatorNetworkConditions = pgTable(
  'simulator_network_conditions',
  {
    operator: text('operator').notNull(),
    iccid: textC('iccid').notNull(),
    condition: text('condition').notNull(),
    setAt: timestampTz('set_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operator, t.iccid] })],
);

/**
 * The device-management simulator (issue 17): what staff told it a device does (OFFLINE, INSTALL_FAILS; absent is
 * online), and each firmware installation it carried out, once per task key — the device reporting its new version.
 */
export const simulatorDeviceConditions = pgTable('simulator_device_conditions', {
  imei: textC('imei').primaryKey(),
  condition: text('condition').notNull(),
  setAt: timestampTz('set_at').notNull().defaultNow(),
});

export const simulatorDeviceFirmware = pgTable(
  'simulator_device_firmware',
  {
    taskKey: text('task_key').primaryKey(),
    imei: textC('imei').notNull(),
    version: text('version').notNull(),
    checksum: text('checksum').notNull(),
    installedAt: timestampTz('installed_at').notNull(),
  },
  (t) => [index('simulator_device_firmware_imei_idx').on(t.imei)],
);
