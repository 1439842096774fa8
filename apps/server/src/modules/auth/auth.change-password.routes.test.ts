import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API, FIXTURE_PASSWORD } from '../../../test/test-app';
import { auditRows, body, changePassword, failureShape, makeOrgUser, postLogin, postRefresh, protectedStatus } from './auth-test-kit';

const { t } = routeTest({ config: { loginMaxFailuresPerIp: 1000 } });

const CHANGED = 'Password changed successfully';
const GENERIC_FAILURE = { status: 401, success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' };

describe('POST /auth/change-password', () => {
  it('changes the password with the current one and ends every session when called without a session', async () => {
    const { user, username } = await makeOrgUser(t);
    const first = await t.login(username, FIXTURE_PASSWORD);
    const second = await t.login(username, FIXTURE_PASSWORD);

    const res = await changePassword(t, username, FIXTURE_PASSWORD, 'Brand-New-Secret-11');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: CHANGED });

    for (const session of [first, second]) {
      expect(await protectedStatus(t, session.token)).toBe(401);
      expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
    }
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(401);
    expect((await postLogin(t, username, 'Brand-New-Secret-11')).statusCode).toBe(200);

    const audited = (await auditRows(t, 'auth.password_changed')).filter((r) => r.entity_id === user.id);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ entity_type: 'user', actor_label: username });
  });

  it('keeps the calling session and ends the others when called with a bearer token', async () => {
    const { user, username } = await makeOrgUser(t);
    const mine = await t.login(username, FIXTURE_PASSWORD);
    const elsewhere = await t.login(username, FIXTURE_PASSWORD);

    const res = await changePassword(t, username, FIXTURE_PASSWORD, 'Brand-New-Secret-12', mine.token);
    expect(res.statusCode).toBe(200);

    expect(await protectedStatus(t, mine.token)).toBe(200);
    expect((await postRefresh(t, mine.refresh)).statusCode).toBe(200);
    expect(await protectedStatus(t, elsewhere.token)).toBe(401);
    expect((await postRefresh(t, elsewhere.refresh)).statusCode).toBe(401);
    const audited = (await auditRows(t, 'auth.password_changed')).filter((r) => r.entity_id === user.id);
    expect(audited[0]).toMatchObject({ actor_type: 'USER', actor_id: user.id });
  });

  it('finds the account by phone without +91', async () => {
    const { username } = await makeOrgUser(t, { phone: '+919833344455' });
    expect((await changePassword(t, '9833344455', FIXTURE_PASSWORD, 'Brand-New-Secret-13')).statusCode).toBe(200);
    expect((await postLogin(t, username, 'Brand-New-Secret-13')).statusCode).toBe(200);
  });

  it('answers the generic failure for a wrong current password or an unknown user, and audits it', async () => {
    const { user, username } = await makeOrgUser(t);
    const wrong = await changePassword(t, username, 'Not-My-Password-1', 'Brand-New-Secret-14');
    expect(failureShape(wrong)).toEqual(GENERIC_FAILURE);
    const unknown = await changePassword(t, 'ghost.user@kisan.example.in', 'Not-My-Password-1', 'Brand-New-Secret-14');
    expect(failureShape(unknown)).toEqual(GENERIC_FAILURE);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
    const audited = (await auditRows(t, 'auth.change_password_failed')).filter((r) => r.entity_id === user.id);
    expect(audited).toHaveLength(1);
  });

  it("refuses to change someone else's password from a signed-in session", async () => {
    const { username: mine } = await makeOrgUser(t);
    const { username: theirs } = await makeOrgUser(t);
    const session = await t.login(mine, FIXTURE_PASSWORD);
    const res = await changePassword(t, theirs, FIXTURE_PASSWORD, 'Brand-New-Secret-15', session.token);
    expect(res.statusCode).toBe(403);
    expect((await postLogin(t, theirs, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a bearer token that no longer works', async () => {
    const { username } = await makeOrgUser(t);
    const session = await t.login(username, FIXTURE_PASSWORD);
    await t.call({ method: 'POST', url: `${API}/auth/logout`, payload: { refreshToken: session.refresh } });
    expect((await changePassword(t, username, FIXTURE_PASSWORD, 'Brand-New-Secret-16', session.token)).statusCode).toBe(401);
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('needs both passwords sealed with the same login key nonce', async () => {
    const { username } = await makeOrgUser(t);
    const [password] = await t.seal(FIXTURE_PASSWORD);
    const [newpassword] = await t.seal('Brand-New-Secret-17');
    const res = await t.call({ method: 'POST', url: `${API}/auth/change-password`, payload: { username, password, newpassword } });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('SEALED_VALUE_INVALID');
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses plaintext passwords, naming the field', async () => {
    const { username } = await makeOrgUser(t);
    const [sealed] = await t.seal(FIXTURE_PASSWORD);
    const plainNew = await t.call({
      method: 'POST',
      url: `${API}/auth/change-password`,
      payload: { username, password: sealed, newpassword: 'Brand-New-Secret-18' },
    });
    expect(plainNew.statusCode).toBe(400);
    expect(body(plainNew).errors?.map((e) => e.path)).toEqual(['newpassword']);
    const plainCurrent = await t.call({
      method: 'POST',
      url: `${API}/auth/change-password`,
      payload: { username, password: FIXTURE_PASSWORD, newpassword: sealed },
    });
    expect(plainCurrent.statusCode).toBe(400);
    expect(body(plainCurrent).errors?.map((e) => e.path)).toEqual(['password']);
  });

  it('refuses the same password again', async () => {
    const { username } = await makeOrgUser(t);
    const res = await changePassword(t, username, FIXTURE_PASSWORD, FIXTURE_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[0]?.path).toBe('newpassword');
  });
});

describe('password policy', () => {
  it.each([
    'password123',
    'qwertyuiop',
    'Password123',
    'iloveyou',
    '12345678',
  ])('refuses the common password %s (422 WEAK_PASSWORD)', async (weak) => {
    const { username } = await makeOrgUser(t);
    const res = await changePassword(t, username, FIXTURE_PASSWORD, weak);
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({
      success: false,
      code: 'WEAK_PASSWORD',
      errors: [{ path: 'newpassword', message: 'This password is too common; choose another' }],
    });
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses fewer than 8 and more than 255 characters, naming the field', async () => {
    const { username } = await makeOrgUser(t);
    const short = await changePassword(t, username, FIXTURE_PASSWORD, 'Ab1-xyz');
    expect(short.statusCode).toBe(400);
    expect(body(short).errors).toEqual([{ path: 'newpassword', message: 'Password Must be atleast 8 character' }]);
    const long = await changePassword(t, username, FIXTURE_PASSWORD, `Kx9-${'a'.repeat(252)}`);
    expect(long.statusCode).toBe(400);
    expect(body(long).errors?.[0]?.path).toBe('newpassword');
  });

  it('accepts 9 and exactly 255 characters, and keeps the case as typed', async () => {
    const { username } = await makeOrgUser(t);
    // 8 characters are long enough, but the strength estimate of any 8 characters is at most "fair" (10^8 guesses).
    const eight = await changePassword(t, username, FIXTURE_PASSWORD, 'Zq7#mK2p');
    expect(eight.statusCode).toBe(422);
    expect(body(eight).errors?.[0]?.path).toBe('newpassword');
    expect((await changePassword(t, username, FIXTURE_PASSWORD, 'Zq7#mK2pW')).statusCode).toBe(200);
    expect((await postLogin(t, username, 'zq7#mk2pw')).statusCode).toBe(401);
    // Not one repeated letter: the strength rule refuses that, whatever its length.
    const longest = 'Quartz-Monsoon-8841-Lotus/'.repeat(10).slice(0, 255);
    expect(longest).toHaveLength(255);
    expect((await changePassword(t, username, 'Zq7#mK2pW', longest)).statusCode).toBe(200);
    expect((await postLogin(t, username, longest)).statusCode).toBe(200);
  });
});
