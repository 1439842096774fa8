import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API, FIXTURE_PASSWORD, type TTestApp } from '../../../test/test-app';
import { auditRows, body, latestOutboxMessage, makeOrgUser, postLogin, protectedStatus, query } from '../auth/auth-test-kit';
import { awayFromStepEdge, codeFor, currentStep, enrol, hotp, passwordStep, secondStep, setupRequest } from './two-factor-test-kit';

/** Lets every step be used again (the replay rule is tested on its own): the window tests need steps in any order. */
async function forgetUsedSteps(t: TTestApp, userId: string) {
  await query(t, 'UPDATE user_two_factor SET last_used_step = NULL WHERE user_id = $1', [userId]);
}

async function sessionCount(t: TTestApp, userId: string): Promise<number> {
  const [row] = await query<{ n: number }>(t, 'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]);
  return row!.n;
}

/** An organisation user with two-factor sign-in on. */
async function enrolledOrgUser(t: TTestApp) {
  const made = await makeOrgUser(t);
  const session = await t.login(made.username, FIXTURE_PASSWORD);
  const { secret, recoveryCodes } = await enrol(t, session.token);
  await forgetUsedSteps(t, made.user.id);
  return { ...made, secret, recoveryCodes, token: session.token };
}

describe('the code algorithm of the tests', () => {
  it('is RFC 6238 (SHA-1): the reference value at T = 59 s', () => {
    // RFC 6238 appendix B: key "12345678901234567890", time 59 s, 8 digits → 94287082.
    expect(hotp(Buffer.from('12345678901234567890'), Math.floor(59 / 30), 8)).toBe('94287082');
  });
});

describe('optional for organisation users', () => {
  const { t } = routeTest({ config: { staffTwoFactor: 'required', loginMaxFailuresPerIp: 1000 } });

  it('signs an organisation user without two-factor sign-in in with the password alone, even when staff must have it', async () => {
    const { user, username } = await makeOrgUser(t);
    const res = await postLogin(t, username, FIXTURE_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(body(res).data.token.access.token).toEqual(expect.any(String));
    const status = await t.call({ method: 'GET', url: `${API}/auth/two-factor`, token: body(res).data.token.access.token });
    expect(body(status).data).toEqual({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await sessionCount(t, user.id)).toBe(1);
  });

  it('sets up an authenticator: key and QR URI once, stored sealed, confirmed by a code, ten recovery codes stored hashed', async () => {
    const { user, username } = await makeOrgUser(t);
    const { token } = await t.login(username, FIXTURE_PASSWORD);
    // The password again first.
    const wrongPassword = await setupRequest(t, token, 'Not-The-Password-1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(body(wrongPassword)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const setup = await setupRequest(t, token, FIXTURE_PASSWORD);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, issuer, account } = body(setup).data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(issuer).toBe('Tarang');
    expect(account).toBe(username);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Tarang', algorithm: 'SHA1', digits: '6', period: '30' });

    // The key is kept sealed: neither it nor anything derived from it in the clear.
    const [stored] = await query<{ secret: string | null; pending_secret: string }>(
      t,
      'SELECT secret, pending_secret FROM user_two_factor WHERE user_id = $1',
      [user.id],
    );
    expect(stored!.secret).toBeNull();
    expect(stored!.pending_secret).toMatch(/^v1\./);
    expect(stored!.pending_secret).not.toContain(secret);

    // Not on until a code confirms it; a wrong code is refused.
    expect(body(await t.call({ method: 'GET', url: `${API}/auth/two-factor`, token })).data.enabled).toBe(false);
    await awayFromStepEdge();
    const wrongCode = codeFor(secret) === '000000' ? '111111' : '000000';
    const wrong = await t.call({ method: 'POST', url: `${API}/auth/two-factor/confirm`, token, payload: { code: wrongCode } });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ code: 'OTP_INVALID' });
    const bad = await t.call({ method: 'POST', url: `${API}/auth/two-factor/confirm`, token, payload: { code: '12ab56' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors?.[0]?.path).toBe('code');

    const confirm = await t.call({ method: 'POST', url: `${API}/auth/two-factor/confirm`, token, payload: { code: codeFor(secret) } });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = body(confirm).data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);

    const hashes = await query<{ code_hash: string }>(t, 'SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1', [user.id]);
    expect(hashes).toHaveLength(10);
    const stored2 = JSON.stringify(hashes) + JSON.stringify(await query(t, 'SELECT * FROM user_two_factor WHERE user_id = $1', [user.id]));
    for (const code of codes) {
      expect(stored2).not.toContain(code);
      expect(stored2).not.toContain(code.replaceAll('-', ''));
    }
    expect(stored2).not.toContain(secret);

    const status = body(await t.call({ method: 'GET', url: `${API}/auth/two-factor`, token })).data;
    expect(status).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status)).not.toContain(secret);
    const again = await setupRequest(t, token, FIXTURE_PASSWORD);
    expect(again.statusCode).toBe(409);

    const [event] = await auditRows(t, 'auth.two_factor_enabled');
    expect(event).toMatchObject({ actor_id: user.id, entity_id: user.id, after: { recoveryCodes: 10 } });
  });

  it('asks for a code after the password, starts no session before it, and signs in with it', async () => {
    const { user, username, secret } = await enrolledOrgUser(t);
    const sessionsBefore = await sessionCount(t, user.id);
    const challenge = await passwordStep(t, username, FIXTURE_PASSWORD);
    expect(challenge.step).toBe('verify');
    expect(Date.parse(challenge.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(await sessionCount(t, user.id)).toBe(sessionsBefore);
    // The challenge handle is stored hashed only.
    expect(JSON.stringify(await query(t, 'SELECT * FROM two_factor_challenges WHERE user_id = $1', [user.id]))).not.toContain(
      challenge.challenge,
    );

    await awayFromStepEdge();
    const res = await secondStep(t, { challenge: challenge.challenge, code: codeFor(secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Successfully logged in');
    const token = body(res).data.token.access.token;
    expect(await protectedStatus(t, token)).toBe(200);
    expect(await sessionCount(t, user.id)).toBe(sessionsBefore + 1);
    const logins = await auditRows(t, 'auth.login');
    expect(logins.at(-1)).toMatchObject({ actor_id: user.id, after: { secondFactor: 'authenticator' } });

    // The challenge is used once.
    await forgetUsedSteps(t, user.id);
    const reused = await secondStep(t, { challenge: challenge.challenge, code: codeFor(secret) });
    expect(reused.statusCode).toBe(401);
    expect(body(reused)).toMatchObject({ code: 'TOKEN_INVALID', message: 'This sign-in has expired; sign in again' });
  });

  it('refuses a code used once already (a replay), and any code of an earlier step than the last one used', async () => {
    const { username, secret } = await enrolledOrgUser(t);
    await awayFromStepEdge();
    const step = currentStep();
    const first = await passwordStep(t, username, FIXTURE_PASSWORD);
    expect((await secondStep(t, { challenge: first.challenge, code: codeFor(secret, step) })).statusCode).toBe(200);
    const second = await passwordStep(t, username, FIXTURE_PASSWORD);
    const replay = await secondStep(t, { challenge: second.challenge, code: codeFor(secret, step) });
    expect(replay.statusCode).toBe(400);
    expect(body(replay)).toMatchObject({ code: 'OTP_INVALID' });
    // The step before is inside the window, but earlier than the one used: refused too.
    expect((await secondStep(t, { challenge: second.challenge, code: codeFor(secret, step - 1) })).statusCode).toBe(400);
    // The next step's code still works, on the same challenge (a wrong code does not use it up).
    expect((await secondStep(t, { challenge: second.challenge, code: codeFor(secret, step + 1) })).statusCode).toBe(200);
  });

  it('accepts the codes of one step either side of now and none further', async () => {
    const { user, username, secret } = await enrolledOrgUser(t);
    await awayFromStepEdge();
    const step = currentStep();
    const tryStep = async (s: number) => {
      await forgetUsedSteps(t, user.id);
      const { challenge } = await passwordStep(t, username, FIXTURE_PASSWORD);
      return (await secondStep(t, { challenge, code: codeFor(secret, s) })).statusCode;
    };
    expect(await tryStep(step - 2)).toBe(400);
    expect(await tryStep(step - 1)).toBe(200);
    expect(await tryStep(step + 1)).toBe(200);
    expect(await tryStep(step + 2)).toBe(400);
    expect(await tryStep(step)).toBe(200);
  });

  it('takes each recovery code once, in any case and with or without dashes, and audits its use', async () => {
    const { user, username, recoveryCodes } = await enrolledOrgUser(t);
    const code = recoveryCodes[3]!;
    const first = await passwordStep(t, username, FIXTURE_PASSWORD);
    const res = await secondStep(t, { challenge: first.challenge, recoveryCode: code.toUpperCase().replaceAll('-', '') });
    expect(res.statusCode, res.body).toBe(200);
    expect(await protectedStatus(t, body(res).data.token.access.token)).toBe(200);
    const [used] = await auditRows(t, 'auth.two_factor_recovery_code_used');
    expect(used).toMatchObject({ entity_id: user.id, after: { recoveryCodesLeft: 9 } });
    expect((await auditRows(t, 'auth.login')).at(-1)).toMatchObject({ actor_id: user.id, after: { secondFactor: 'recovery_code' } });

    const second = await passwordStep(t, username, FIXTURE_PASSWORD);
    const again = await secondStep(t, { challenge: second.challenge, recoveryCode: code });
    expect(again.statusCode).toBe(400);
    expect(body(again)).toMatchObject({ code: 'OTP_INVALID' });
    const other = await secondStep(t, { challenge: second.challenge, recoveryCode: recoveryCodes[4]! });
    expect(other.statusCode).toBe(200);
    const status = await t.call({ method: 'GET', url: `${API}/auth/two-factor`, token: body(other).data.token.access.token });
    expect(body(status).data.recoveryCodesLeft).toBe(8);
  });

  it('answers 400 naming the field for a malformed second step, never 500', async () => {
    const { username } = await enrolledOrgUser(t);
    const { challenge } = await passwordStep(t, username, FIXTURE_PASSWORD);
    for (const [payload, field] of [
      [{ challenge }, 'code'],
      [{ challenge, code: '123456', recoveryCode: 'abcd-efgh-jkmn' }, 'code'],
      [{ challenge, code: '12345' }, 'code'],
      [{ challenge, recoveryCode: 'short' }, 'recoveryCode'],
      [{ challenge: 'x\u0000y', code: '123456' }, 'challenge'],
    ] as const) {
      const res = await secondStep(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).errors?.map((e) => e.path)).toContain(field);
    }
    const unknown = await secondStep(t, { challenge: 'not-a-challenge', code: '123456' });
    expect(unknown.statusCode).toBe(401);
  });

  it('counts wrong codes against the account: the sixth try is refused even with the right code, and a right password between does not reset the count', async () => {
    const { username, secret } = await enrolledOrgUser(t);
    await awayFromStepEdge();
    const wrong = codeFor(secret, currentStep() + 5);
    let { challenge } = await passwordStep(t, username, FIXTURE_PASSWORD);
    for (let i = 0; i < 3; i += 1) expect((await secondStep(t, { challenge, code: wrong })).statusCode).toBe(400);
    // The right password again: the three wrong codes still count.
    ({ challenge } = await passwordStep(t, username, FIXTURE_PASSWORD));
    for (let i = 0; i < 2; i += 1) expect((await secondStep(t, { challenge, code: wrong })).statusCode).toBe(400);
    const locked = await secondStep(t, { challenge, code: codeFor(secret) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The account is locked for the password step too.
    expect((await postLogin(t, username, FIXTURE_PASSWORD)).statusCode).toBe(429);
    const failures = await auditRows(t, 'auth.two_factor_failed');
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect((await auditRows(t, 'auth.two_factor_failed_repeated')).length).toBeGreaterThanOrEqual(1);
  });

  it('turns off with a current code (audited), after which the password alone signs in', async () => {
    const { user, username, secret, token } = await enrolledOrgUser(t);
    await awayFromStepEdge();
    const wrong = await t.call({
      method: 'POST',
      url: `${API}/auth/two-factor/disable`,
      token,
      payload: { code: codeFor(secret, currentStep() + 7) },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await t.call({ method: 'POST', url: `${API}/auth/two-factor/disable`, token, payload: { code: codeFor(secret) } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditRows(t, 'auth.two_factor_disabled')).at(-1)).toMatchObject({ entity_id: user.id, actor_id: user.id });
    expect(await query(t, 'SELECT 1 FROM two_factor_recovery_codes WHERE user_id = $1', [user.id])).toHaveLength(0);
    const login = await postLogin(t, username, FIXTURE_PASSWORD);
    expect(body(login).data.token.access.token).toEqual(expect.any(String));
  });

  it('gives ten new recovery codes for a current code; the earlier ones stop working', async () => {
    const { username, secret, recoveryCodes, token } = await enrolledOrgUser(t);
    await awayFromStepEdge();
    const res = await t.call({ method: 'POST', url: `${API}/auth/two-factor/recovery-codes`, token, payload: { code: codeFor(secret) } });
    expect(res.statusCode, res.body).toBe(200);
    const fresh: string[] = body(res).data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await auditRows(t, 'auth.two_factor_recovery_codes_regenerated')).length).toBeGreaterThanOrEqual(1);
    const { challenge } = await passwordStep(t, username, FIXTURE_PASSWORD);
    expect((await secondStep(t, { challenge, recoveryCode: recoveryCodes[0]! })).statusCode).toBe(400);
    expect((await secondStep(t, { challenge, recoveryCode: fresh[0]! })).statusCode).toBe(200);
  });
});

describe('required for staff', () => {
  const { t } = routeTest({ config: { staffTwoFactor: 'required', loginMaxFailuresPerIp: 1000 } });

  it('signs a staff user without it into set-up only: no session until an authenticator is confirmed', async () => {
    const [admin] = await query<{ id: string }>(t, 'SELECT id FROM users WHERE email = $1', [ADMIN_EMAIL]);
    const challenge = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(challenge.step).toBe('enrol');
    expect(await sessionCount(t, admin!.id)).toBe(0);

    // A code before any key was set up: refused, and nothing else is open to this challenge.
    const early = await secondStep(t, { challenge: challenge.challenge, code: '123456' });
    expect(early.statusCode).toBe(422);
    expect((await secondStep(t, { challenge: challenge.challenge, recoveryCode: 'abcd-efgh-jkmn' })).statusCode).toBe(400);

    const setup = await t.call({ method: 'POST', url: `${API}/auth/login/two-factor/setup`, payload: { challenge: challenge.challenge } });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = body(setup).data;
    await awayFromStepEdge();
    const wrong = await secondStep(t, { challenge: challenge.challenge, code: codeFor(secret, currentStep() + 9) });
    expect(wrong.statusCode).toBe(400);
    expect(await sessionCount(t, admin!.id)).toBe(0);

    const done = await secondStep(t, { challenge: challenge.challenge, code: codeFor(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done).data.recoveryCodes).toHaveLength(10);
    const token = body(done).data.token.access.token;
    expect(await protectedStatus(t, token)).toBe(200);
    expect(body(await t.call({ method: 'GET', url: `${API}/auth/two-factor`, token })).data).toMatchObject({
      enabled: true,
      required: true,
    });

    // From now on the password step asks for a code, and a verify challenge cannot set up a new key.
    const next = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(next.step).toBe('verify');
    const hijack = await t.call({ method: 'POST', url: `${API}/auth/login/two-factor/setup`, payload: { challenge: next.challenge } });
    expect(hijack.statusCode).toBe(401);

    // Staff cannot turn it off.
    const off = await t.call({
      method: 'POST',
      url: `${API}/auth/two-factor/disable`,
      token,
      payload: { code: codeFor(secret, currentStep() + 1) },
    });
    expect(off.statusCode).toBe(422);
    expect(body(off).message).toBe('Two-factor sign-in is required for staff accounts and cannot be turned off');
  });
});

describe('the reset by an administrator', () => {
  const vahan = (key: string, role: string) => ({ email: `${key}@vahan.example.in`, role, org: 'vahan' });
  const { t, tokens, users } = routeTest({
    config: { loginMaxFailuresPerIp: 1000 },
    staff: true,
    organizations: { vahan: 'Vahan Fleet Services' },
    roles: {
      'User Editor': { scopes: scopesFrom({ user: ['add', 'edit', 'delete', 'sendMail'] }), org: 'vahan' },
      'Two-Factor Resetter': { scopes: scopesFrom({ user: ['resetTwoFactor'] }), org: 'vahan' },
    },
    // An organisation admin who may edit users but not reset two-factor sign-in, a member, and one who may reset.
    users: {
      editor: vahan('editor', 'User Editor'),
      member: vahan('member', 'User Editor'),
      resetter: vahan('resetter', 'Two-Factor Resetter'),
    },
  });

  const reset = (token: string, id: string) => t.call({ method: 'POST', url: `${API}/users/${id}/reset-two-factor`, token });

  it('clears the user’s two-factor sign-in, ends their sessions, mails them and is audited', async () => {
    const target = await enrolledOrgUser(t);
    expect(await protectedStatus(t, target.token)).toBe(200);
    const res = await reset(tokens.staff, target.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await protectedStatus(t, target.token)).toBe(401);
    expect(await query(t, 'SELECT 1 FROM user_two_factor WHERE user_id = $1', [target.user.id])).toHaveLength(0);
    expect(await query(t, 'SELECT 1 FROM two_factor_recovery_codes WHERE user_id = $1', [target.user.id])).toHaveLength(0);
    const [admin] = await query<{ id: string }>(t, 'SELECT id FROM users WHERE email = $1', [ADMIN_EMAIL]);
    expect((await auditRows(t, 'user.two_factor_reset')).at(-1)).toMatchObject({
      actor_id: admin!.id,
      entity_id: target.user.id,
      actor_type: 'USER',
    });
    const mail = await latestOutboxMessage(t, target.username);
    expect(mail).toMatchObject({ template: 'two-factor-reset', channel: 'EMAIL' });
    // The password alone signs the (organisation) user in again.
    expect(body(await postLogin(t, target.username, FIXTURE_PASSWORD)).data.token.access.token).toEqual(expect.any(String));
    // Nothing left to reset.
    expect((await reset(tokens.staff, target.user.id)).statusCode).toBe(422);
  });

  it('is refused without the permission (403), outside the caller’s organisations (404), and for oneself (403)', async () => {
    const target = await enrolledOrgUser(t);
    const [own] = await query<{ id: string }>(t, 'SELECT id FROM users WHERE email = $1', [ADMIN_EMAIL]);
    const self = await reset(tokens.staff, own!.id);
    expect(self.statusCode).toBe(403);
    expect(body(self).message).toBe('Use your profile to turn off your own two-factor sign-in');

    // An organisation admin who may edit users but not reset two-factor sign-in.
    expect((await reset(tokens.editor, users.member.id)).statusCode).toBe(403);

    // One who holds it, aimed at a user of another organisation: not found, and nothing changes.
    const foreign = await reset(tokens.resetter, target.user.id);
    expect(foreign.statusCode).toBe(404);
    expect(await query(t, 'SELECT 1 FROM user_two_factor WHERE user_id = $1', [target.user.id])).toHaveLength(1);
    // Staff users are out of an organisation's reach too.
    expect((await reset(tokens.resetter, own!.id)).statusCode).toBe(404);
    expect(await protectedStatus(t, target.token)).toBe(200);

    // Inside its own organisation it works.
    await enrol(t, tokens.member);
    expect((await reset(tokens.resetter, users.member.id)).statusCode).toBe(200);
    expect((await auditRows(t, 'user.two_factor_reset')).at(-1)).toMatchObject({
      actor_id: users.resetter.id,
      entity_id: users.member.id,
    });
  });
});
