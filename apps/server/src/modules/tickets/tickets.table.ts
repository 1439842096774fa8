import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, timestampTz, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';

/**
 * Support tickets (issue 17, docs/decisions/032-tickets.md). A ticket belongs to one organisation; its thread is
 * `ticket_comments`; its attachments are stored in the database (`ticket_attachment_files`, apart from their
 * description so lists never read the bytes), so a backup of the database holds them.
 */

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const ticketNumbers = pgSequence('ticket_numbers', { startWith: 1 });

export const tickets = pgTable(
  'tickets',
  {
    id: idPk(),
    number: text('number').notNull(),
    organizationId: idRef('organization_id')
      .notNull()
      .references(() => organizations.id),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    status: text('status').notNull().default('OPEN'),
    createdById: idRef('created_by_id'),
    createdByLabel: text('created_by_label').notNull(),
    createdBySide: text('created_by_side').notNull(),
    assigneeId: idRef('assignee_id'),
    /** When it is due to be resolved (null while waiting on the customer, and once resolved or closed). */
    slaDueAt: timestampTz('sla_due_at'),
    /** While waiting on the customer: what was left of the SLA, in seconds, to start again from. */
    slaLeftSeconds: integer('sla_left_seconds'),
    diagnosis: jsonb('diagnosis'),
    resolvedAt: timestampTz('resolved_at'),
    closedAt: timestampTz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tickets_number_uq').on(t.number),
    index('tickets_org_created_idx').on(t.organizationId, t.createdAt),
    index('tickets_created_idx').on(t.createdAt),
    index('tickets_sla_idx').on(t.slaDueAt).where(sql`${t.slaDueAt} IS NOT NULL`),
    index('tickets_assignee_idx').on(t.assigneeId).where(sql`${t.assigneeId} IS NOT NULL`),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: idPk(),
    ticketId: idRef('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: idRef('author_id'),
    authorLabel: text('author_label').notNull(),
    authorSide: text('author_side').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: idPk(),
    ticketId: idRef('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    commentId: idRef('comment_id'),
    fileName: text('file_name').notNull(),
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    authorId: idRef('author_id'),
    authorLabel: text('author_label').notNull(),
    authorSide: text('author_side').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const ticketAttachmentFiles = pgTable('ticket_attachment_files', {
  attachmentId: idRef('attachment_id')
    .primaryKey()
    .references(() => ticketAttachments.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

export const ticketSims = pgTable(
  'ticket_sims',
  {
    ticketId: idRef('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    simId: idRef('sim_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.simId] }), index('ticket_sims_sim_idx').on(t.simId)],
);

export const ticketRequests = pgTable(
  'ticket_requests',
  {
    ticketId: idRef('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    requestId: idRef('request_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.requestId] })],
);
