import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from '../src/lib/logger';
import { routeTest } from './route-test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API } from './test-app';

/**
 * The cross-cutting check: passwords, tokens, OTPs and API keys that went through real flows
 * appear in no log line and in no audit event.
 */
const { t } = routeTest();
const secrets = new Map<string, string>();
const keep = (name: string, value: string) => {
  expect(value.length, name).toBeGreaterThanOrEqual(6);
  secrets.set(name, value);
  return value;
};

const USER_EMAIL = 'secret.keeper@tarang.test';
const FIRST_PASSWORD = keep('initial password', 'Quartz-Monsoon-8841-Lotus');
const OTP_PASSWORD = keep('password set with an OTP', 'Banyan-Cobalt-2297-Kite');
const CHANGED_PASSWORD = keep('changed password', 'Saffron-Delta-5513-Heron');
const LINK_PASSWORD = keep('password set with a link', 'Marigold-Tundra-6620-Wren');
const PLAIN_PASSWORD = keep('unsealed password sent by mistake', 'Plain-Leak-Secret-7703');
const API_KEY = keep('api key header', 'tk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0');
const BOGUS_BEARER = keep('bogus bearer', 'eyBogusBearerSecret.1234567890abcdef.zyxw');
keep('admin password', ADMIN_PASSWORD);

async function outbox(template: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ body: string }>(
    'SELECT body FROM outbox_messages WHERE template = $1 ORDER BY created_at DESC LIMIT 1',
    [template],
  );
  expect(rows, template).toHaveLength(1);
  return rows[0]!.body;
}

async function post(url: string, payload: unknown, token?: string) {
  const res = await t.call({ method: 'POST', url: `${API}${url}`, payload: payload as Record<string, unknown>, token });
  return res;
}

beforeAll(async () => {
  // Staff sign-in and a user with a sealed initial password.
  const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  keep('admin access token', admin.token);
  keep('admin refresh token', admin.refresh);
  const roles = await t.call({ method: 'GET', url: `${API}/roles?limit=50`, token: admin.token });
  const staffRole = (roles.json().data as { id: string; kind: string }[]).find((r) => r.kind === 'STAFF')!;
  const [sealedFirst] = await t.seal(FIRST_PASSWORD);
  const created = await post(
    '/users',
    { firstName: 'Secret', lastName: 'Keeper', email: USER_EMAIL, role: staffRole.id, organizationId: null, password: sealedFirst },
    admin.token,
  );
  // The answer names no user (decision 021): find the new one by its address.
  expect(created.statusCode, created.body).toBe(202);
  const found = await t.call({ method: 'GET', url: `${API}/users?search=${encodeURIComponent(USER_EMAIL)}`, token: admin.token });
  const userId = found.json().data[0].id as string;

  // Sign in, use the token in a URL and as a bearer, rotate the refresh token.
  const session = await t.login(USER_EMAIL, FIRST_PASSWORD);
  keep('access token', session.token);
  keep('refresh token', session.refresh);
  expect((await t.call({ method: 'GET', url: `${API}/auth/logged-in-user/${session.token}` })).statusCode).toBe(200);
  const refreshed = await post('/auth/refresh-tokens', { refreshToken: session.refresh });
  expect(refreshed.statusCode).toBe(200);
  keep('rotated access token', refreshed.json().data.access.token);
  keep('rotated refresh token', refreshed.json().data.refresh.token);
  // Reusing the old refresh token is refused (and logged as a warning): the token itself must not be in it.
  expect((await post('/auth/refresh-tokens', { refreshToken: session.refresh })).statusCode).toBe(401);

  // Forgot password: the OTP arrives in the outbox; reset with it.
  const forgot = await post('/auth/forgot-password', { username: USER_EMAIL });
  expect(forgot.statusCode).toBe(200);
  const otpToken = keep('otp token', forgot.json().data.otpToken);
  const otp = keep('otp', /\b(\d{6})\b/.exec(await outbox('password-reset-otp'))![1]!);
  const [sealedOtpPassword] = await t.seal(OTP_PASSWORD);
  const wrongOtp = otp === '000000' ? '111111' : '000000';
  expect((await post(`/auth/reset-password?otp=${wrongOtp}`, { otpToken, password: sealedOtpPassword })).statusCode).toBe(400);
  const [sealedOtpPassword2] = await t.seal(OTP_PASSWORD);
  const reset = await post(`/auth/reset-password?otp=${otp}`, { otpToken, password: sealedOtpPassword2 });
  expect(reset.statusCode, reset.body).toBe(200);

  // Change password while signed in.
  const again = await t.login(USER_EMAIL, OTP_PASSWORD);
  keep('access token after reset', again.token);
  keep('refresh token after reset', again.refresh);
  const [sealedCurrent, sealedNew] = await t.seal([OTP_PASSWORD, CHANGED_PASSWORD]);
  const changed = await post(
    '/auth/change-password',
    { username: USER_EMAIL, password: sealedCurrent, newpassword: sealedNew },
    again.token,
  );
  expect(changed.statusCode, changed.body).toBe(200);
  // A wrong current password is refused.
  const [sealedWrong, sealedOther] = await t.seal([OTP_PASSWORD, LINK_PASSWORD]);
  expect((await post('/auth/change-password', { username: USER_EMAIL, password: sealedWrong, newpassword: sealedOther })).statusCode).toBe(
    401,
  );

  // A set-password link sent by staff ("Send Mail"), used once.
  expect((await post(`/users/${userId}/send-mail`, {}, admin.token)).statusCode).toBe(200);
  const linkToken = keep('link token', /\/auth\/reset-password\/([^?\s]+)/.exec(await outbox('password-link'))![1]!);
  // The browser opens the link: the console's path carries the token.
  expect((await t.call({ method: 'GET', url: `/auth/reset-password/${linkToken}?link=1` })).statusCode).toBe(404);
  const [sealedLink] = await t.seal(LINK_PASSWORD);
  const linkReset = await post(`/auth/reset-password?token=${linkToken}`, { password: sealedLink });
  expect(linkReset.statusCode, linkReset.body).toBe(200);

  // Mistakes that carry secrets: an unsealed password, an unknown bearer, an API key header, a failed sign-in.
  const plain = await post('/auth/login', { username: USER_EMAIL, password: PLAIN_PASSWORD });
  expect(plain.statusCode).toBe(400);
  expect(plain.body).not.toContain(PLAIN_PASSWORD);
  const bogus = await t.call({
    method: 'GET',
    url: `${API}/users`,
    headers: { authorization: `Bearer ${BOGUS_BEARER}`, 'x-api-key': API_KEY },
  });
  expect(bogus.statusCode).toBe(401);
  const [sealedBad] = await t.seal(PLAIN_PASSWORD);
  expect((await post('/auth/login', { username: USER_EMAIL, password: sealedBad })).statusCode).toBe(401);

  // Sign out.
  const last = await t.login(USER_EMAIL, LINK_PASSWORD);
  keep('last refresh token', last.refresh);
  expect((await post('/auth/logout', { refreshToken: last.refresh })).statusCode).toBe(200);

  // A query that fails while it carries a secret (the outbox row with a reset code): its parameters stay out of the log.
  await t.database.pool.query(
    `ALTER TABLE outbox_messages ADD CONSTRAINT test_refuse_otp CHECK (template <> 'password-reset-otp') NOT VALID`,
  );
  const failing = await post('/auth/forgot-password', { username: USER_EMAIL });
  expect(failing.statusCode).toBe(500);
  await t.database.pool.query('ALTER TABLE outbox_messages DROP CONSTRAINT test_refuse_otp');
});

/** Digits-only secrets (the OTP) must stand alone, not be part of a longer number such as a timestamp. */
function contains(haystack: string, secret: string): boolean {
  if (/^\d+$/.test(secret)) return new RegExp(`(?<![0-9])${secret}(?![0-9])`).test(haystack);
  return haystack.includes(secret);
}

describe('secrets never reach a log or the audit trail', () => {
  it('captured the flows in the log (the search below has something to search)', () => {
    const text = t.logText();
    expect(t.logs.length).toBeGreaterThan(40);
    for (const marker of [
      '/auth/logged-in-user/[REDACTED]',
      '/auth/reset-password/[REDACTED]?link=1',
      'otp=[REDACTED]',
      'token=[REDACTED]',
      'refresh token reuse',
      'params: [REDACTED]',
    ]) {
      expect(text.includes(marker), `the log shows ${marker}`).toBe(true);
    }
  });

  it('the log holds none of the secrets', () => {
    expect(secrets.size).toBeGreaterThanOrEqual(20);
    const text = t.logText();
    const found = [...secrets].filter(([, secret]) => contains(text, secret)).map(([name]) => name);
    expect(found, 'secrets found in the log').toEqual([]);
  });

  it('the log holds no reset code from a failed query', () => {
    const failure = t.logs.find((l) => l.level === 50 && JSON.stringify(l).includes('test_refuse_otp'));
    expect(failure, 'the failed query is logged').toBeDefined();
    expect(JSON.stringify(failure)).toContain('outbox_messages');
    expect(/password reset code is/i.test(t.logText()), 'reset code text in the log').toBe(false);
  });

  it('the audit trail recorded the flows', async () => {
    const { rows } = await t.database.pool.query<{ action: string }>('SELECT DISTINCT action FROM audit_events');
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'auth.login',
        'auth.login_failed',
        'auth.password_reset_requested',
        'auth.password_reset',
        'auth.password_changed',
        'auth.refresh_token_reuse',
        'auth.logout',
        'user.create',
        'user.send_mail',
      ]),
    );
  });

  it('the audit trail holds none of the secrets', async () => {
    const { rows } = await t.database.pool.query<{ text: string }>(`SELECT string_agg(e::text, E'\\n') AS text FROM audit_events e`);
    const text = rows[0]!.text;
    expect(text).toContain(USER_EMAIL);
    const found = [...secrets].filter(([, secret]) => contains(text, secret)).map(([name]) => name);
    expect(found, 'secrets found in audit_events').toEqual([]);
  });
});

describe('the logger on its own', () => {
  function capture() {
    const lines: string[] = [];
    const logger = createLogger(
      'debug',
      new Writable({
        write: (chunk, _enc, cb) => {
          lines.push(String(chunk));
          cb();
        },
      }),
    );
    return { logger, text: () => lines.join('') };
  }

  it('masks secret keys at the top level and two objects down', () => {
    const { logger, text } = capture();
    logger.info(
      {
        password: 's-1',
        otp: 's-2',
        body: { newpassword: 's-3', refreshToken: 's-4', apiKey: 's-5' },
        req: { headers: { authorization: 's-6', cookie: 's-7' } },
        headers: { 'x-api-key': 's-8' },
        a: { b: { token: 's-9', otpToken: 's-10' } },
      },
      'x',
    );
    expect(text()).toContain('[REDACTED]');
    expect(text()).not.toMatch(/s-\d/);
  });

  it('masks secrets in request URLs', () => {
    expect(redactUrl('/api/v1/auth/logged-in-user/eyJ.abc.def')).toBe('/api/v1/auth/logged-in-user/[REDACTED]');
    expect(redactUrl('/auth/reset-password/abcDEF123?link=1')).toBe('/auth/reset-password/[REDACTED]?link=1');
    expect(redactUrl('/api/v1/auth/reset-password?otp=123456&x=1')).toBe('/api/v1/auth/reset-password?otp=[REDACTED]&x=1');
    expect(redactUrl('/x?a=1&token=abc&apiKey=k&access_token=t#frag')).toBe(
      '/x?a=1&token=[REDACTED]&apiKey=[REDACTED]&access_token=[REDACTED]#frag',
    );
    expect(redactUrl('/api/v1/users?search=token')).toBe('/api/v1/users?search=token');
  });
});
