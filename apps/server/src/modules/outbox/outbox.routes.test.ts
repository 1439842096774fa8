import { type AddressInfo, createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API, createTestApp, FIXTURE_PASSWORD, type TTestApp } from '../../../test/test-app';
import { body, forgotPassword, latestOtp, makeOrgUser, query } from '../auth/auth-test-kit';

type TOutboxRow = { id: string; status: string; error: string | null; sent_at: Date | null; body: string };

/** Delivery runs after the answer: wait (bounded) until the message left PENDING. */
async function settledMessage(t: TTestApp, recipient: string): Promise<TOutboxRow> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await query<TOutboxRow>(t, 'SELECT * FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1', [
      recipient,
    ]);
    if (row && row.status !== 'PENDING') return row;
    if (Date.now() > deadline) throw new Error(`message to ${recipient} still ${row?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('GET /outbox', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('shows staff the messages held without a transport', async () => {
    const { username } = await makeOrgUser(t);
    expect((await forgotPassword(t, username)).statusCode).toBe(200);
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await t.call({ method: 'GET', url: `${API}/outbox?limit=10`, token: admin.token });
    expect(res.statusCode).toBe(200);
    const json = body(res);
    expect(json.meta).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(json.data[0]).toMatchObject({ channel: 'EMAIL', recipient: username, template: 'password-reset-otp', status: 'HELD' });
    expect(json.data[0].body).toContain(await latestOtp(t, username));
  });

  it('is for platform staff only', async () => {
    // An organisation user holding the Send Mail permission still may not read the platform's messages.
    const { username } = await makeOrgUser(t);
    const session = await t.login(username, FIXTURE_PASSWORD);
    const res = await t.call({ method: 'GET', url: `${API}/outbox`, token: session.token });
    expect(res.statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `${API}/outbox` })).statusCode).toBe(401);
  });
});

describe('delivery by e-mail', () => {
  it('sends a queued message through the configured SMTP server and marks it SENT', async () => {
    const received: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const { username } = await makeOrgUser(t);
      expect((await forgotPassword(t, username)).statusCode).toBe(200);
      const row = await settledMessage(t, username);
      expect(row).toMatchObject({ status: 'SENT', error: null });
      expect(row.sent_at).toBeInstanceOf(Date);
      const code = /\b(\d{6})\b/.exec(row.body)![1]!;
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual([username]);
      expect(received[0]!.data).toContain('Subject: Your Tarang password reset code');
      expect(received[0]!.data).toContain(code);
      expect(t.logText()).not.toMatch(new RegExp(`\\b${code}\\b`));
    } finally {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('marks a message FAILED with the reason when the server cannot be reached, without logging its text', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const { username } = await makeOrgUser(t);
      expect((await forgotPassword(t, username)).statusCode).toBe(200);
      const row = await settledMessage(t, username);
      expect(row.status).toBe('FAILED');
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      const warning = t.logs.find((l) => l.msg === 'message delivery failed');
      expect(warning).toMatchObject({ level: 40, messageId: row.id });
      const code = /\b(\d{6})\b/.exec(row.body)![1]!;
      expect(t.logText()).not.toMatch(new RegExp(`\\b${code}\\b`));
    } finally {
      await t.close();
    }
  });
});
