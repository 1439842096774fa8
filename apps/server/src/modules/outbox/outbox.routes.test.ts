import { type AddressInfo, createServer } from 'node:net';
import { Writable } from 'node:stream';
import { fullAuthScopes, hasPermission, scopesFrom, type TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { DEFAULT_ROLES } from '@tarang/shared/roles/default-roles';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { buildTenancyFixture } from '../../../test/fixtures';
import { routeTest } from '../../../test/route-test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  API,
  FIXTURE_PASSWORD,
  makeOrganization,
  makeRole,
  makeSignedInUser,
  makeUser,
  type TTestApp,
  withTestApp,
} from '../../../test/test-app';
import { loadConfig } from '../../config';
import { createLogger } from '../../lib/logger';
import { body, forgotPassword, latestOtp, latestOutboxMessage, makeOrgUser, query } from '../auth/auth-test-kit';
import { createMessenger } from './messenger';

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
  const { t } = routeTest();

  const outbox = async (token?: string) => await t.call({ method: 'GET', url: `${API}/outbox?limit=200`, token });

  it('shows the Super Admin the messages held without a transport', async () => {
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

  it('is 403 for every role but the built-in Super Admin: the default roles, and custom ones holding every other permission', async () => {
    const org = await makeOrganization(t, 'Outbox Probe Org');
    const everything = fullAuthScopes();
    delete everything.outbox;
    const probes: { name: string; kind: 'STAFF' | 'ORGANIZATION'; authScopes: TAuthScopes }[] = [
      ...DEFAULT_ROLES.map((r) => ({ name: r.name, kind: r.kind, authScopes: r.authScopes })),
      { name: 'Every other permission (staff)', kind: 'STAFF', authScopes: everything },
      { name: 'Every other permission (organisation)', kind: 'ORGANIZATION', authScopes: everything },
    ];
    expect(probes.some((p) => p.kind === 'STAFF' && hasPermission(p.authScopes, 'user', 'sendMail'))).toBe(true);
    for (const [i, probe] of probes.entries()) {
      const { session } = await makeSignedInUser(t, {
        email: `outbox.probe.${i}@example.in`,
        role: `${probe.name} ${i}`,
        authScopes: probe.authScopes,
        organizationId: probe.kind === 'STAFF' ? null : org.id,
      });
      const res = await outbox(session.token);
      expect(res.statusCode, `${probe.name}: ${res.body}`).toBe(403);
      expect(res.body).not.toMatch(/\b\d{6}\b/);
    }
    expect((await outbox()).statusCode).toBe(401);
  });

  it('no role but the built-in one can be given the outbox, not even by the Super Admin', async () => {
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const authScopes = scopesFrom({ outbox: true, user: [] });
    const created = await t.call({
      method: 'POST',
      url: `${API}/roles`,
      token: admin.token,
      payload: { name: 'Mail Desk', kind: 'STAFF', authScopes },
    });
    expect(created.statusCode, created.body).toBe(403);
    expect(body(created).errors).toEqual([
      { path: 'authScopes.outbox', message: 'Only the built-in Super Admin role holds this permission' },
    ]);
    const role = await makeRole(t, 'Mail Desk Later', scopesFrom({ user: [] }), { kind: 'STAFF' });
    const updated = await t.call({ method: 'PUT', url: `${API}/roles/${role.id}`, token: admin.token, payload: { authScopes } });
    expect(updated.statusCode, updated.body).toBe(403);
    expect(body(updated).errors?.[0]?.path).toBe('authScopes.outbox');
    const [stored] = await query<{ auth_scopes: TAuthScopes }>(t, 'SELECT auth_scopes FROM roles WHERE id = $1', [role.id]);
    expect(stored!.auth_scopes.outbox).toBeUndefined();
  });

  it("shows a Super Admin the mail of users they administer and their own, never another Super Admin's", async () => {
    const [superAdminRole] = await query<{ id: string }>(t, "SELECT id FROM roles WHERE system AND name = 'Super Admin'");
    const second = 'second.admin@tarang.test';
    await makeUser(t, { email: second, roleId: superAdminRole!.id, organizationId: null });
    const support = await makeRole(t, 'Support Mail', scopesFrom({ user: ['sendMail'] }), { kind: 'STAFF' });
    const staffUser = 'support.person@tarang.test';
    await makeUser(t, { email: staffUser, roleId: support.id, organizationId: null });
    const { username: orgUser } = await makeOrgUser(t);
    for (const who of [ADMIN_EMAIL, second, staffUser, orgUser]) expect((await forgotPassword(t, who)).statusCode).toBe(200);
    const codes = Object.fromEntries(
      await Promise.all([ADMIN_EMAIL, second, staffUser, orgUser].map(async (who) => [who, await latestOtp(t, who)] as const)),
    );

    const first = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const firstView = await outbox(first.token);
    expect(firstView.statusCode).toBe(200);
    const seenByFirst = new Set((body(firstView).data as { recipient: string }[]).map((m) => m.recipient));
    expect(seenByFirst.has(ADMIN_EMAIL)).toBe(true);
    expect(seenByFirst.has(staffUser)).toBe(true);
    expect(seenByFirst.has(orgUser)).toBe(true);
    expect(seenByFirst.has(second)).toBe(false);
    expect(firstView.body).not.toContain(codes[second]!);
    expect(body(firstView).meta?.total).toBe((body(firstView).data as unknown[]).length);

    const secondSession = await t.login(second, FIXTURE_PASSWORD);
    const secondView = await outbox(secondSession.token);
    const seenBySecond = (body(secondView).data as { recipient: string; body: string }[]).filter(
      (m) => m.recipient === ADMIN_EMAIL || m.recipient === second,
    );
    expect(seenBySecond.map((m) => m.recipient)).toEqual([second]);
    expect(secondView.body).toContain(codes[second]!);
    expect(secondView.body).not.toContain(codes[ADMIN_EMAIL]!);
  });

  it('a reset code or an invitation link appears in no other response, whoever asks', async () => {
    const f = await buildTenancyFixture(t);
    const victim = f.actors.c1Operator;
    const admin = f.actors.staffAdmin;
    expect((await forgotPassword(t, victim.email)).statusCode).toBe(200);
    expect((await forgotPassword(t, admin.email)).statusCode).toBe(200);
    const invite = await t.call({
      method: 'POST',
      url: `${API}/users`,
      token: admin.token,
      payload: {
        firstName: 'Invited',
        lastName: 'Person',
        email: 'invited.person@example.in',
        role: f.roles.basic.id,
        organizationId: f.orgs.C1.id,
      },
    });
    expect(invite.statusCode, invite.body).toBe(202);
    const [invited] = await query<{ id: string }>(t, 'SELECT id FROM users WHERE email = $1', ['invited.person@example.in']);
    const secrets = [await latestOtp(t, victim.email), await latestOtp(t, admin.email)];
    const invitation = await latestOutboxMessage(t, 'invited.person@example.in');
    secrets.push(/reset-password\/([\w-]+)/.exec(invitation!.body)![1]!);

    // Every GET route of the API, with each path parameter filled by every id the actors know (and by the secrets).
    const ids = [victim.userId, admin.userId, invited!.id, f.orgs.C1.id, f.roles.basic.id, victim.roleId, ...secrets];
    const routes = t.app.routeAccess.filter((r) => r.method === 'GET' && r.url !== `${API}/outbox`);
    expect(routes.length).toBeGreaterThan(20);
    const urls = routes.flatMap((r) => {
      const params = r.url.match(/:\w+/g) ?? [];
      if (params.length === 0) return [r.url];
      return ids.map((id) => params.reduce((url, p) => url.replace(p, encodeURIComponent(id)), r.url));
    });
    const readers = [undefined, admin.token, f.actors.staffSupport.token, f.actors.c1Admin.token, victim.token];
    let answered = 0;
    for (const url of urls) {
      for (const token of readers) {
        const res = await t.call({ method: 'GET', url, token });
        if (res.statusCode === 200) answered++;
        for (const secret of secrets) expect(res.body, `${url} answered ${res.statusCode}`).not.toContain(secret);
      }
    }
    expect(answered).toBeGreaterThan(50);
  });
});

describe('start-up without a mail transport', () => {
  function logsOf(env: 'production' | 'development', smtpUrl: string | null) {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        cb();
      },
    });
    const messenger = createMessenger(loadConfig({ NODE_ENV: env }, { smtpUrl }), createLogger('info', sink));
    messenger.close();
    return lines;
  }

  it('warns loudly in production when SMTP_URL is unset, and not otherwise', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const warned = logsOf('production', null);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warned).toEqual([expect.objectContaining({ level: 40, msg: expect.stringMatching(/^NO MAIL TRANSPORT: SMTP_URL is not set/) })]);
    const configured = logsOf('production', 'smtp://127.0.0.1:2525');
    const development = logsOf('development', null);
    await new Promise((resolve) => setImmediate(resolve));
    expect(configured).toEqual([]);
    expect(development).toEqual([]);
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
    await withTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` }, async (t) => {
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
    }).finally(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  });

  it('marks a message FAILED with the reason when the server cannot be reached, without logging its text', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await withTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` }, async (t) => {
      const { username } = await makeOrgUser(t);
      expect((await forgotPassword(t, username)).statusCode).toBe(200);
      const row = await settledMessage(t, username);
      expect(row.status).toBe('FAILED');
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      const warning = t.logs.find((l) => l.msg === 'message delivery failed');
      expect(warning).toMatchObject({ level: 40, messageId: row.id });
      const code = /\b(\d{6})\b/.exec(row.body)![1]!;
      expect(t.logText()).not.toMatch(new RegExp(`\\b${code}\\b`));
    });
  });
});
