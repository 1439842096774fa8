import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API, FIXTURE_PASSWORD } from '../../../test/test-app';
import {
  body,
  forgotPassword,
  latestOtp,
  latestOutboxMessage,
  makeOrgUser,
  postLogin,
  postRefresh,
  query,
  resetWithLink,
  resetWithOtp,
} from './auth-test-kit';

const { t } = routeTest({ config: { loginMaxFailuresPerIp: 1000 } });

describe('secrets in logs and in the audit trail', () => {
  it('never writes a password, token, code or sealed password to the logs or the audit trail', async () => {
    const secrets = new Set<string>([FIXTURE_PASSWORD, ADMIN_PASSWORD]);
    const remember = (...values: (string | undefined)[]) => {
      for (const v of values) if (v) secrets.add(v);
    };
    const { user, username } = await makeOrgUser(t, { email: 'secret.keeper@kisan.example.in' });
    const { username: phoneUser } = await makeOrgUser(t, { phone: '+919844455566' });

    // Sign-in, a failed sign-in with a typed password, a refresh and a reuse.
    const [sealedLogin] = await t.seal(FIXTURE_PASSWORD);
    remember(sealedLogin);
    const login = await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username, password: sealedLogin } });
    expect(login.statusCode).toBe(200);
    const tokens = body(login).data.token;
    remember(tokens.access.token, tokens.refresh.token);
    remember('Typo-In-Password-1');
    expect((await postLogin(t, username, 'Typo-In-Password-1')).statusCode).toBe(401);
    const plain = await t.call({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { username, password: 'Plaintext-Sent-By-Mistake-1' },
    });
    remember('Plaintext-Sent-By-Mistake-1');
    expect(plain.statusCode).toBe(400);
    const refreshed = body(await postRefresh(t, tokens.refresh.token)).data;
    remember(refreshed.access.token, refreshed.refresh.token);
    expect((await postRefresh(t, tokens.refresh.token)).statusCode).toBe(401);

    // The token in a path.
    const session = await t.login(username, FIXTURE_PASSWORD);
    remember(session.token, session.refresh);
    expect((await t.call({ method: 'GET', url: `${API}/auth/logged-in-user/${session.token}` })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${API}/auth/logged-in-user/${session.token}x` })).statusCode).toBe(401);
    remember(`${session.token}x`);

    // Forgot and reset with a code, by e-mail and by SMS, with a wrong code first.
    for (const who of [username, phoneUser]) {
      const forgot = await forgotPassword(t, who);
      const otpToken = body(forgot).data.otpToken as string;
      const otp = await latestOtp(t, who);
      remember(otpToken, otp);
      const wrongOtp = otp === '246810' ? '135791' : '246810';
      expect((await resetWithOtp(t, wrongOtp, otpToken, 'Reset-By-Code-2026')).statusCode).toBe(400);
      expect((await resetWithOtp(t, otp, otpToken, 'Reset-By-Code-2026')).statusCode).toBe(200);
    }
    remember('Reset-By-Code-2026');

    // Reset with a link sent by staff.
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    remember(admin.token, admin.refresh);
    expect((await t.call({ method: 'POST', url: `${API}/users/${user.id}/send-mail`, token: admin.token })).statusCode).toBe(200);
    const link = /\/auth\/reset-password\/([A-Za-z0-9_-]+)\?link=1/.exec((await latestOutboxMessage(t, username))!.body)![1]!;
    remember(link);
    expect((await resetWithLink(t, link, 'Reset-By-Link-2026')).statusCode).toBe(200);
    expect((await resetWithLink(t, link, 'Reset-By-Link-2027')).statusCode).toBe(401);
    remember('Reset-By-Link-2026', 'Reset-By-Link-2027');

    // Change the password, signed in and not, with a wrong current password once.
    const current = await t.login(username, 'Reset-By-Link-2026');
    remember(current.token, current.refresh);
    const [wrongCurrent, tooCommon] = await t.seal(['Wrong-Current-9', 'password123']);
    remember(wrongCurrent, tooCommon, 'Wrong-Current-9');
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${API}/auth/change-password`,
          payload: { username, password: wrongCurrent, newpassword: tooCommon },
        })
      ).statusCode,
    ).toBe(401);
    const [sealedCurrent, sealedNext] = await t.seal(['Reset-By-Link-2026', 'Monsoon-Cobalt-Heron-2026']);
    remember(sealedCurrent, sealedNext, 'Monsoon-Cobalt-Heron-2026');
    const changed = await t.call({
      method: 'POST',
      url: `${API}/auth/change-password`,
      payload: { username, password: sealedCurrent, newpassword: sealedNext },
      token: current.token,
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `${API}/auth/logout`, payload: { refreshToken: current.refresh } })).statusCode).toBe(200);

    // The flows above logged and audited something, so the checks below have something to look at.
    const logText = t.logText();
    expect(logText).toContain('/auth/reset-password?otp=[REDACTED]');
    expect(logText).toContain('/auth/reset-password?token=[REDACTED]');
    const audit = await query<{ row: string }>(t, 'SELECT e::text AS row FROM audit_events e ORDER BY seq');
    const auditText = audit.map((r) => r.row).join('\n');
    for (const action of [
      'auth.login',
      'auth.login_failed',
      'auth.refresh_token_reuse',
      'auth.password_reset',
      'auth.password_changed',
      'auth.change_password_failed',
      'auth.logout',
    ]) {
      expect(auditText).toContain(action);
    }

    for (const secret of [...secrets].filter((s) => !/^\d{6}$/.test(s))) {
      expect(logText.includes(secret), `the logs hold ${secret.slice(0, 12)}…`).toBe(false);
      expect(auditText.includes(secret), `the audit trail holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    // Reset codes are short (digits of timestamps could hold them): look for them only as whole numbers.
    for (const otp of [...secrets].filter((s) => /^\d{6}$/.test(s))) {
      expect(logText).not.toMatch(new RegExp(`\\b${otp}\\b`));
      expect(auditText).not.toMatch(new RegExp(`\\b${otp}\\b`));
    }
  });
});
