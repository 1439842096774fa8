import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { withTestApp } from '../../../test/test-app';
import { verifyAuditChain } from '../audit/audit.repository';
import { flushClosedAuditTallies } from '../audit/audit-tallies';
import { clientKey } from './anonymous-limits';
import { forgotPassword, makeOrgUser, postLogin, query } from './auth-test-kit';

/** Public routes that touch no table: limiting them would cost more than answering. */
const UNLIMITED = ['GET /api/v1/health', 'POST /api/v1/auth/register'];

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown> }, maxWait: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWait);
}

describe('request rates of the unauthenticated endpoints', () => {
  const { t } = routeTest({
    config: { anonymousRequestsPerMinutePerIp: 6, anonymousBurstPerIp: 3, anonymousRequestsPerMinutePerAccount: 4 },
  });

  it('answers 429 with Retry-After to a flood from one address on every public route that does work', async () => {
    const publicRoutes = t.app.routeAccess.filter((r) => r.access.kind === 'public').map((r) => `${r.method} ${r.url}`);
    for (const exempt of UNLIMITED) expect(publicRoutes).toContain(exempt);
    const limited = publicRoutes.filter((r) => !UNLIMITED.includes(r));
    expect(limited.length).toBeGreaterThanOrEqual(8);
    for (const [i, route] of limited.entries()) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      const address = `198.18.0.${i + 1}`;
      const send = (remoteAddress: string) =>
        t.call({ method, url: url.replace(/:\w+/g, 'x'), payload: method === 'POST' ? {} : undefined, remoteAddress });
      // The limit is checked before the body is read: even malformed requests count.
      for (let n = 0; n < 3; n += 1) expect((await send(address)).statusCode, route).not.toBe(429);
      expectTooMany(await send(address), 60);
      expectTooMany(await send(address), 60);
      // Another address is not affected.
      expect((await send(`198.18.1.${i + 1}`)).statusCode, route).not.toBe(429);
    }
  });

  it('limits the requests naming one account, from every address and by email or phone alike', async () => {
    const { username } = await makeOrgUser(t, { email: 'asha.rao@kisan.example.in', phone: '+919844455566' });
    const tries = [
      () => forgotPassword(t, username, '198.18.2.1'),
      () => postLogin(t, '9844455566', 'Wrong-Password-1', {}, '198.18.2.2'),
      () => forgotPassword(t, '+91 98444 55566', '198.18.2.3'),
      () => postLogin(t, 'ASHA.RAO@kisan.example.in', 'Wrong-Password-1', {}, '198.18.2.4'),
    ];
    for (const attempt of tries) expect((await attempt()).statusCode).not.toBe(429);
    expectTooMany(await forgotPassword(t, username, '198.18.2.5'), 60);
  });

  it('does no work for a refused request: no code is made and nothing is audited', async () => {
    const address = '198.18.3.1';
    for (let n = 0; n < 3; n += 1) await forgotPassword(t, `flood${n}@kisan.example.in`, address);
    const count = async () => {
      const [row] = await query<{ resets: number; tallies: number; events: number }>(
        t,
        `SELECT (SELECT count(*)::int FROM password_resets) AS resets,
                (SELECT coalesce(sum(attempts), 0)::int FROM audit_tallies) AS tallies,
                (SELECT count(*)::int FROM audit_events) AS events`,
      );
      return row!;
    };
    const before = await count();
    expectTooMany(await forgotPassword(t, 'flood.more@kisan.example.in', address), 60);
    expect(await count()).toEqual(before);
  });
});

describe('repeated events in the audit trail', () => {
  const { t } = routeTest({ config: { loginMaxFailuresPerAccount: 100, loginMaxFailuresPerIp: 1000 } });

  const events = async (action: string, entityId: string | null) =>
    await query<{ after: Record<string, unknown> | null; actor_label: string; ip: string }>(
      t,
      'SELECT after, actor_label, ip FROM audit_events WHERE action = $1 AND entity_id IS NOT DISTINCT FROM $2 ORDER BY seq',
      [action, entityId],
    );
  const closeWindows = async () => {
    await query(t, "UPDATE audit_tallies SET window_ends_at = now() - interval '1 second'");
    return await flushClosedAuditTallies(t.deps.db);
  };

  it('records a flood of failed sign-ins on one account as one event and one summary', async () => {
    const { user, username } = await makeOrgUser(t);
    for (let i = 0; i < 12; i += 1) {
      expect((await postLogin(t, username, 'Wrong-Password-2', {}, `192.0.2.${1 + (i % 3)}`)).statusCode).toBe(401);
    }
    expect(await events('auth.login_failed', user.id)).toHaveLength(1);
    expect(await events('auth.login_failed_repeated', user.id)).toHaveLength(0);
    expect(await closeWindows()).toBeGreaterThanOrEqual(1);
    const [summary, ...more] = await events('auth.login_failed_repeated', user.id);
    expect(more).toHaveLength(0);
    expect(summary!.after).toMatchObject({
      attempts: 12,
      closedBy: 'window',
      labels: [username],
      ips: ['192.0.2.1', '192.0.2.2', '192.0.2.3'],
      reasons: [{ reason: 'wrong_password', attempts: 12 }],
    });
    // Closing again writes nothing more; the trail's hash chain is whole.
    expect(await closeWindows()).toBe(0);
    expect(await events('auth.login_failed_repeated', user.id)).toHaveLength(1);
    expect(await verifyAuditChain(t.deps.db)).toBeNull();
  });

  it('writes the summary as soon as the failures lock the account', async () => {
    await withTestApp({ loginMaxFailuresPerIp: 1000 }, async (strict) => {
      const { user, username } = await makeOrgUser(strict);
      for (let i = 0; i < 5; i += 1) await postLogin(strict, username, 'Wrong-Password-3');
      const rows = await query<{ action: string; after: Record<string, unknown> }>(
        strict,
        "SELECT action, after FROM audit_events WHERE entity_id = $1 AND action LIKE 'auth.login_failed%' ORDER BY seq",
        [user.id],
      );
      expect(rows.map((r) => r.action)).toEqual(['auth.login_failed', 'auth.login_failed_repeated']);
      expect(rows[1]!.after).toMatchObject({ attempts: 5, closedBy: 'lock' });
    });
  });

  it('groups reset codes asked for an unknown username like those of an account', async () => {
    const ghost = 'unknown.person@kisan.example.in';
    for (let i = 0; i < 5; i += 1) expect((await forgotPassword(t, ghost, `192.0.2.${70 + i}`)).statusCode).toBe(200);
    const byGhost = async (action: string) => (await events(action, null)).filter((r) => r.actor_label === ghost);
    expect(await byGhost('auth.password_reset_requested')).toEqual([expect.objectContaining({ after: { reason: 'unknown_user' } })]);
    await closeWindows();
    const [summary, ...more] = await byGhost('auth.password_reset_requested_repeated');
    expect(more).toHaveLength(0);
    expect(summary!.after).toMatchObject({ attempts: 5, reasons: [{ reason: 'unknown_user', attempts: 5 }] });
    expect(summary!.after!.ips).toEqual([70, 71, 72, 73, 74].map((n) => `192.0.2.${n}`));
  });
});

describe('forgot-password, known and unknown accounts', () => {
  const { t } = routeTest({ config: { loginMaxFailuresPerIp: 1000 } });

  /** Every statement the app sends to PostgreSQL while `work` runs, parameters left out. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const original = pg.Client.prototype.query;
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; the text is all this reads
    pg.Client.prototype.query = function (this: pg.Client, config: any, ...rest: any[]) {
      seen.push(typeof config === 'string' ? config : String(config?.text ?? ''));
      return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof original;
    try {
      await work();
    } finally {
      pg.Client.prototype.query = original;
    }
    return seen.map((s) => s.replace(/\s+/g, ' ').trim());
  }

  it('does the same work for both, but for the message to a real account', async () => {
    // Warm both paths once (connections, the argon2 pool) with other accounts, so both measured requests open a window.
    await forgotPassword(t, (await makeOrgUser(t)).username, '192.0.2.90');
    await forgotPassword(t, 'warm.up@kisan.example.in', '192.0.2.91');
    const { username } = await makeOrgUser(t);
    const known = await statementsOf(async () => expect((await forgotPassword(t, username, '192.0.2.92')).statusCode).toBe(200));
    const unknown = await statementsOf(async () =>
      expect((await forgotPassword(t, 'nobody.here@kisan.example.in', '192.0.2.93')).statusCode).toBe(200),
    );
    // Delivery of a message runs after the answer and may show in either list: statements on the outbox are set apart.
    const isMessage = (s: string) => s.includes('"outbox_messages"');
    expect(known.filter(isMessage).filter((s) => s.startsWith('insert'))).toHaveLength(1);
    expect(unknown.filter(isMessage).filter((s) => s.startsWith('insert'))).toHaveLength(0);
    expect(known.filter((s) => !isMessage(s))).toEqual(unknown.filter((s) => !isMessage(s)));
    expect(unknown.some((s) => s.startsWith('insert into "password_resets"'))).toBe(true);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey(null)).toBe('unknown');
  });

  it('stores a code asked for an unknown account, without a user', async () => {
    const res = await forgotPassword(t, 'no.one@kisan.example.in', '192.0.2.94');
    const rows = await query<{ user_id: string | null; account: string }>(
      t,
      "SELECT user_id, account FROM password_resets WHERE account = 'name:no.one@kisan.example.in'",
    );
    expect(rows).toEqual([{ user_id: null, account: 'name:no.one@kisan.example.in' }]);
    expect(res.json().data.otpToken).toEqual(expect.any(String));
  });
});
