import type { TLoginKey } from '@tarang/shared/auth/auth.schemas';
import { sealPassword } from '@tarang/shared/auth/seal-password';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API, FIXTURE_PASSWORD } from '../../../test/test-app';
import {
  auditRows,
  body,
  failureShape,
  ISO_UTC,
  makeOrgUser,
  postLogin,
  postLogout,
  protectedStatus,
  query,
  secondsUntil,
} from './auth-test-kit';

// A high per-IP limit: this file makes many failed attempts from one address on purpose.
const { t } = routeTest({ config: { loginMaxFailuresPerIp: 1000 } });

async function loginKey(): Promise<TLoginKey> {
  const res = await t.call({ method: 'GET', url: `${API}/auth/login-key` });
  expect(res.statusCode).toBe(200);
  return body(res).data as TLoginKey;
}

async function loginWith(username: string, sealed: string) {
  return await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username, password: sealed } });
}

describe('GET /auth/login-key', () => {
  it('gives an RSA-OAEP-256 public key and a nonce valid for 5 minutes', async () => {
    const key = await loginKey();
    expect(key).toEqual({
      keyId: expect.any(String),
      jwk: expect.any(Object),
      nonce: expect.any(String),
      expiresAt: expect.stringMatching(ISO_UTC),
    });
    expect(key.jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', kid: key.keyId, n: expect.any(String), e: 'AQAB' });
    for (const privatePart of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key.jwk).not.toHaveProperty(privatePart);
    expect(secondsUntil(key.expiresAt)).toBeGreaterThan(290);
    expect(secondsUntil(key.expiresAt)).toBeLessThanOrEqual(300);
  });

  it('gives a new nonce every time, under the same key', async () => {
    const a = await loginKey();
    const b = await loginKey();
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.keyId).toBe(b.keyId);
  });
});

describe('POST /auth/login', () => {
  it('signs in with a sealed password and answers the user, role and tokens', async () => {
    const res = await postLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const json = body(res);
    expect(json.success).toBe(true);
    expect(json.message).toBe('Successfully logged in');
    const { user, role, token } = json.data;
    expect(user).toMatchObject({ email: ADMIN_EMAIL, firstName: 'Super', organization: null, status: 'ACTIVE' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(role.name).toBe('Super Admin');
    expect(role.authScopes.user).toMatchObject({ allowed: true, actions: expect.objectContaining({ add: true }) });
    expect(token.access).toEqual({ token: expect.any(String), expires: expect.stringMatching(ISO_UTC) });
    expect(token.refresh).toEqual({ token: expect.any(String), expires: expect.stringMatching(ISO_UTC) });
    expect(token.access.token).not.toBe(token.refresh.token);
    // Access tokens live at most 15 minutes; the refresh token lasts the idle window (7 days by default).
    expect(secondsUntil(token.access.expires)).toBeGreaterThan(0);
    expect(secondsUntil(token.access.expires)).toBeLessThanOrEqual(900);
    expect(secondsUntil(token.refresh.expires)).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(secondsUntil(token.refresh.expires)).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(await protectedStatus(t, token.access.token)).toBe(200);
  });

  it('refuses a plaintext password, naming the field', async () => {
    const res = await loginWith(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'password' })]));
    expect(res.body).not.toContain(ADMIN_PASSWORD);
  });

  it('refuses a replayed ciphertext: the nonce is single-use', async () => {
    const [sealed] = await t.seal(ADMIN_PASSWORD);
    expect((await loginWith(ADMIN_EMAIL, sealed!)).statusCode).toBe(200);
    const replay = await loginWith(ADMIN_EMAIL, sealed!);
    expect(replay.statusCode).toBe(400);
    expect(body(replay)).toMatchObject({ success: false, code: 'SEALED_VALUE_INVALID' });
    expect(body(replay).errors?.[0]?.path).toBe('password');
  });

  it('spends the nonce even when the password was wrong', async () => {
    const { username } = await makeOrgUser(t);
    const [sealed] = await t.seal('Not-The-Password-1');
    expect((await loginWith(username, sealed!)).statusCode).toBe(401);
    expect((await loginWith(username, sealed!)).statusCode).toBe(400);
  });

  it('refuses a ciphertext whose nonce has expired', async () => {
    const key = await loginKey();
    const sealed = await sealPassword(key, ADMIN_PASSWORD);
    await query(t, "UPDATE login_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1", [key.nonce]);
    const res = await loginWith(ADMIN_EMAIL, sealed);
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('SEALED_VALUE_INVALID');
  });

  it('refuses a nonce the server never issued, and an unknown key', async () => {
    const key = await loginKey();
    const forgedNonce = await sealPassword({ ...key, nonce: 'made-up-nonce-0123456789' }, ADMIN_PASSWORD);
    expect((await loginWith(ADMIN_EMAIL, forgedNonce)).statusCode).toBe(400);
    const unknownKey = await sealPassword({ ...key, keyId: 'no-such-key' }, ADMIN_PASSWORD);
    expect((await loginWith(ADMIN_EMAIL, unknownKey)).statusCode).toBe(400);
    // The real nonce was not spent by those failures.
    expect((await loginWith(ADMIN_EMAIL, await sealPassword(key, ADMIN_PASSWORD))).statusCode).toBe(200);
  });

  it('finds an email whatever its case, and trims spaces', async () => {
    const { user } = await makeOrgUser(t, { email: 'meera.iyer@kisan.example.in' });
    for (const username of ['Meera.Iyer@Kisan.Example.IN', '  MEERA.IYER@kisan.example.in  ']) {
      const res = await postLogin(t, username, FIXTURE_PASSWORD);
      expect(res.statusCode, username).toBe(200);
      expect(body(res).data.user.id).toBe(user.id);
    }
  });

  it('signs in by phone, with or without +91', async () => {
    const { user } = await makeOrgUser(t, { phone: '+919876543210' });
    for (const username of ['+919876543210', '9876543210', '98765 43210']) {
      const res = await postLogin(t, username, FIXTURE_PASSWORD);
      expect(res.statusCode, username).toBe(200);
      expect(body(res).data.user).toMatchObject({ id: user.id, phone: '+919876543210' });
    }
  });

  it('answers one generic failure for a wrong password, an unknown user, a disabled and an invited user', async () => {
    const { username } = await makeOrgUser(t);
    const { username: disabled } = await makeOrgUser(t, { status: 'DISABLED' });
    const { username: invited } = await makeOrgUser(t, { status: 'INVITED' });
    const wrongPassword = failureShape(await postLogin(t, username, 'Wrong-Password-99'));
    const unknownEmail = failureShape(await postLogin(t, 'nobody.here@kisan.example.in', 'Wrong-Password-99'));
    const unknownPhone = failureShape(await postLogin(t, '9000000001', FIXTURE_PASSWORD));
    const disabledUser = failureShape(await postLogin(t, disabled, FIXTURE_PASSWORD));
    const invitedUser = failureShape(await postLogin(t, invited, FIXTURE_PASSWORD));
    expect(wrongPassword).toEqual({ status: 401, success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });
    expect(unknownEmail).toEqual(wrongPassword);
    expect(unknownPhone).toEqual(wrongPassword);
    expect(disabledUser).toEqual(wrongPassword);
    expect(invitedUser).toEqual(wrongPassword);
  });

  it('compares passwords as typed (case-sensitive)', async () => {
    const { username } = await makeOrgUser(t);
    expect((await postLogin(t, username, FIXTURE_PASSWORD.toUpperCase())).statusCode).toBe(401);
    expect((await postLogin(t, username, FIXTURE_PASSWORD.toLowerCase())).statusCode).toBe(401);
    expect((await postLogin(t, username, ` ${FIXTURE_PASSWORD}`)).statusCode).toBe(401);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses users of a disabled organisation with the generic failure', async () => {
    const { org, username } = await makeOrgUser(t);
    await query(t, "UPDATE organizations SET status = 'DISABLED' WHERE id = $1", [org.id]);
    const res = await postLogin(t, username, FIXTURE_PASSWORD);
    expect(failureShape(res)).toEqual({
      status: 401,
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
    });
  });

  it('audits a sign-in and a failed sign-in', async () => {
    const { user, username } = await makeOrgUser(t);
    const ok = await postLogin(t, username, FIXTURE_PASSWORD, { 'user-agent': 'tarang-tests/1.0' });
    expect(ok.statusCode).toBe(200);
    const logins = (await auditRows(t, 'auth.login')).filter((r) => r.actor_id === user.id);
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({ actor_type: 'USER', actor_label: username, entity_type: 'session', ip: '127.0.0.1' });

    expect((await postLogin(t, username, 'Wrong-Password-77')).statusCode).toBe(401);
    const failures = (await auditRows(t, 'auth.login_failed')).filter((r) => r.entity_id === user.id);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ actor_type: 'ANONYMOUS', actor_label: username, after: { reason: 'wrong_password' } });
  });
});

describe('GET /auth/logged-in-user/{token}', () => {
  it('answers the user of a valid access token, and never logs the token', async () => {
    const { user, username } = await makeOrgUser(t);
    const session = await t.login(username, FIXTURE_PASSWORD);
    const res = await t.call({ method: 'GET', url: `${API}/auth/logged-in-user/${session.token}` });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ id: user.id, email: user.email, role: { name: expect.any(String) } });
    expect(t.logText()).toContain('logged-in-user/[REDACTED]');
    expect(t.logText()).not.toContain(session.token);
  });

  it('answers 401 for a garbage token, a refresh token and a token of a signed-out session', async () => {
    const { username } = await makeOrgUser(t);
    const session = await t.login(username, FIXTURE_PASSWORD);
    for (const token of ['not-a-token', session.refresh]) {
      const res = await t.call({ method: 'GET', url: `${API}/auth/logged-in-user/${token}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await postLogout(t, session.refresh)).statusCode).toBe(200);
    const res = await t.call({ method: 'GET', url: `${API}/auth/logged-in-user/${session.token}` });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('TOKEN_INVALID');
  });
});

describe('POST /auth/register', () => {
  it('is closed: accounts are created by invitation', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { email: 'new.user@kisan.example.in', password: 'Anything-123' },
    });
    expect(res.statusCode).toBe(403);
    expect(failureShape(res)).toEqual({
      status: 403,
      success: false,
      code: 'REGISTRATION_CLOSED',
      message: 'Accounts are created by invitation only',
    });
    const [row] = await query<{ n: number }>(t, 'SELECT count(*)::int AS n FROM users WHERE email = $1', ['new.user@kisan.example.in']);
    expect(row!.n).toBe(0);
  });
});
