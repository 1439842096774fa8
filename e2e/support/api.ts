import type { TLoginKey } from '@tarang/shared/auth/auth.schemas';
import { sealPassword } from '@tarang/shared/auth/seal-password';
import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { inject } from 'vitest';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants';

/** Calls the running server's API as a client would, to set up what a test needs. */
export const baseUrl = () => inject('e2eBaseUrl');

type TBody = { success: boolean; message?: string; data?: unknown; code?: string };

export async function call(
  method: string,
  apiPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: TBody }> {
  const res = await fetch(`${baseUrl()}/api/v1${apiPath}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as TBody) : { success: res.ok } };
}

async function ok(method: string, apiPath: string, options: { token?: string; body?: unknown } = {}) {
  const res = await call(method, apiPath, options);
  if (res.status >= 300) throw new Error(`${method} ${apiPath} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function seal(...passwords: string[]): Promise<string[]> {
  const key = (await ok('GET', '/auth/login-key')).data as TLoginKey;
  return await Promise.all(passwords.map((p) => sealPassword(key, p)));
}

export async function apiLogin(username: string, password: string) {
  const [sealed] = await seal(password);
  const body = await ok('POST', '/auth/login', { body: { username, password: sealed } });
  return body.data as { user: { id: string }; token: { access: { token: string }; refresh: { token: string } } };
}

let adminToken: string | null = null;
export async function adminAccessToken(): Promise<string> {
  adminToken ??= (await apiLogin(E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD)).token.access.token;
  return adminToken;
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A 10-digit Indian mobile number nobody else in the run has. */
export function uniquePhoneDigits(): string {
  return `9${String(Date.now() % 1e9).padStart(9, '0')}`.slice(0, 10);
}

export async function staffRoleId(): Promise<string> {
  const token = await adminAccessToken();
  const roles = (await ok('GET', '/roles?limit=100', { token })).data as {
    id: string;
    name: string;
    kind: string;
    organizationId: string | null;
    system: boolean;
  }[];
  // Not the built-in Super Admin role: its holders' mail is theirs alone (decision 021), so tests could not read
  // the codes and links sent to them. A staff role of the tests' own, made once.
  const staff = roles.find((r) => r.kind === 'STAFF' && r.organizationId === null && !r.system);
  if (staff) return staff.id;
  const created = await ok('POST', '/roles', {
    token,
    body: {
      name: 'Support Desk',
      kind: 'STAFF',
      description: 'Staff role of the browser tests',
      authScopes: {
        dashboard: { allowed: true, actions: {} },
        user: { allowed: true, actions: {} },
        organisation: { allowed: true, actions: {} },
      },
    },
  });
  return (created.data as { id: string }).id;
}

/** Creates a user with a password, or (without one) invites them: the server sends a set-password link. */
export async function createUser(input: {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  role: string;
  organizationId?: string;
  password?: string;
}) {
  const token = await adminAccessToken();
  const { password: plain, ...rest } = input;
  const body = plain ? { ...rest, password: (await seal(plain))[0] } : rest;
  await ok('POST', '/users', { token, body });
  // The answer names no user (an address held elsewhere is answered the same): find the new one by its address.
  const address = input.email ?? input.phone!;
  const found = (await ok('GET', `/users?search=${encodeURIComponent(address)}`, { token })).data as { id: string }[];
  if (found.length !== 1) throw new Error(`POST /users made no single user with ${address}`);
  return found[0]!;
}

/** The newest message the server sent (or holds) for a recipient. */
export async function lastMessageTo(recipient: string): Promise<{ body: string } | undefined> {
  const token = await adminAccessToken();
  const outbox = await call('GET', '/outbox?limit=50', { token });
  return (outbox.body.data as { recipient: string; body: string }[]).find((m) => m.recipient === recipient);
}

export async function createOrganization(tradeName: string) {
  const token = await adminAccessToken();
  return (await ok('POST', '/organization', { token, body: { tradeName, brandName: tradeName, email: null } })).data as {
    id: string;
    tradeName: string;
  };
}

export async function createRole(input: { name: string; organizationId: string; authScopes: TAuthScopes }) {
  const token = await adminAccessToken();
  return (await ok('POST', '/roles', { token, body: { ...input, kind: 'ORGANIZATION' } })).data as { id: string; name: string };
}

/** An API call as the admin that must succeed: the envelope's data, or an error naming the call and its answer. */
export async function adminApi<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${await adminAccessToken()}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; message?: string; data?: unknown };
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data as T;
}

/** Reads until `ok` holds, every 200 ms, failing with the last value after `timeoutMs`. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Puts SIMs into stock through the bulk upload (`POST /sim/large-data`, a CSV, as the admin) and waits for the upload
 * to end: its final state.
 */
export async function uploadSims(sims: readonly { iccid: string; imsi: string; msisdn: string; operator: string }[], fileName: string) {
  const csv = ['iccid,imsi,msisdn,operator', ...sims.map((s) => `${s.iccid},${s.imsi},${s.msisdn},${s.operator}`)].join('\n');
  const form = new FormData();
  form.set('file', new Blob([csv]), fileName);
  const upload = await fetch(`${baseUrl()}/api/v1/sim/large-data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminAccessToken()}` },
    body: form,
  });
  if (upload.status !== 202) throw new Error(`POST /sim/large-data answered ${upload.status}: ${await upload.text()}`);
  const operation = ((await upload.json()) as { data: { id: string } }).data;
  return await until(
    'upload',
    () => adminApi<{ status: string; succeeded: number }>('GET', `/sim/large-data/${operation.id}`),
    (o) => o.status === 'DONE' || o.status === 'FAILED',
  );
}
