import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { expect } from 'vitest';
import { API, makeOrganization, makeRole, makeUser, type TTestApp } from '../../../test/test-app';

/** Helpers shared by the authentication API tests (imported by tests only). */

export type TJsonBody = {
  success: boolean;
  message?: string;
  code?: string;
  requestId?: string;
  errors?: { path: string; message: string }[];
  meta?: { page: number; limit: number; total: number };
  // biome-ignore lint/suspicious/noExplicitAny: response payloads are checked field by field in the tests
  data?: any;
};

export function body(res: { json: () => unknown }): TJsonBody {
  return res.json() as TJsonBody;
}

/** The error body without the per-request id, to compare two failures. */
export function failureShape(res: { statusCode: number; json: () => unknown }) {
  const { requestId: _ignored, ...rest } = body(res);
  return { status: res.statusCode, ...rest };
}

export async function query<T = Record<string, unknown>>(t: TTestApp, text: string, params: unknown[] = []): Promise<T[]> {
  const result = await t.database.pool.query(text, params);
  return result.rows as T[];
}

export async function auditRows(t: TTestApp, action: string) {
  return await query<{
    action: string;
    actor_type: string;
    actor_id: string | null;
    actor_label: string | null;
    entity_type: string;
    entity_id: string | null;
    ip: string | null;
    after: unknown;
  }>(t, 'SELECT * FROM audit_events WHERE action = $1 ORDER BY seq', [action]);
}

/** `remoteAddress`: the client address the request comes from (127.0.0.1 unless given). */
export async function postLogin(
  t: TTestApp,
  username: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  const [sealed] = await t.seal(password);
  return await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username, password: sealed }, headers, remoteAddress });
}

export async function postRefresh(t: TTestApp, refreshToken: string) {
  return await t.call({ method: 'POST', url: `${API}/auth/refresh-tokens`, payload: { refreshToken } });
}

export async function postLogout(t: TTestApp, refreshToken: string) {
  return await t.call({ method: 'POST', url: `${API}/auth/logout`, payload: { refreshToken } });
}

/** A protected call (the user list) with an access token; its status tells whether the token still works. */
export async function protectedStatus(t: TTestApp, token: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: `${API}/users`, token });
  return res.statusCode;
}

let counter = 0;

/** An organisation user who may list users (so GET /users proves an access token works). */
export async function makeOrgUser(
  t: TTestApp,
  values: { email?: string; phone?: string; status?: 'ACTIVE' | 'INVITED' | 'DISABLED' } = {},
) {
  counter += 1;
  const org = await makeOrganization(t, `Kisan Telematics ${counter}`);
  const role = await makeRole(t, `Fleet Operator ${counter}`, scopesFrom({ user: true }), { organizationId: org.id });
  const user = await makeUser(t, {
    email: values.email ?? (values.phone ? undefined : `operator${counter}.${Date.now()}@kisan.example.in`),
    phone: values.phone,
    roleId: role.id,
    organizationId: org.id,
    status: values.status,
  });
  return { org, role, user, username: (user.email ?? user.phone)! };
}

export async function latestOutboxMessage(t: TTestApp, recipient: string) {
  const [row] = await query<{ channel: string; recipient: string; subject: string | null; body: string; template: string; status: string }>(
    t,
    'SELECT * FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [recipient],
  );
  return row ?? null;
}

/** The 6-digit code of the latest reset message sent to `recipient`. */
export async function latestOtp(t: TTestApp, recipient: string): Promise<string> {
  const message = await latestOutboxMessage(t, recipient);
  const match = message ? /\b(\d{6})\b/.exec(message.body) : null;
  expect(match, `no reset code was sent to ${recipient}`).not.toBeNull();
  return match![1]!;
}

export async function forgotPassword(t: TTestApp, username: string, remoteAddress?: string) {
  return await t.call({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { username }, remoteAddress });
}

export async function resetWithOtp(t: TTestApp, otp: string, otpToken: string, password: string, remoteAddress?: string) {
  const [sealed] = await t.seal(password);
  return await t.call({
    method: 'POST',
    url: `${API}/auth/reset-password?otp=${otp}`,
    payload: { otpToken, password: sealed },
    remoteAddress,
  });
}

export async function resetWithLink(t: TTestApp, token: string, password: string, remoteAddress?: string) {
  const [sealed] = await t.seal(password);
  return await t.call({
    method: 'POST',
    url: `${API}/auth/reset-password?token=${encodeURIComponent(token)}`,
    payload: { password: sealed },
    remoteAddress,
  });
}

export async function changePassword(t: TTestApp, username: string, current: string, next: string, token?: string) {
  const [password, newpassword] = await t.seal([current, next]);
  return await t.call({ method: 'POST', url: `${API}/auth/change-password`, payload: { username, password, newpassword }, token });
}

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** Seconds from now until an ISO instant. */
export function secondsUntil(iso: string): number {
  return (Date.parse(iso) - Date.now()) / 1000;
}
