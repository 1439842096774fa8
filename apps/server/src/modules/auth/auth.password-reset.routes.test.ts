import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API, FIXTURE_PASSWORD } from '../../../test/test-app';
import {
  auditRows,
  body,
  failureShape,
  forgotPassword,
  latestOtp,
  latestOutboxMessage,
  makeOrgUser,
  postLogin,
  postRefresh,
  protectedStatus,
  query,
  resetWithLink,
  resetWithOtp,
} from './auth-test-kit';

const { t } = routeTest({ config: { loginMaxFailuresPerIp: 1000 } });

const FORGOT_MESSAGE = 'If the account exists, a reset code has been sent';
const RESET_MESSAGE = 'Your password has been reset; sign in with the new one';

async function outboxCount() {
  const [row] = await query<{ n: number }>(t, 'SELECT count(*)::int AS n FROM outbox_messages');
  return row!.n;
}

/** Asks for a code and reads it from the outbox, as staff would. */
async function requestCode(username: string, recipient = username) {
  const res = await forgotPassword(t, username);
  expect(res.statusCode).toBe(200);
  return { otpToken: body(res).data.otpToken as string, otp: await latestOtp(t, recipient) };
}

describe('POST /auth/forgot-password', () => {
  it('answers the same whether or not the account exists, and sends a code only to real accounts', async () => {
    const { username: email } = await makeOrgUser(t);
    const { username: phone } = await makeOrgUser(t, { phone: '+919811122233' });
    const { username: disabled } = await makeOrgUser(t, { status: 'DISABLED' });
    const shapes = [];
    for (const username of [email, '9811122233', 'nobody.at.all@kisan.example.in', '9000000003', disabled]) {
      const before = await outboxCount();
      const res = await forgotPassword(t, username);
      const json = body(res);
      shapes.push({
        status: res.statusCode,
        keys: Object.keys(json).sort(),
        dataKeys: Object.keys(json.data).sort(),
        message: json.message,
        tokenLength: json.data.otpToken.length,
      });
      const sent = (await outboxCount()) - before;
      expect(sent, username).toBe([email, '9811122233'].includes(username) ? 1 : 0);
    }
    for (const shape of shapes)
      expect(shape).toEqual({
        status: 200,
        keys: ['data', 'message', 'success'],
        dataKeys: ['otpToken'],
        message: FORGOT_MESSAGE,
        tokenLength: shapes[0]!.tokenLength,
      });

    const byMail = await latestOutboxMessage(t, email);
    expect(byMail).toMatchObject({
      channel: 'EMAIL',
      subject: 'Your Tarang password reset code',
      template: 'password-reset-otp',
      status: 'HELD',
    });
    expect(byMail!.body).toMatch(/\b\d{6}\b/);
    expect(byMail!.body).toContain('10 minutes');
    const bySms = await latestOutboxMessage(t, phone);
    expect(bySms).toMatchObject({ channel: 'SMS', recipient: '+919811122233' });
    expect(bySms!.body).toMatch(/\b\d{6}\b/);
  });

  it('stores the code only hashed', async () => {
    const { user, username } = await makeOrgUser(t);
    const { otp, otpToken } = await requestCode(username);
    const rows = await query<{ row: string }>(t, 'SELECT p::text AS row FROM password_resets p WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).not.toContain(otp);
    expect(rows[0]!.row).not.toContain(otpToken);
    expect(rows[0]!.row).toContain('$argon2id$');
  });

  it('audits a request, for a real account and an unknown one', async () => {
    const { user, username } = await makeOrgUser(t);
    await forgotPassword(t, username);
    // Requests for unknown usernames are aggregated per address: this one is the first from its address.
    await forgotPassword(t, 'no.such.person@kisan.example.in', '192.0.2.41');
    const rows = await auditRows(t, 'auth.password_reset_requested');
    expect(rows.filter((r) => r.entity_id === user.id)).toHaveLength(1);
    expect(rows.filter((r) => r.actor_label === 'no.such.person@kisan.example.in')).toEqual([
      expect.objectContaining({ entity_id: null, after: { reason: 'unknown_user' } }),
    ]);
  });

  it('sends at most 5 codes per username per window, whether or not the account exists', async () => {
    const { username } = await makeOrgUser(t);
    const ghost = `nobody.${Date.now()}@kisan.example.in`;
    for (const name of [username, ghost]) {
      for (let i = 0; i < 5; i++) expect((await forgotPassword(t, name)).statusCode).toBe(200);
      const refused = await forgotPassword(t, name);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    }
  });

  it('refuses an empty username, naming the field', async () => {
    const res = await forgotPassword(t, '   ');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[0]).toEqual({ path: 'username', message: 'Enter phone number or email' });
  });
});

describe('POST /auth/reset-password?otp=', () => {
  it('sets the new password once, and ends every session of the user', async () => {
    const { username } = await makeOrgUser(t);
    const first = await t.login(username, FIXTURE_PASSWORD);
    const second = await t.login(username, FIXTURE_PASSWORD);
    const { otp, otpToken } = await requestCode(username);

    const res = await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: RESET_MESSAGE });

    for (const session of [first, second]) {
      expect(await protectedStatus(t, session.token)).toBe(401);
      expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
    }
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(401);
    expect((await postLogin(t, username, 'Monsoon-Reset-2026')).statusCode).toBe(200);

    const again = await resetWithOtp(t, otp, otpToken, 'Another-Reset-2027');
    expect(again.statusCode).toBe(400);
    expect(body(again).code).toBe('OTP_INVALID');
    expect((await postLogin(t, username, 'Monsoon-Reset-2026')).statusCode).toBe(200);
  });

  it('counts wrong codes: after 5 tries even the right code fails', async () => {
    const { username } = await makeOrgUser(t);
    const { otp, otpToken } = await requestCode(username);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await resetWithOtp(t, wrong, otpToken, 'Monsoon-Reset-2026');
      expect(failureShape(res)).toEqual({ status: 400, success: false, code: 'OTP_INVALID', message: 'The code is wrong or has expired' });
    }
    const [row] = await query<{ attempts: number }>(
      t,
      'SELECT attempts FROM password_resets WHERE handle_hash = encode(sha256($1::bytea), $2)',
      [otpToken, 'hex'],
    );
    expect(row!.attempts).toBe(5);
    // From this address the account's reset is locked for the window; from any other the code is spent.
    expect((await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(429);
    expect((await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026', '192.0.2.42')).statusCode).toBe(400);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts the right code on the fifth try', async () => {
    const { username } = await makeOrgUser(t);
    const { otp, otpToken } = await requestCode(username);
    const wrong = otp === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i += 1) expect((await resetWithOtp(t, wrong, otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(400);
    expect((await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(200);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const { user, username } = await makeOrgUser(t);
    const { otp, otpToken } = await requestCode(username);
    const [row] = await query<{ minutes: number }>(
      t,
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_resets WHERE user_id = $1',
      [user.id],
    );
    expect(row!.minutes).toBe(10);
    await query(t, "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    const res = await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026');
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('OTP_INVALID');
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('replaces an earlier code with a new one', async () => {
    const { username } = await makeOrgUser(t);
    const old = await requestCode(username);
    const fresh = await requestCode(username);
    expect((await resetWithOtp(t, old.otp, old.otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(400);
    expect((await resetWithOtp(t, fresh.otp, fresh.otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(200);
  });

  it('answers an otpToken of an unknown account like a wrong code', async () => {
    const res = await forgotPassword(t, 'nobody.else@kisan.example.in');
    const answer = await resetWithOtp(t, '123456', body(res).data.otpToken, 'Monsoon-Reset-2026');
    expect(failureShape(answer)).toEqual({ status: 400, success: false, code: 'OTP_INVALID', message: 'The code is wrong or has expired' });
  });

  it('refuses a weak or plaintext new password, naming the field, without spending the code', async () => {
    const { username } = await makeOrgUser(t);
    const { otp, otpToken } = await requestCode(username);
    const weak = await resetWithOtp(t, otp, otpToken, 'password123');
    expect(weak.statusCode).toBe(422);
    expect(body(weak)).toMatchObject({ code: 'WEAK_PASSWORD', errors: [{ path: 'password', message: expect.any(String) }] });
    const short = await resetWithOtp(t, otp, otpToken, 'Ab1-xyz');
    expect(short.statusCode).toBe(400);
    expect(body(short).errors).toEqual([{ path: 'password', message: 'Password Must be atleast 8 character' }]);
    const plain = await t.call({
      method: 'POST',
      url: `${API}/auth/reset-password?otp=${otp}`,
      payload: { otpToken, password: 'Monsoon-Reset-2026' },
    });
    expect(plain.statusCode).toBe(400);
    expect(body(plain).errors?.[0]?.path).toBe('password');
    const [row] = await query<{ attempts: number }>(
      t,
      'SELECT attempts FROM password_resets WHERE handle_hash = encode(sha256($1::bytea), $2)',
      [otpToken, 'hex'],
    );
    expect(row!.attempts).toBe(0);
    expect((await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(200);
  });

  it('names the missing or malformed field', async () => {
    const [sealed] = await t.seal('Monsoon-Reset-2026');
    const noToken = await t.call({ method: 'POST', url: `${API}/auth/reset-password?otp=123456`, payload: { password: sealed } });
    expect(noToken.statusCode).toBe(400);
    expect(body(noToken).errors?.[0]?.path).toBe('otpToken');
    const badOtp = await t.call({
      method: 'POST',
      url: `${API}/auth/reset-password?otp=12345`,
      payload: { otpToken: 'x', password: sealed },
    });
    expect(badOtp.statusCode).toBe(400);
    expect(body(badOtp).errors?.[0]?.path).toMatch(/otp/);
    const neither = await t.call({ method: 'POST', url: `${API}/auth/reset-password`, payload: { password: sealed } });
    expect(neither.statusCode).toBe(400);
  });

  it('audits the reset', async () => {
    const { user, username } = await makeOrgUser(t);
    const { otp, otpToken } = await requestCode(username);
    expect((await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(200);
    const rows = (await auditRows(t, 'auth.password_reset')).filter((r) => r.entity_id === user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_type: 'user', actor_label: username });
  });

  it('unlocks an account that too many failed sign-ins had locked', async () => {
    const { username } = await makeOrgUser(t);
    for (let i = 0; i < 5; i += 1) expect((await postLogin(t, username, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(429);
    const { otp, otpToken } = await requestCode(username);
    expect((await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(200);
    expect((await postLogin(t, username, 'Monsoon-Reset-2026')).statusCode).toBe(200);
  });

  it('works for a phone account, code by SMS', async () => {
    const { username } = await makeOrgUser(t, { phone: '+919822233344' });
    const { otp, otpToken } = await requestCode('98222 33344', username);
    expect((await resetWithOtp(t, otp, otpToken, 'Monsoon-Reset-2026')).statusCode).toBe(200);
    expect((await postLogin(t, '9822233344', 'Monsoon-Reset-2026')).statusCode).toBe(200);
  });
});

describe('POST /auth/reset-password?token=', () => {
  async function sendLink(userId: string, recipient: string) {
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await t.call({ method: 'POST', url: `${API}/users/${userId}/send-mail`, token: admin.token });
    expect(res.statusCode).toBe(200);
    const message = await latestOutboxMessage(t, recipient);
    const match = /\/auth\/reset-password\/([A-Za-z0-9_-]+)\?link=1/.exec(message?.body ?? '');
    expect(match, 'the message holds a set-password link').not.toBeNull();
    return match![1]!;
  }

  it('sets the password with the link token once, and ends the sessions', async () => {
    const { user, username } = await makeOrgUser(t);
    const session = await t.login(username, FIXTURE_PASSWORD);
    const token = await sendLink(user.id, username);

    const res = await resetWithLink(t, token, 'Link-Chosen-Secret-5');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: RESET_MESSAGE });
    expect(await protectedStatus(t, session.token)).toBe(401);
    expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
    expect((await postLogin(t, username, 'Link-Chosen-Secret-5')).statusCode).toBe(200);

    const again = await resetWithLink(t, token, 'Link-Chosen-Secret-6');
    expect(failureShape(again)).toEqual({
      status: 401,
      success: false,
      code: 'TOKEN_INVALID',
      message: 'This link is invalid or has expired',
    });
    const rows = (await auditRows(t, 'auth.password_reset')).filter((r) => r.entity_id === user.id);
    expect(rows).toHaveLength(1);
  });

  it('activates an invited user', async () => {
    const { user, username } = await makeOrgUser(t, { status: 'INVITED' });
    const token = await sendLink(user.id, username);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(401);
    expect((await resetWithLink(t, token, 'Invited-First-Secret-1')).statusCode).toBe(200);
    const res = await postLogin(t, username, 'Invited-First-Secret-1');
    expect(res.statusCode).toBe(200);
    expect(body(res).data.user.status).toBe('ACTIVE');
  });

  it('refuses an expired link, an unknown token and a weak password', async () => {
    const { user, username } = await makeOrgUser(t);
    const token = await sendLink(user.id, username);
    const weak = await resetWithLink(t, token, 'qwertyuiop');
    expect(weak.statusCode).toBe(422);
    expect(body(weak).errors?.[0]?.path).toBe('password');
    expect((await resetWithLink(t, 'not-a-link-token', 'Link-Chosen-Secret-7')).statusCode).toBe(401);
    await query(t, "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND kind = 'LINK'", [user.id]);
    expect((await resetWithLink(t, token, 'Link-Chosen-Secret-7')).statusCode).toBe(401);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('does not take an OTP handle as a link token', async () => {
    const { username } = await makeOrgUser(t);
    const { otpToken } = await requestCode(username);
    expect((await resetWithLink(t, otpToken, 'Link-Chosen-Secret-8')).statusCode).toBe(401);
  });
});
