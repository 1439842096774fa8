import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idPk } from '../../db/columns';

/** Every e-mail and SMS the platform sends; without a configured transport they wait here for staff to read. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: idPk(),
    channel: text('channel', { enum: ['EMAIL', 'SMS'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED', 'HELD'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
