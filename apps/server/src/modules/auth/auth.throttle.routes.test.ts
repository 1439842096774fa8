import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, FIXTURE_PASSWORD, type TTestApp } from '../../../test/test-app';
import {
  body,
  changePassword,
  forgotPassword,
  latestOtp,
  makeOrgUser,
  postLogin,
  query,
  resetWithLink,
  resetWithOtp,
} from './auth-test-kit';

function expectLocked(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, windowSeconds = 900) {
  expect(res.statusCode).toBe(429);
  expect(body(res)).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many attempts; try again later' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('per account', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailuresPerIp: 1000 });
  });
  afterAll(async () => t.close());

  it('locks an account after 5 failures, even against the right password, with Retry-After', async () => {
    const { username } = await makeOrgUser(t, { email: 'ravi.kumar@kisan.example.in' });
    // Any spelling of the same account counts against it.
    const spellings = ['ravi.kumar@kisan.example.in', 'Ravi.Kumar@kisan.example.in', ' RAVI.KUMAR@KISAN.EXAMPLE.IN', username, username];
    for (const spelling of spellings) expect((await postLogin(t, spelling, 'Wrong-Password-1')).statusCode).toBe(401);
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
    expectLocked(await postLogin(t, username, 'Wrong-Password-1'));
    // Another account on the same address is not affected.
    expect((await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('counts 4 failures without locking, and a success starts the count again', async () => {
    const { username } = await makeOrgUser(t);
    for (let i = 0; i < 4; i += 1) expect((await postLogin(t, username, 'Wrong-Password-2')).statusCode).toBe(401);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await postLogin(t, username, 'Wrong-Password-2')).statusCode).toBe(401);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('lets no more than 5 guesses through when they arrive all at once', async () => {
    const { username } = await makeOrgUser(t);
    const sealed = await Promise.all(Array.from({ length: 12 }, () => t.seal('Parallel-Guess-1')));
    const answers = await Promise.all(
      sealed.map(([password]) => t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
  });

  it('opens again when the lock runs out', async () => {
    const { username } = await makeOrgUser(t);
    for (let i = 0; i < 5; i += 1) await postLogin(t, username, 'Wrong-Password-3');
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
    await query(t, "UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE key = $1", [`acct:${username}`]);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('locks phone accounts whichever way the number is written', async () => {
    const { username } = await makeOrgUser(t, { phone: '+919812345678' });
    for (const spelling of ['9812345678', '+919812345678', '98123 45678', '+91 98123 45678', '9812345678']) {
      expect((await postLogin(t, spelling, 'Wrong-Password-4')).statusCode).toBe(401);
    }
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
  });

  it('counts wrong current passwords on change-password against the same account', async () => {
    const { username } = await makeOrgUser(t);
    for (let i = 0; i < 5; i += 1)
      expect((await changePassword(t, username, 'Wrong-Password-5', 'Brand-New-Secret-81')).statusCode).toBe(401);
    expectLocked(await changePassword(t, username, FIXTURE_PASSWORD, 'Brand-New-Secret-81'));
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
  });

  it('takes the limit from configuration', async () => {
    const strict = await createTestApp({ loginMaxFailuresPerAccount: 2, loginThrottleWindowSeconds: 120 });
    try {
      const { username } = await makeOrgUser(strict);
      expect((await postLogin(strict, username, 'Wrong-Password-6')).statusCode).toBe(401);
      expect((await postLogin(strict, username, 'Wrong-Password-6')).statusCode).toBe(401);
      expectLocked(await postLogin(strict, username, FIXTURE_PASSWORD), 120);
    } finally {
      await strict.close();
    }
  });
});

describe('per client address', () => {
  it('locks an address after its limit, whichever accounts it tried', async () => {
    const t = await createTestApp({ loginMaxFailuresPerIp: 3 });
    try {
      for (const username of ['first.guess@kisan.example.in', 'second.guess@kisan.example.in', '9000000002']) {
        expect((await postLogin(t, username, 'Wrong-Password-7')).statusCode).toBe(401);
      }
      expectLocked(await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD));
    } finally {
      await t.close();
    }
  });

  it('counts wrong reset codes and link tokens against the address', async () => {
    const t = await createTestApp({ loginMaxFailuresPerIp: 3 });
    try {
      const { username } = await makeOrgUser(t);
      const otpToken = body(await forgotPassword(t, username)).data.otpToken as string;
      const otp = await latestOtp(t, username);
      const wrong = otp === '000000' ? '111111' : '000000';
      expect((await resetWithOtp(t, wrong, otpToken, 'Guarded-Reset-2026')).statusCode).toBe(400);
      expect((await resetWithOtp(t, wrong, otpToken, 'Guarded-Reset-2026')).statusCode).toBe(400);
      expect((await resetWithLink(t, 'guessed-link-token', 'Guarded-Reset-2026')).statusCode).toBe(401);
      expectLocked(await resetWithOtp(t, otp, otpToken, 'Guarded-Reset-2026'));
      expectLocked(await forgotPassword(t, username));
      expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For by default', async () => {
    const t = await createTestApp({ loginMaxFailuresPerIp: 3 });
    try {
      const forwarded = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
      for (const [i, ip] of forwarded.entries()) {
        const res = await postLogin(t, `guess${i}@kisan.example.in`, 'Wrong-Password-8', { 'x-forwarded-for': ip });
        expect(res.statusCode).toBe(401);
      }
      expectLocked(await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.4' }));
      const [row] = await query<{ ip: string }>(
        t,
        "SELECT ip FROM audit_events WHERE action = 'auth.login_failed' ORDER BY seq DESC LIMIT 1",
      );
      expect(row!.ip).toBe('127.0.0.1');
    } finally {
      await t.close();
    }
  });

  it('uses X-Forwarded-For from a trusted proxy', async () => {
    const t = await createTestApp({ loginMaxFailuresPerIp: 3, trustedProxies: ['127.0.0.1'] });
    try {
      for (let i = 0; i < 3; i += 1) {
        const res = await postLogin(t, `guess${i}@kisan.example.in`, 'Wrong-Password-9', { 'x-forwarded-for': '203.0.113.7' });
        expect(res.statusCode).toBe(401);
      }
      expectLocked(await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.7' }));
      // Another client behind the same proxy is not locked out.
      expect((await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
      const [row] = await query<{ ip: string }>(t, "SELECT ip FROM audit_events WHERE action = 'auth.login' ORDER BY seq DESC LIMIT 1");
      expect(row!.ip).toBe('203.0.113.8');
    } finally {
      await t.close();
    }
  });
});
