import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, textC, timestampTz, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';

/**
 * SIMs (docs/decisions/010-sim-inventory-and-search-index.md). A SIM carries one primary profile (position 0)
 * and zero or more provisioned ones in `sim_profiles`; `primary_iccid` repeats the primary ICCID on the SIM row
 * so the list can sort and page by it on one index. Identifiers are byte-wise (`COLLATE "C"`) so prefix
 * matches are index ranges; `reverse(...)` indexes make suffix matches ranges too.
 */
export const sims = pgTable(
  'sims',
  {
    id: idPk(),
    primaryIccid: textC('primary_iccid').notNull(),
    /** null: provider stock. */
    organizationId: idRef('organization_id').references(() => organizations.id),
    status: text('status').notNull().default('IN_STOCK'),
    intendedStatus: text('intended_status'),
    statusReason: text('status_reason'),
    planId: idRef('plan_id'),
    activatedAt: timestampTz('activated_at'),
    expiresAt: timestampTz('expires_at'),
    apn: text('apn'),
    staticIp: text('static_ip'),
    imeiLock: boolean('imei_lock').notNull().default(false),
    lockedImei: textC('locked_imei'),
    lastImei: textC('last_imei'),
    label: text('label'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    /**
     * The bulk upload that added the SIM, and its row there: tells a duplicate inside a file from one already present.
     * Read from the SIM row only (found by its identifiers), so it has no index: one entry less for every SIM added.
     */
    uploadId: idRef('upload_id'),
    uploadRow: integer('upload_row'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sims_primary_iccid_uq').on(t.primaryIccid),
    index('sims_org_iccid_idx').on(t.organizationId, t.primaryIccid),
    index('sims_status_iccid_idx').on(t.status, t.primaryIccid),
    // Ties broken by ICCID, not by id: SIMs are added and moved in ICCID ranges, so their entries land side by side
    // (a random id scattered them over the whole index; docs/decisions/010).
    index('sims_created_iccid_idx').on(t.createdAt, t.primaryIccid),
    index('sims_expires_iccid_idx').on(t.expiresAt, t.primaryIccid),
    index('sims_plan_idx').on(t.planId, t.primaryIccid).where(sql`${t.planId} IS NOT NULL`),
    index('sims_tags_idx').using('gin', t.tags),
    index('sims_label_idx').on(sql`lower(${t.label}) text_pattern_ops`).where(sql`${t.label} IS NOT NULL`),
    uniqueIndex('sims_static_ip_uq').on(t.staticIp).where(sql`${t.staticIp} IS NOT NULL`),
  ],
);

export const simProfiles = pgTable(
  'sim_profiles',
  {
    simId: idRef('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    /** 0 = primary, 1… = provisioned. */
    position: smallint('position').notNull(),
    iccid: textC('iccid').notNull(),
    imsi: textC('imsi').notNull(),
    msisdn: textC('msisdn'),
    operator: text('operator').notNull(),
  },
  (t) => [
    primaryKey({ name: 'sim_profiles_pk', columns: [t.simId, t.position] }),
    uniqueIndex('sim_profiles_iccid_uq').on(t.iccid),
    uniqueIndex('sim_profiles_imsi_uq').on(t.imsi),
    uniqueIndex('sim_profiles_msisdn_uq').on(t.msisdn),
    // Suffix search ("the last digits printed on the card"): a prefix range on the reversed value.
    index('sim_profiles_iccid_rev_idx').on(sql`reverse(${t.iccid})`),
    index('sim_profiles_msisdn_rev_idx').on(sql`reverse(${t.msisdn})`),
  ],
);

/**
 * Allocations, roll-backs and bulk uploads: one row each, with progress. Large ones run in the background and
 * resume after a restart from `cursor` (the last ICCID done) or `processed` (rows of the file read).
 */
export const simOperations = pgTable(
  'sim_operations',
  {
    id: idPk(),
    kind: text('kind', { enum: ['ALLOCATE', 'ROLLBACK', 'UPLOAD'] }).notNull(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    /** The organisation of the user who asked (null: staff): who may see the operation. */
    organizationId: idRef('organization_id'),
    /** Who asked, with their reach at the time, and from where (for the audit event written at the end). */
    actor: jsonb('actor').notNull(),
    params: jsonb('params').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    totalIsEstimate: boolean('total_is_estimate').notNull().default(false),
    processed: bigint('processed', { mode: 'number' }).notNull().default(0),
    succeeded: bigint('succeeded', { mode: 'number' }).notNull().default(0),
    skipped: bigint('skipped', { mode: 'number' }).notNull().default(0),
    alreadyPresent: bigint('already_present', { mode: 'number' }).notNull().default(0),
    /** Keyset position of a background allocation or roll-back. */
    cursor: textC('cursor'),
    fileName: text('file_name'),
    filePath: text('file_path'),
    rejectedPath: text('rejected_path'),
    /** Bytes of the rejected-rows file that belong to committed batches (a resumed upload cuts the rest). */
    rejectedBytes: bigint('rejected_bytes', { mode: 'number' }).notNull().default(0),
    error: text('error'),
    heartbeatAt: timestampTz('heartbeat_at'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [index('sim_operations_status_idx').on(t.status, t.createdAt), index('sim_operations_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * Which batch operations touched a SIM: the SIM's history reads their audit events (one per batch) through it.
 */
export const simHistory = pgTable(
  'sim_history',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    simId: idRef('sim_id').notNull(),
    operationId: idRef('operation_id').notNull(),
  },
  (t) => [index('sim_history_sim_idx').on(t.simId, t.seq)],
);
