import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, timestampTz } from '../../db/columns';
import { users } from '../users/users.table';

/** Every e-mail and SMS the platform sends; without a configured transport they wait here for the Super Admin to read. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: idPk(),
    channel: text('channel', { enum: ['EMAIL', 'SMS'] }).notNull(),
    recipient: text('recipient').notNull(),
    /**
     * The user the message is for: who may read it in the outbox follows from them (docs/decisions/021-outbox.md).
     * Null once that user is deleted, and then nobody reads it there.
     */
    recipientUserId: idRef('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject'),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED', 'HELD'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_recipient_user_idx').on(t.recipientUserId)],
);
