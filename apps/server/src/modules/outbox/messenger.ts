import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { TConfig } from '../../config';
import type { TDb, TExecutor } from '../../db/database';
import { outboxMessages } from './outbox.table';

/** Sends SMS through an operator's gateway; none is configured here, so messages are held in the outbox. */
export interface TSmsGateway {
  send(to: string, text: string): Promise<void>;
}

export type TOutgoing = {
  channel: 'EMAIL' | 'SMS';
  to: string;
  /** The user the message is for; it decides who may read the message in the outbox. */
  recipientUserId: string;
  subject?: string;
  body: string;
  template: string;
};

/**
 * Every e-mail and SMS goes through here. The message is written to the outbox in the caller's
 * transaction and delivered after the response, so sending never slows down or leaks through a request.
 * Without a transport it stays HELD for the Super Admin to read (and is printed in development).
 */
export function createMessenger(config: TConfig, logger: Logger, sms: TSmsGateway | null = null) {
  const mail: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl, { pool: true } as never) : null;
  if (!mail && config.env === 'production') {
    // Loud on purpose: in production nobody receives a reset code or an invitation until someone reads the outbox.
    logger.warn(
      { smtpUrl: null, outbox: '/api/v1/outbox' },
      'NO MAIL TRANSPORT: SMTP_URL is not set, so no e-mail leaves this server. Password-reset codes and invitations wait in the outbox, readable by the Super Admin only. Set SMTP_URL.',
    );
  }

  async function enqueue(db: TExecutor, msg: TOutgoing): Promise<string> {
    const transport = msg.channel === 'EMAIL' ? mail : sms;
    const [row] = await db
      .insert(outboxMessages)
      .values({
        channel: msg.channel,
        recipient: msg.to,
        recipientUserId: msg.recipientUserId,
        subject: msg.subject ?? null,
        body: msg.body,
        template: msg.template,
        status: transport ? 'PENDING' : 'HELD',
      })
      .returning({ id: outboxMessages.id });
    if (!transport && config.env === 'development') {
      logger.info(
        { channel: msg.channel, to: msg.to, subject: msg.subject, outbox: msg.body },
        'message held in the outbox (no transport configured)',
      );
    }
    return row!.id;
  }

  async function deliver(db: TDb, id: string): Promise<void> {
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    if (row?.status !== 'PENDING') return;
    try {
      if (row.channel === 'EMAIL' && mail)
        await mail.sendMail({ from: config.mailFrom, to: row.recipient, subject: row.subject ?? '', text: row.body });
      else if (row.channel === 'SMS' && sms) await sms.send(row.recipient, row.body);
      await db.update(outboxMessages).set({ status: 'SENT', sentAt: new Date() }).where(eq(outboxMessages.id, id));
    } catch (error) {
      logger.warn({ messageId: id, err: (error as Error).message }, 'message delivery failed');
      await db
        .update(outboxMessages)
        .set({ status: 'FAILED', error: (error as Error).message.slice(0, 500) })
        .where(eq(outboxMessages.id, id));
    }
  }

  return {
    enqueue,
    /** Delivers after the current request; failures are recorded on the message. */
    deliverLater(db: TDb, ids: string[]) {
      setImmediate(() => {
        for (const id of ids) {
          // Never an unhandled rejection (the database may be gone when the server is closing); the message stays PENDING.
          deliver(db, id).catch((error: Error) => logger.warn({ messageId: id, err: error.message }, 'message delivery could not run'));
        }
      });
    },
    /** Delivers now, for work that runs outside a request (a queue job); failures are recorded on the message. */
    async deliverNow(db: TDb, ids: string[]) {
      for (const id of ids) await deliver(db, id);
    },
    close() {
      mail?.close();
    },
  };
}
export type TMessenger = ReturnType<typeof createMessenger>;
