import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API, FIXTURE_PASSWORD, makeRole, makeUser, type TSession } from '../../../test/test-app';

type TEvent = {
  id: string;
  seq: number;
  occurredAt: string;
  actorType: string;
  actorId: string | null;
  actorLabel: string | null;
  organizationId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  hash: string;
  prevHash: string;
};

const { t } = routeTest();
let admin: TSession;
let orgA: { id: string };
let orgA1: { id: string };
let orgB: { id: string };
let auditor: TSession;
let noAudit: TSession;

async function trail(
  token: string,
  query = '',
): Promise<{ status: number; body: { data: TEvent[]; meta: { limit: number; nextCursor: string | null } } & Record<string, unknown> }> {
  const res = await t.call({ method: 'GET', url: `${API}/audit-trail${query ? `?${query}` : ''}`, token });
  return { status: res.statusCode, body: res.json() };
}

async function createOrg(tradeName: string, parentId?: string) {
  const res = await t.call({
    method: 'POST',
    url: `${API}/organization`,
    token: admin.token,
    headers: { 'user-agent': 'AuditTest/1.0', 'x-request-id': `req-create-${tradeName.replace(/\W/g, '')}` },
    payload: { tradeName, ...(parentId ? { parentId } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; tradeName: string };
}

beforeAll(async () => {
  admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  orgA = await createOrg('Audit Reseller A');
  orgA1 = await createOrg('Audit Customer A1', orgA.id);
  orgB = await createOrg('Audit Sibling B');
  const renamed = await t.call({
    method: 'PUT',
    url: `${API}/organization/${orgB.id}`,
    token: admin.token,
    payload: { tradeName: 'Audit Sibling B Renamed' },
  });
  expect(renamed.statusCode).toBe(200);
  const auditorRole = await makeRole(t, 'Org Auditor', scopesFrom({ 'audit-trail': true }), { organizationId: orgA.id });
  const plainRole = await makeRole(t, 'Org Viewer', scopesFrom({ organisation: [] }), { organizationId: orgA.id });
  await makeUser(t, { email: 'auditor@reseller-a.in', roleId: auditorRole.id, organizationId: orgA.id });
  await makeUser(t, { email: 'viewer@reseller-a.in', roleId: plainRole.id, organizationId: orgA.id });
  auditor = await t.login('auditor@reseller-a.in', FIXTURE_PASSWORD);
  noAudit = await t.login('viewer@reseller-a.in', FIXTURE_PASSWORD);
  // A failed sign-in: an anonymous event.
  const [sealed] = await t.seal('Not-The-Password-1');
  const failed = await t.call({
    method: 'POST',
    url: `${API}/auth/login`,
    payload: { username: 'auditor@reseller-a.in', password: sealed },
  });
  expect(failed.statusCode).toBe(401);
});

describe('what an audit event records', () => {
  it('records actor, organisation, action, entity, after, IP, user agent, request id and UTC time of a change', async () => {
    const { status, body } = await trail(admin.token, `entityType=organization&entityId=${orgA.id}`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    const event = body.data[0]!;
    expect(event).toMatchObject({
      actorType: 'USER',
      actorId: admin.data.user.id,
      actorLabel: ADMIN_EMAIL,
      organizationId: orgA.id,
      action: 'organization.create',
      entityType: 'organization',
      entityId: orgA.id,
      before: null,
      after: { id: orgA.id, tradeName: 'Audit Reseller A' },
      ip: '127.0.0.1',
      userAgent: 'AuditTest/1.0',
      requestId: 'req-create-AuditResellerA',
    });
    expect(event.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(event.occurredAt) - Date.now())).toBeLessThan(10 * 60_000);
    expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records before and after of an update', async () => {
    const { body } = await trail(admin.token, `action=organization.update&entityId=${orgB.id}`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      before: { tradeName: 'Audit Sibling B' },
      after: { tradeName: 'Audit Sibling B Renamed' },
      organizationId: orgB.id,
    });
  });

  it('records a failed sign-in as ANONYMOUS, naming the username and never the password', async () => {
    const { body } = await trail(admin.token, 'actorType=ANONYMOUS');
    const failed = body.data.find((e) => e.action === 'auth.login_failed');
    expect(failed).toMatchObject({
      actorType: 'ANONYMOUS',
      actorId: null,
      actorLabel: 'auditor@reseller-a.in',
      after: { reason: 'wrong_password' },
    });
    expect(JSON.stringify(body)).not.toContain('Not-The-Password-1');
  });

  it('records work done at first start as SYSTEM', async () => {
    const { body } = await trail(admin.token, 'actorType=SYSTEM');
    expect(body.data.length).toBeGreaterThanOrEqual(1);
    expect(body.data.every((e) => e.actorType === 'SYSTEM' && e.actorId === null)).toBe(true);
    expect(body.data.some((e) => e.action === 'user.create' && e.entityId === admin.data.user.id)).toBe(true);
  });
});

describe('filters', () => {
  it('filters by actorId', async () => {
    const { body } = await trail(admin.token, `actorId=${auditor.data.user.id}`);
    expect(body.data.length).toBeGreaterThanOrEqual(1);
    expect(body.data.every((e) => e.actorId === auditor.data.user.id)).toBe(true);
    expect(body.data.map((e) => e.action)).toContain('auth.login');
  });

  it('filters by action and entity type', async () => {
    const { body } = await trail(admin.token, 'action=organization.create&entityType=organization');
    expect(body.data.map((e) => e.entityId).sort()).toEqual([orgA.id, orgA1.id, orgB.id].sort());
  });

  it('filters by organizationId', async () => {
    const { body } = await trail(admin.token, `organizationId=${orgA1.id}`);
    expect(body.data.map((e) => e.action)).toEqual(['organization.create']);
    expect(body.data[0]!.entityId).toBe(orgA1.id);
  });

  it('filters by a time range, inclusive at both ends', async () => {
    const all = (await trail(admin.token, 'limit=500')).body.data;
    const middle = all[Math.floor(all.length / 2)]!;
    const exact = (
      await trail(admin.token, `from=${encodeURIComponent(middle.occurredAt)}&to=${encodeURIComponent(middle.occurredAt)}&limit=500`)
    ).body.data;
    expect(exact.map((e) => e.id)).toContain(middle.id);
    expect(exact.every((e) => e.occurredAt === middle.occurredAt)).toBe(true);
    // The same instant written in India time.
    const ist = new Date(Date.parse(middle.occurredAt) + 5.5 * 3600_000).toISOString().replace('Z', '+05:30');
    const sameInIst = (await trail(admin.token, `from=${encodeURIComponent(ist)}&to=${encodeURIComponent(ist)}&limit=500`)).body.data;
    expect(sameInIst.map((e) => e.id)).toEqual(exact.map((e) => e.id));
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await trail(admin.token, `from=${encodeURIComponent(future)}`)).body.data).toEqual([]);
    const past = '2000-01-01T00:00:00Z';
    expect((await trail(admin.token, `to=${encodeURIComponent(past)}`)).body.data).toEqual([]);
  });

  it('filters by organisation: the organisation and the ones under it', async () => {
    const { status, body } = await trail(admin.token, `organizationId=${orgA.id}&limit=500`);
    expect(status).toBe(200);
    expect(new Set(body.data.map((e) => e.organizationId))).toEqual(new Set([orgA.id, orgA1.id]));
    expect((await trail(admin.token, `organizationId=${orgB.id}&limit=500`)).body.data.map((e) => e.action).sort()).toEqual([
      'organization.create',
      'organization.update',
    ]);
    const missing = await trail(admin.token, 'organizationId=f0f0f0f0f0f0f0f0f0f0f0f0');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND', errors: [{ path: 'querystring.organizationId' }] });
  });

  it('filters by part of the actor label, whatever its case', async () => {
    const { body } = await trail(admin.token, 'actor=AUDITOR%40Reseller&limit=500');
    expect(body.data.length).toBeGreaterThanOrEqual(2);
    expect(body.data.every((e) => e.actorLabel === 'auditor@reseller-a.in')).toBe(true);
    // Both the auditor's own sign-in and the failed one made in their name.
    expect(body.data.map((e) => e.actorType)).toEqual(expect.arrayContaining(['USER', 'ANONYMOUS']));
    // With the actor's id too: only the signed-in user's events.
    const both = (await trail(admin.token, `actor=auditor&actorId=${auditor.data.user.id}&limit=500`)).body.data;
    expect(both.length).toBeGreaterThanOrEqual(1);
    expect(both.every((e) => e.actorId === auditor.data.user.id && e.actorType === 'USER')).toBe(true);
    // LIKE's wildcards are taken literally.
    expect((await trail(admin.token, 'actor=%25')).body.data).toEqual([]);
    expect((await trail(admin.token, 'actor=auditor_reseller')).body.data).toEqual([]);
  });

  it('filters by an action family (`organization.`) or a prefix (`organization.cr*`), an exact action otherwise', async () => {
    const family = (await trail(admin.token, 'action=organization.&limit=500')).body.data;
    expect(new Set(family.map((e) => e.action))).toEqual(new Set(['organization.create', 'organization.update']));
    expect(family.map((e) => e.entityId)).toEqual(expect.arrayContaining([orgA.id, orgA1.id, orgB.id]));
    const prefix = (await trail(admin.token, 'action=organization.cr*&limit=500')).body.data;
    expect(prefix.length).toBe(3);
    expect(prefix.every((e) => e.action === 'organization.create')).toBe(true);
    expect((await trail(admin.token, 'action=organization')).body.data).toEqual([]);
    expect((await trail(admin.token, 'action=%25.')).body.data).toEqual([]);
    expect((await trail(admin.token, 'action=organization_create*')).body.data).toEqual([]);
  });

  it('filters by calendar days in India, the whole of each day', async () => {
    const created = (await trail(admin.token, `entityType=organization&entityId=${orgA.id}`)).body.data[0]!;
    const day = new Date(Date.parse(created.occurredAt) + 5.5 * 3600_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const ids = async (query: string) => (await trail(admin.token, `entityId=${orgA.id}&${query}`)).body.data.map((e) => e.id);
    expect(await ids(`from=${day}&to=${day}`)).toEqual([created.id]);
    expect(await ids(`to=${dayBefore}`)).toEqual([]);
    expect(await ids(`from=${dayAfter}`)).toEqual([]);
  });

  it('refuses malformed filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['actorType=ROBOT', 'actorType'],
      ['actorId=123', 'actorId'],
      ['cursor=abc', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['colour=red', 'colour'],
      ['from=2026-02-30', 'from'],
      ['to=2026-13-01T00:00:00Z', 'to'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2026-03-01T10:00:00%2B05:30&to=2026-03-01T04:00:00Z', 'to'],
      ['action=sim.*.x', 'action'],
      [`actor=${'x'.repeat(101)}`, 'actor'],
      ['actor=a%00b', 'actor'],
      ['entityId=a%01b', 'entityId'],
    ] as const) {
      const { status, body } = await trail(admin.token, query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect((body.errors as { path: string }[]).map((e) => e.path).join(' '), query).toContain(field);
    }
  });
});

describe('cursor pagination', () => {
  it('walks every event newest first, without gaps or repeats', async () => {
    const all = (await trail(admin.token, 'limit=500')).body;
    expect(all.meta.nextCursor).toBeNull();
    expect(all.data.length).toBeGreaterThan(7);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof trail>> = await trail(admin.token, `limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(3);
      expect(page.body.meta.limit).toBe(3);
      seen.push(...page.body.data.map((e) => e.seq));
      cursor = page.body.meta.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(seen).toEqual(all.data.map((e) => e.seq));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('reads a cursor beyond every event as the start, never failing', async () => {
    const first = (await trail(admin.token, 'limit=2')).body.data.map((e) => e.seq);
    const res = await trail(admin.token, `limit=2&cursor=${'9'.repeat(40)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => e.seq)).toEqual(first);
  });

  it('keeps the filter while paging', async () => {
    const first = (await trail(admin.token, 'action=organization.create&limit=2')).body;
    expect(first.data).toHaveLength(2);
    expect(first.meta.nextCursor).not.toBeNull();
    const second = (await trail(admin.token, `action=organization.create&limit=2&cursor=${first.meta.nextCursor}`)).body;
    expect(second.data).toHaveLength(1);
    expect(second.meta.nextCursor).toBeNull();
    expect([...first.data, ...second.data].map((e) => e.entityId).sort()).toEqual([orgA.id, orgA1.id, orgB.id].sort());
  });
});

describe('who sees what', () => {
  it('shows an organisation user only the events of their organisation subtree', async () => {
    const { status, body } = await trail(auditor.token, 'limit=500');
    expect(status).toBe(200);
    const orgs = new Set(body.data.map((e) => e.organizationId));
    expect(orgs.has(orgA.id)).toBe(true);
    expect(orgs.has(orgA1.id)).toBe(true);
    expect([...orgs].every((id) => id === orgA.id || id === orgA1.id)).toBe(true);
    // Staff events (no organisation) are out of reach, even when asked for; a sibling asked for by id is not found.
    expect((await trail(auditor.token, 'actorType=SYSTEM')).body.data).toEqual([]);
    const sibling = await trail(auditor.token, `organizationId=${orgB.id}`);
    expect(sibling.status).toBe(404);
    expect(sibling.body).toMatchObject({ success: false, code: 'NOT_FOUND', errors: [{ path: 'querystring.organizationId' }] });
    const missing = await trail(auditor.token, 'organizationId=f0f0f0f0f0f0f0f0f0f0f0f0');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(sibling.body.message);
  });

  it("keeps every other filter inside the subtree: the admin's actions on the sibling stay hidden", async () => {
    const byAdmin = (await trail(auditor.token, `actorId=${admin.data.user.id}&limit=500`)).body.data;
    expect(byAdmin.map((e) => e.entityId)).toEqual(expect.arrayContaining([orgA.id, orgA1.id]));
    expect(byAdmin.every((e) => e.organizationId === orgA.id || e.organizationId === orgA1.id)).toBe(true);
    const family = (await trail(auditor.token, 'action=organization.&limit=500')).body.data;
    expect(family.map((e) => e.entityId).sort()).toEqual([orgA.id, orgA1.id].sort());
    const byLabel = (await trail(auditor.token, `actor=${encodeURIComponent(ADMIN_EMAIL)}&limit=500`)).body.data;
    expect(byLabel.map((e) => e.id).sort()).toEqual(byAdmin.map((e) => e.id).sort());
    expect((await trail(auditor.token, `entityType=organization&entityId=${orgB.id}`)).body.data).toEqual([]);
  });

  it('shows staff every organisation', async () => {
    const { body } = await trail(admin.token, 'limit=500');
    const orgs = new Set(body.data.map((e) => e.organizationId));
    for (const id of [orgA.id, orgA1.id, orgB.id, null]) expect(orgs.has(id)).toBe(true);
  });

  it('refuses a user without the audit-trail permission with 403', async () => {
    const { status, body } = await trail(noAudit.token);
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/audit-trail` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});
