import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, FIXTURE_PASSWORD, type TTestApp, withTestApp } from '../../../test/test-app';
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
  const { t } = routeTest({ config: { loginMaxFailuresPerIp: 1000 } });

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
    const { user, username } = await makeOrgUser(t);
    for (let i = 0; i < 5; i += 1) await postLogin(t, username, 'Wrong-Password-3');
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
    await query(t, "UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE key = $1", [`acct:user:${user.id}`]);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('locks phone accounts whichever way the number is written', async () => {
    const { username } = await makeOrgUser(t, { phone: '+919812345678' });
    for (const spelling of ['9812345678', '+919812345678', '98123 45678', '+91 98123 45678', '9812345678']) {
      expect((await postLogin(t, spelling, 'Wrong-Password-4')).statusCode).toBe(401);
    }
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
  });

  it('counts the email and the phone of one account against one lock', async () => {
    const { username } = await makeOrgUser(t, { email: 'meera.iyer@kisan.example.in', phone: '+919833344455' });
    for (const spelling of ['meera.iyer@kisan.example.in', '9833344455', 'MEERA.IYER@kisan.example.in', '+91 98333 44455', '9833344455']) {
      expect((await postLogin(t, spelling, 'Wrong-Password-10')).statusCode).toBe(401);
    }
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
    expectLocked(await postLogin(t, '9833344455', FIXTURE_PASSWORD));
  });

  it('locks an unknown identifier after as many failures as an account', async () => {
    const ghost = `ghost.${Date.now()}@kisan.example.in`;
    for (let i = 0; i < 5; i += 1) expect((await postLogin(t, ghost, 'Wrong-Password-11')).statusCode).toBe(401);
    expectLocked(await postLogin(t, ghost, 'Wrong-Password-11'));
  });

  it('counts wrong current passwords on change-password against the same account', async () => {
    const { username } = await makeOrgUser(t);
    for (let i = 0; i < 5; i += 1)
      expect((await changePassword(t, username, 'Wrong-Password-5', 'Brand-New-Secret-81')).statusCode).toBe(401);
    expectLocked(await changePassword(t, username, FIXTURE_PASSWORD, 'Brand-New-Secret-81'));
    expectLocked(await postLogin(t, username, FIXTURE_PASSWORD));
  });

  it('takes the limit from configuration', async () => {
    await withTestApp({ loginMaxFailuresPerAccount: 2, loginThrottleWindowSeconds: 120 }, async (strict) => {
      const { username } = await makeOrgUser(strict);
      expect((await postLogin(strict, username, 'Wrong-Password-6')).statusCode).toBe(401);
      expect((await postLogin(strict, username, 'Wrong-Password-6')).statusCode).toBe(401);
      expectLocked(await postLogin(strict, username, FIXTURE_PASSWORD), 120);
    });
  });
});

/** Makes the next attempt of a client address due now, as if its wait had passed. */
async function skipWait(t: TTestApp, ip = '127.0.0.1') {
  await query(t, "UPDATE login_throttle SET next_allowed_at = now() - interval '1 second' WHERE key = $1", [`ip:${ip}`]);
}

describe('per client address: spaced out, never locked', () => {
  it('makes each attempt after the free failures wait longer, up to the cap', async () => {
    await withTestApp({ loginMaxFailuresPerIp: 3, loginIpDelayCapSeconds: 8 }, async (t) => {
      for (let i = 0; i < 3; i += 1) expect((await postLogin(t, `spray${i}@kisan.example.in`, 'Wrong-Password-7')).statusCode).toBe(401);
      const waits: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        expect((await postLogin(t, `spray.more${i}@kisan.example.in`, 'Wrong-Password-7')).statusCode).toBe(401);
        const refused = await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
        expectLocked(refused, 8);
        waits.push(Number(refused.headers['retry-after']));
        await skipWait(t);
      }
      expect(waits).toEqual([1, 2, 4, 8, 8]);
    });
  });

  it('lets a neighbour behind the same address sign in once the short wait has passed', async () => {
    await withTestApp({ loginMaxFailuresPerIp: 3, loginIpDelayCapSeconds: 30 }, async (t) => {
      // Someone in the office guesses at many accounts from the shared address, as fast as they are let.
      for (let i = 0; i < 12; i += 1) {
        await postLogin(t, `office.guess${i}@kisan.example.in`, 'Wrong-Password-12');
        await skipWait(t);
      }
      await postLogin(t, 'office.guess.last@kisan.example.in', 'Wrong-Password-12');
      const waiting = await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      // The neighbour waits at most the cap, never the 15-minute window.
      expectLocked(waiting, 30);
      await skipWait(t);
      expect((await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('counts wrong link tokens against the address', async () => {
    await withTestApp({ loginMaxFailuresPerIp: 2 }, async (t) => {
      for (let i = 0; i < 3; i += 1) expect((await resetWithLink(t, `guessed-link-${i}`, 'Guarded-Reset-2026')).statusCode).toBe(401);
      expectLocked(await resetWithLink(t, 'guessed-link-4', 'Guarded-Reset-2026'));
      expectLocked(await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD));
    });
  });

  it('ignores X-Forwarded-For by default', async () => {
    await withTestApp({ loginMaxFailuresPerIp: 2 }, async (t) => {
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
    });
  });

  it('uses X-Forwarded-For from a trusted proxy', async () => {
    await withTestApp({ loginMaxFailuresPerIp: 2, trustedProxies: ['127.0.0.1'] }, async (t) => {
      for (let i = 0; i < 3; i += 1) {
        const res = await postLogin(t, `guess${i}@kisan.example.in`, 'Wrong-Password-9', { 'x-forwarded-for': '203.0.113.7' });
        expect(res.statusCode).toBe(401);
      }
      expectLocked(await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.7' }));
      // Another client behind the same proxy is not held back.
      expect((await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
      const [row] = await query<{ ip: string }>(t, "SELECT ip FROM audit_events WHERE action = 'auth.login' ORDER BY seq DESC LIMIT 1");
      expect(row!.ip).toBe('203.0.113.8');
    });
  });
});

describe('password reset: locked per account and address, capped per account', () => {
  const ATTACKER = '198.51.100.7';
  const OWNER = '203.0.113.20';

  it('lets the owner reset from their address while a stranger asks for codes and guesses from another', async () => {
    await withTestApp({ loginMaxFailuresPerIp: 1000 }, async (t) => {
      const { username } = await makeOrgUser(t);
      // The owner asks first; the stranger's requests must not replace the owner's code or use up the owner's requests.
      const ownerToken = body(await forgotPassword(t, username, OWNER)).data.otpToken as string;
      const ownerOtp = await latestOtp(t, username);
      const strangerTokens: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await forgotPassword(t, username, ATTACKER);
        expect(res.statusCode).toBe(200);
        strangerTokens.push(body(res).data.otpToken as string);
      }
      expectLocked(await forgotPassword(t, username, ATTACKER));
      for (let i = 0; i < 5; i += 1) {
        const guess = String(100000 + i);
        const res = await resetWithOtp(t, guess === ownerOtp ? '999999' : guess, strangerTokens[i % 5]!, 'Stolen-Reset-2026', ATTACKER);
        expect(res.statusCode).toBe(400);
      }
      expectLocked(await resetWithOtp(t, '123456', strangerTokens[0]!, 'Stolen-Reset-2026', ATTACKER));
      expect((await resetWithOtp(t, ownerOtp, ownerToken, 'Owner-Reset-2026', OWNER)).statusCode).toBe(200);
      expect((await postLogin(t, username, 'Owner-Reset-2026')).statusCode).toBe(200);
      expect((await forgotPassword(t, username, OWNER)).statusCode).toBe(200);
    });
  });

  it('locks the reset from every address once the account cap is reached', async () => {
    await withTestApp({ loginMaxFailuresPerIp: 1000, resetFailuresPerAccount: 7, resetRequestsPerAccountCap: 3 }, async (t) => {
      const { username } = await makeOrgUser(t);
      const tokens: string[] = [];
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        const res = await forgotPassword(t, username, ip);
        expect(res.statusCode).toBe(200);
        tokens.push(body(res).data.otpToken as string);
      }
      // Codes a person may be sent, from all addresses together.
      expectLocked(await forgotPassword(t, username, OWNER));
      for (let i = 0; i < 4; i += 1) await resetWithOtp(t, '000000', tokens[0]!, 'Stolen-Reset-2026', '198.51.100.1');
      for (let i = 0; i < 3; i += 1) await resetWithOtp(t, '000000', tokens[1]!, 'Stolen-Reset-2026', '198.51.100.2');
      expectLocked(await resetWithOtp(t, '000000', tokens[2]!, 'Stolen-Reset-2026', OWNER));
    });
  });
});
