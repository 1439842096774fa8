import type { TIpEntry } from '@tarang/shared/whitelists/ip-entries';
import { IP_GROUP_STATUSES, REVIEW_STATUSES } from '@tarang/shared/whitelists/whitelist.schemas';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, textC, timestampTz, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';

/**
 * An organisation's IP group: the destinations its SIMs may reach (issue 15, docs/decisions/026-whitelisting.md).
 * `entries` are the approved ones (applied to SIMs); `proposed_entries` wait for review or were rejected.
 */
export const ipGroups = pgTable(
  'ip_groups',
  {
    id: idPk(),
    organizationId: idRef('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: IP_GROUP_STATUSES }).notNull().default('ACTIVE'),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('PENDING'),
    reviewReason: text('review_reason'),
    reviewedBy: idRef('reviewed_by'),
    reviewedByLabel: text('reviewed_by_label'),
    reviewedAt: timestampTz('reviewed_at'),
    entries: jsonb('entries').$type<TIpEntry[]>().notNull().default(sql`'[]'::jsonb`),
    proposedEntries: jsonb('proposed_entries').$type<TIpEntry[]>(),
    createdBy: idRef('created_by'),
    createdByLabel: text('created_by_label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ip_groups_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('ip_groups_review_idx').on(t.reviewStatus, t.updatedAt),
  ],
);

/** An organisation's number group: the numbers its SIMs may call, text or be called by. */
export const numberGroups = pgTable(
  'number_groups',
  {
    id: idPk(),
    organizationId: idRef('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: idRef('created_by'),
    createdByLabel: text('created_by_label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('number_groups_org_name_idx').on(t.organizationId, sql`lower(${t.name})`)],
);

/** The numbers of a number group, normalised (+91XXXXXXXXXX, or the 13 digits of an M2M number). */
export const numberGroupNumbers = pgTable(
  'number_group_numbers',
  {
    groupId: idRef('group_id')
      .notNull()
      .references(() => numberGroups.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    createdBy: idRef('created_by'),
    createdByLabel: text('created_by_label'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.number] })],
);

/**
 * Each SIM profile's desired whitelist of a kind (IP, NUMBER) and the task that applies it (issue 15). Its sync state
 * is read from that task: PENDING while it runs, APPLIED when it succeeded (DRIFTED once a reconcile finds the
 * operator holding something else), FAILED with the operator's error; a cancellation that succeeded is REMOVED. A
 * task withdrawn before it reached the operator leaves the profile as it was (the previous whitelist).
 */
export const simWhitelists = pgTable(
  'sim_whitelists',
  {
    iccid: textC('iccid').notNull(),
    kind: text('kind', { enum: ['IP', 'NUMBER'] }).notNull(),
    simId: idRef('sim_id').notNull(),
    operator: text('operator').notNull(),
    /** The group applied; null when the whitelist is being or was taken off. */
    groupId: idRef('group_id'),
    groupName: text('group_name'),
    /** The destinations or numbers the profile should hold (the group's when the request was made). */
    items: jsonb('items'),
    requestId: idRef('request_id').notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    /**
     * What the operator was last known to hold (the last whitelist whose task succeeded, before this one): shown again
     * when this one's task is withdrawn before it reaches the operator (a scheduled cancellation called off).
     */
    previousGroupId: idRef('previous_group_id'),
    previousGroupName: text('previous_group_name'),
    previousItems: jsonb('previous_items'),
    previousTaskId: bigint('previous_task_id', { mode: 'number' }),
    /** When a reconcile found the operator holding something else than `items` (after the task succeeded). */
    driftedAt: timestampTz('drifted_at'),
    driftNote: text('drift_note'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.iccid, t.kind] }),
    index('sim_whitelists_sim_idx').on(t.simId),
    index('sim_whitelists_group_idx').on(t.groupId).where(sql`${t.groupId} IS NOT NULL`),
    index('sim_whitelists_task_idx').on(t.taskId),
  ],
);

/**
 * The passes of the whitelist reconcile (issue 15): each asks the operators what they hold on every profile whose
 * whitelist was applied and marks differences DRIFTED (or clears them). The open pass (no finished_at) keeps its
 * position, so a worker that dies mid-pass is followed by one that goes on from there.
 */
export const whitelistReconciles = pgTable('whitelist_reconciles', {
  id: idPk(),
  startedAt: timestampTz('started_at').notNull().defaultNow(),
  finishedAt: timestampTz('finished_at'),
  afterIccid: textC('after_iccid'),
  afterKind: text('after_kind'),
  checked: bigint('checked', { mode: 'number' }).notNull().default(0),
  drifted: bigint('drifted', { mode: 'number' }).notNull().default(0),
  /** Profiles found drifted before and in line again now. */
  restored: bigint('restored', { mode: 'number' }).notNull().default(0),
  /** Profiles of an operator that could not be asked (outage, manual gateway): left as they were. */
  skipped: bigint('skipped', { mode: 'number' }).notNull().default(0),
});
