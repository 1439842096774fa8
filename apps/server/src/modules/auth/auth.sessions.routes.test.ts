import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { FIXTURE_PASSWORD, makeOrganization, makeSignedInUser, type TTestApp, withTestApp } from '../../../test/test-app';
import {
  auditRows,
  body,
  ISO_UTC,
  makeOrgUser,
  postLogin,
  postLogout,
  postRefresh,
  protectedStatus,
  query,
  secondsUntil,
} from './auth-test-kit';

const { t } = routeTest({ config: { loginMaxFailuresPerIp: 1000 } });

async function signIn(app: TTestApp = t) {
  const { user, username } = await makeOrgUser(app);
  const session = await app.login(username, FIXTURE_PASSWORD);
  const [row] = await query<{ id: string }>(app, 'SELECT id FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [user.id]);
  return { user, username, session, sessionId: row!.id };
}

describe('POST /auth/refresh-tokens', () => {
  it('answers a new access and refresh token, rotating on every use', async () => {
    const { session } = await signIn();
    const first = await postRefresh(t, session.refresh);
    expect(first.statusCode).toBe(200);
    const pair = body(first).data;
    expect(pair).toEqual({
      access: { token: expect.any(String), expires: expect.stringMatching(ISO_UTC) },
      refresh: { token: expect.any(String), expires: expect.stringMatching(ISO_UTC) },
    });
    expect(pair.refresh.token).not.toBe(session.refresh);
    expect(pair.access.token).not.toBe(session.token);
    expect(secondsUntil(pair.access.expires)).toBeLessThanOrEqual(900);
    expect(await protectedStatus(t, pair.access.token)).toBe(200);

    const second = await postRefresh(t, pair.refresh.token);
    expect(second.statusCode).toBe(200);
    expect(body(second).data.refresh.token).not.toBe(pair.refresh.token);
    expect(await protectedStatus(t, body(second).data.access.token)).toBe(200);
  });

  it('refuses a token it never issued', async () => {
    const res = await postRefresh(t, 'bm90LWEtcmVhbC1yZWZyZXNoLXRva2VuLWF0LWFsbA');
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
  });

  it('ends the whole session when a rotated token comes back, and logs and audits it', async () => {
    const { user, session, sessionId } = await signIn();
    const other = await t.login((user.email ?? user.phone)!, FIXTURE_PASSWORD);
    const rotated = body(await postRefresh(t, session.refresh)).data;
    expect(await protectedStatus(t, rotated.access.token)).toBe(200);

    const reuse = await postRefresh(t, session.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse).code).toBe('TOKEN_INVALID');

    // The family is gone: the newest refresh token and every access token of the session.
    expect((await postRefresh(t, rotated.refresh.token)).statusCode).toBe(401);
    expect(await protectedStatus(t, rotated.access.token)).toBe(401);
    expect(await protectedStatus(t, session.token)).toBe(401);
    // Another session of the same user is not touched.
    expect(await protectedStatus(t, other.token)).toBe(200);
    expect((await postRefresh(t, other.refresh)).statusCode).toBe(200);

    const warnings = t.logs.filter((l) => l.level === 40 && l.sessionId === sessionId);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]!.msg)).toMatch(/refresh token reuse/);
    const audited = (await auditRows(t, 'auth.refresh_token_reuse')).filter((r) => r.entity_id === sessionId);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ entity_type: 'session', after: { sessionId, userId: user.id } });
    const [row] = await query<{ revoke_reason: string }>(t, 'SELECT revoke_reason FROM sessions WHERE id = $1', [sessionId]);
    expect(row!.revoke_reason).toBe('refresh_token_reuse');
  });

  it('treats the same token sent twice at once as a reuse: at most one answer, then the session is gone', async () => {
    // A race: repeated a few times so that the requests really overlap at least once.
    for (let round = 0; round < 4; round += 1) {
      const { session } = await signIn();
      const answers = await Promise.all([1, 2, 3].map(() => postRefresh(t, session.refresh)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      expect(statuses).toContain(401);
      for (const answer of answers.filter((a) => a.statusCode === 200)) {
        expect((await postRefresh(t, body(answer).data.refresh.token)).statusCode).toBe(401);
        expect(await protectedStatus(t, body(answer).data.access.token)).toBe(401);
      }
    }
  });

  it('refuses a disabled user, and no longer accepts their access token', async () => {
    const { user, session } = await signIn();
    await query(t, "UPDATE users SET status = 'DISABLED' WHERE id = $1", [user.id]);
    expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
    expect(await protectedStatus(t, session.token)).toBe(401);
  });

  it('refuses a user whose organisation was disabled', async () => {
    const { user, session } = await signIn();
    await query(t, "UPDATE organizations SET status = 'DISABLED' WHERE id = (SELECT organization_id FROM users WHERE id = $1)", [user.id]);
    expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
    expect(await protectedStatus(t, session.token)).toBe(401);
  });
});

describe('a disabled ancestor organisation', () => {
  it('stops the users of every organisation below it, at sign-in and on each request', async () => {
    const reseller = await makeOrganization(t, 'Sanchar Reseller');
    const customer = await makeOrganization(t, 'GreenRoute Customer', reseller);
    const { user, session } = await makeSignedInUser(t, {
      email: `ops.${Date.now()}@greenroute.example.in`,
      role: 'Customer Operator',
      authScopes: scopesFrom({ user: true }),
      organizationId: customer.id,
    });
    expect(await protectedStatus(t, session.token)).toBe(200);

    await query(t, "UPDATE organizations SET status = 'DISABLED' WHERE id = $1", [reseller.id]);
    expect(await protectedStatus(t, session.token)).toBe(401);
    expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
    expect((await postLogin(t, user.email!, FIXTURE_PASSWORD)).statusCode).toBe(401);

    await query(t, "UPDATE organizations SET status = 'ACTIVE' WHERE id = $1", [reseller.id]);
    expect((await postLogin(t, user.email!, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  it('lasts 30 days at most and 7 days idle by default', async () => {
    const { session, sessionId } = await signIn();
    const [row] = await query<{ absolute_expires_at: Date }>(t, 'SELECT absolute_expires_at FROM sessions WHERE id = $1', [sessionId]);
    const absolute = (row!.absolute_expires_at.getTime() - Date.now()) / 1000;
    expect(absolute).toBeGreaterThan(30 * 24 * 3600 - 60);
    expect(absolute).toBeLessThanOrEqual(30 * 24 * 3600);
    expect(secondsUntil(session.data.token.refresh.expires)).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(secondsUntil(session.data.token.refresh.expires)).toBeLessThanOrEqual(7 * 24 * 3600);
  });

  it('ends after 7 idle days: refresh and access are refused', async () => {
    const { session, sessionId } = await signIn();
    await query(t, "UPDATE sessions SET last_used_at = now() - interval '7 days' - interval '1 minute' WHERE id = $1", [sessionId]);
    expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
    expect(await protectedStatus(t, session.token)).toBe(401);
  });

  it('stays usable after 6 idle days, and a refresh counts as use', async () => {
    const { session, sessionId } = await signIn();
    await query(t, "UPDATE sessions SET last_used_at = now() - interval '6 days' WHERE id = $1", [sessionId]);
    expect(await protectedStatus(t, session.token)).toBe(200);
    const res = await postRefresh(t, session.refresh);
    expect(res.statusCode).toBe(200);
    const [row] = await query<{ idle: number }>(
      t,
      'SELECT extract(epoch FROM now() - last_used_at)::float AS idle FROM sessions WHERE id = $1',
      [sessionId],
    );
    expect(row!.idle).toBeLessThan(60);
  });

  it('ends at the absolute limit even when in use', async () => {
    const { session, sessionId } = await signIn();
    await query(t, "UPDATE sessions SET absolute_expires_at = now() - interval '1 second' WHERE id = $1", [sessionId]);
    expect(await protectedStatus(t, session.token)).toBe(401);
    expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
  });

  it('never issues a refresh token that outlives the session', async () => {
    const { session, sessionId } = await signIn();
    await query(t, "UPDATE sessions SET absolute_expires_at = now() + interval '100 seconds' WHERE id = $1", [sessionId]);
    const res = await postRefresh(t, session.refresh);
    expect(res.statusCode).toBe(200);
    expect(secondsUntil(body(res).data.refresh.expires)).toBeLessThanOrEqual(100);
  });

  it('takes both limits from configuration', async () => {
    await withTestApp({ sessionAbsoluteTtlSeconds: 3600, sessionIdleTtlSeconds: 600 }, async (short) => {
      const { session, sessionId } = await signIn(short);
      expect(secondsUntil(session.data.token.refresh.expires)).toBeLessThanOrEqual(600);
      expect(secondsUntil(session.data.token.refresh.expires)).toBeGreaterThan(540);
      const [row] = await query<{ absolute_expires_at: Date }>(short, 'SELECT absolute_expires_at FROM sessions WHERE id = $1', [
        sessionId,
      ]);
      expect((row!.absolute_expires_at.getTime() - Date.now()) / 1000).toBeLessThanOrEqual(3600);
      expect((row!.absolute_expires_at.getTime() - Date.now()) / 1000).toBeGreaterThan(3540);

      // 5 idle minutes are fine, 11 are not.
      await query(short, "UPDATE sessions SET last_used_at = now() - interval '5 minutes' WHERE id = $1", [sessionId]);
      const refreshed = await postRefresh(short, session.refresh);
      expect(refreshed.statusCode).toBe(200);
      await query(short, "UPDATE sessions SET last_used_at = now() - interval '11 minutes' WHERE id = $1", [sessionId]);
      expect(await protectedStatus(short, body(refreshed).data.access.token)).toBe(401);
      expect((await postRefresh(short, body(refreshed).data.refresh.token)).statusCode).toBe(401);
    });
  });
});

describe('POST /auth/logout', () => {
  it('ends the session at once: its refresh and access tokens stop working', async () => {
    const { user, username, session, sessionId } = await signIn();
    const other = await t.login(username, FIXTURE_PASSWORD);
    expect(await protectedStatus(t, session.token)).toBe(200);

    const res = await postLogout(t, session.refresh);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Successfully logged out' });

    expect(await protectedStatus(t, session.token)).toBe(401);
    expect((await postRefresh(t, session.refresh)).statusCode).toBe(401);
    // Only this session ends.
    expect(await protectedStatus(t, other.token)).toBe(200);

    const audited = (await auditRows(t, 'auth.logout')).filter((r) => r.entity_id === sessionId);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor_type: 'USER', actor_id: user.id, actor_label: username, entity_type: 'session' });
  });

  it('answers the same for an unknown or already used token', async () => {
    const { session } = await signIn();
    expect(body(await postLogout(t, session.refresh))).toEqual({ success: true, message: 'Successfully logged out' });
    expect(body(await postLogout(t, session.refresh))).toEqual({ success: true, message: 'Successfully logged out' });
    const unknown = await postLogout(t, 'bm90LWEtcmVhbC1yZWZyZXNoLXRva2VuLWF0LWFsbA');
    expect(unknown.statusCode).toBe(200);
  });

  it('asks for the refresh token', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/auth/logout', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[0]?.path).toBe('refreshToken');
  });
});

describe('access tokens', () => {
  it('live at most 15 minutes and are refused when tampered with', async () => {
    const res = await postLogin(t, (await makeOrgUser(t)).username, FIXTURE_PASSWORD);
    const access = body(res).data.token.access;
    expect(secondsUntil(access.expires)).toBeLessThanOrEqual(900);
    const [header, payload] = access.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(900);
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86400 })).toString('base64url')}.${access.token.split('.')[2]}`;
    expect(await protectedStatus(t, forged)).toBe(401);
    expect(await protectedStatus(t, access.token)).toBe(200);
  });
});
