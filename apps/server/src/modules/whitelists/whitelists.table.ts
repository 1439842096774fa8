import type { TIpEntry } from '@tarang/shared/whitelists/ip-entries';
import { IP_GROUP_STATUSES, REVIEW_STATUSES } from '@tarang/shared/whitelists/whitelist.schemas';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, timestampTz, updatedAt } from '../../db/columns';
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
