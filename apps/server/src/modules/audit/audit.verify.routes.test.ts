import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { ADMIN_EMAIL, API, FIXTURE_PASSWORD, makeRole, makeUser } from '../../../test/test-app';
import { walkAuditChain } from './audit.repository';
import { AUDIT_VERIFY_LOCK } from './audit.service';

/**
 * POST /audit-trail/verify: staff recompute the hash chain over a range of events (decision 008) and read the first
 * broken link. The chain of this file's database is tampered with around the refusing trigger at the end.
 */

const { t, tokens, rows } = routeTest({
  staff: true,
  organizations: { V: 'Vasundhara Telematics' },
  roles: {
    'Chain Onlooker': scopesFrom({ organisation: [] }),
    'Org Chain Reader': { scopes: scopesFrom({ 'audit-trail': true }), org: 'V' },
  },
  users: { orgReader: { email: 'chain-reader@vasundhara.in', role: 'Org Chain Reader', org: 'V' } },
});

type TResult = {
  fromSeq: number | null;
  toSeq: number | null;
  checked: number;
  firstBroken: { seq: number; occurredAt: string | null; reason: string } | null;
  headMatches?: boolean;
  elapsedMs: number;
  perSecond: number;
};

let keeper: string;
let onlooker: string;

async function verify(payload: unknown, token = tokens.staff) {
  const res = await t.call({ method: 'POST', url: `${API}/audit-trail/verify`, token, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json() as { data: TResult } & Record<string, unknown> };
}

const seqs = async () => (await rows<{ seq: string }>('SELECT seq FROM audit_events ORDER BY seq')).map((r) => Number(r.seq));
const verifyEvents = async () =>
  rows<{ actor_id: string | null; after: TResult & { range: unknown } }>(
    "SELECT actor_id, after FROM audit_events WHERE action = 'audit.verify' ORDER BY seq",
  );

beforeAll(async () => {
  // A staff role that may read the audit trail (not the super-admin), and one that may not.
  const keeperRole = await makeRole(t, 'Chain Keeper', scopesFrom({ 'audit-trail': true }), { kind: 'STAFF' });
  await makeUser(t, { email: 'keeper@tarang.test', roleId: keeperRole.id, organizationId: null });
  await makeUser(t, {
    email: 'onlooker@tarang.test',
    roleId: (await rows<{ id: string }>("SELECT id FROM roles WHERE name = 'Chain Onlooker'"))[0]!.id,
    organizationId: null,
  });
  keeper = (await t.login('keeper@tarang.test', FIXTURE_PASSWORD)).token;
  onlooker = (await t.login('onlooker@tarang.test', FIXTURE_PASSWORD)).token;
  // Some events to chain: organisations made and renamed.
  for (let i = 0; i < 6; i++) {
    const made = await t.call({
      method: 'POST',
      url: `${API}/organization`,
      token: tokens.staff,
      payload: { tradeName: `Chain Org ${i}` },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id as string;
    const renamed = await t.call({
      method: 'PUT',
      url: `${API}/organization/${id}`,
      token: tokens.staff,
      payload: { tradeName: `Chain Org ${i} Renamed` },
    });
    expect(renamed.statusCode).toBe(200);
  }
});

describe('verifying an intact chain', () => {
  it('checks every event, from the first to the newest, and finds the chain intact with its head on the newest event', async () => {
    const before = await seqs();
    const { status, body } = await verify({ fromSeq: 1 });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      fromSeq: before[0],
      toSeq: before.at(-1),
      checked: before.length,
      firstBroken: null,
      headMatches: true,
    });
    expect(body.data.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(body.data.perSecond).toBeGreaterThan(0);
  });

  it('is audited itself: who asked, the range and what was found', async () => {
    const events = await verifyEvents();
    expect(events.length).toBeGreaterThanOrEqual(1);
    const last = events.at(-1)!;
    expect(last.after).toMatchObject({ range: { fromSeq: 1, toSeq: null }, firstBroken: null, headMatches: true });
    expect(last.after.checked).toBeGreaterThan(10);
    const [admin] = await rows<{ id: string }>('SELECT id FROM users WHERE email = $1', [ADMIN_EMAIL]);
    expect(last.actor_id).toBe(admin!.id);
  });

  it('checks a range by seq, both ends included, starting from the link of its first event; no head check inside the chain', async () => {
    const all = await seqs();
    const [from, to] = [all[3]!, all[8]!];
    const { status, body } = await verify({ fromSeq: from, toSeq: to });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ fromSeq: from, toSeq: to, checked: 6, firstBroken: null });
    expect(body.data).not.toHaveProperty('headMatches');
    // A range past the newest event holds nothing; one reaching it checks the head.
    const past = await verify({ fromSeq: all.at(-1)! + 1000 });
    expect(past.body.data).toMatchObject({ fromSeq: null, toSeq: null, checked: 0, firstBroken: null, headMatches: true });
    const now = await seqs();
    const tail = await verify({ fromSeq: now.at(-2)! });
    expect(tail.body.data).toMatchObject({ fromSeq: now.at(-2), toSeq: now.at(-1), checked: 2, firstBroken: null, headMatches: true });
  });

  it('walks in batches: any batch size gives the same answer', async () => {
    const whole = await walkAuditChain(t.deps.db);
    expect(whole.firstBroken).toBeNull();
    for (const size of [1, 2, 3, 7]) expect(await walkAuditChain(t.deps.db, {}, size), `batch ${size}`).toEqual(whole);
  });
});

describe('who may verify', () => {
  it('lets a staff user with the audit-trail permission verify', async () => {
    const { status, body } = await verify({ toSeq: 5 }, keeper);
    expect(status).toBe(200);
    expect(body.data.firstBroken).toBeNull();
  });

  it('refuses staff without the permission, organisation users (even with it) and anonymous callers, writing nothing', async () => {
    const before = (await verifyEvents()).length;
    const withoutPermission = await verify({ fromSeq: 1 }, onlooker);
    expect(withoutPermission.status).toBe(403);
    expect(withoutPermission.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const organisationUser = await verify({ fromSeq: 1 }, tokens.orgReader);
    expect(organisationUser.status).toBe(403);
    expect(organisationUser.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'This is for platform staff' });
    // The organisation user still reads their own organisation's trail.
    expect((await t.call({ method: 'GET', url: `${API}/audit-trail`, token: tokens.orgReader })).statusCode).toBe(200);
    const anonymous = await t.call({ method: 'POST', url: `${API}/audit-trail/verify`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await verifyEvents()).length).toBe(before);
  });

  it('runs one verification at a time: a second one is refused with 409 while the first holds the lock', async () => {
    const other = await t.database.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_VERIFY_LOCK]);
      const { status, body } = await verify({ fromSeq: 1 });
      expect(status).toBe(409);
      expect(body).toMatchObject({ success: false, code: 'CONFLICT' });
      expect(body.message).toMatch(/already running/);
    } finally {
      await other.query('COMMIT');
      other.release();
    }
    expect((await verify({ toSeq: 1 })).status).toBe(200);
  });
});

describe('refused ranges', () => {
  it('answers 400 naming the field for junk, never 500', async () => {
    for (const [payload, field] of [
      [{ fromSeq: 0 }, 'fromSeq'],
      [{ fromSeq: -3 }, 'fromSeq'],
      [{ fromSeq: 'abc' }, 'fromSeq'],
      [{ fromSeq: '12' }, 'fromSeq'],
      [{ toSeq: 1.5 }, 'toSeq'],
      [{ toSeq: 1e300 }, 'toSeq'],
      [{ toSeq: null }, 'toSeq'],
      [{ fromSeq: 9, toSeq: 2 }, 'toSeq'],
      [{ from: '2026-01-01' }, 'from'],
      [[1, 2], 'body'],
    ] as const) {
      const { status, body } = await verify(payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body, JSON.stringify(payload)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect((body.errors as { path: string }[]).map((e) => e.path).join(' '), JSON.stringify(payload)).toContain(field);
    }
    const malformed = await t.call({
      method: 'POST',
      url: `${API}/audit-trail/verify`,
      token: tokens.staff,
      headers: { 'content-type': 'application/json' },
      payload: '{"fromSeq":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

/** Tampering needs the owner to switch the refusing trigger off, as an attacker with the database owner's rights could. */
async function tamper(statement: string, values: unknown[]) {
  const client = await t.database.pool.connect();
  try {
    await client.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update');
    await client.query(statement, values);
    await client.query('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update');
  } finally {
    client.release();
  }
}

// Each case breaks the chain earlier than the one before: verification names the first break.
describe('verifying a tampered chain', () => {
  it('names the removed newest event by the head, then the event written after it as not linked', async () => {
    const newest = (await seqs()).at(-1)!;
    await tamper('DELETE FROM audit_events WHERE seq = $1', [newest]);
    const first = await verify({ fromSeq: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      firstBroken: { seq: newest, occurredAt: null, reason: 'head_mismatch' },
      headMatches: false,
      checked: (await seqs()).length - 1,
    });
    // That verification's own event chained onto the removed one: it is the first broken link now.
    const own = (await seqs()).at(-1)!;
    expect(own).toBeGreaterThan(newest);
    const second = await verify({ fromSeq: 1 });
    expect(second.body.data.firstBroken).toMatchObject({ seq: own, reason: 'link_broken' });
    expect(second.body.data.headMatches).toBe(true);
  });

  it('names a changed event, with when it happened, and counts the events checked up to it', async () => {
    const all = await seqs();
    const victim = all[6]!;
    const [victimRow] = await rows<{ occurred_at: Date }>('SELECT occurred_at FROM audit_events WHERE seq = $1', [victim]);
    await tamper(`UPDATE audit_events SET after = '{"tradeName":"Forged"}'::jsonb WHERE seq = $1`, [victim]);
    const { body } = await verify({ fromSeq: 1 });
    expect(body.data.firstBroken).toEqual({ seq: victim, occurredAt: victimRow!.occurred_at.toISOString(), reason: 'hash_mismatch' });
    expect(body.data.checked).toBe(7);
    expect(body.data.toSeq).toBe(victim);
    // Every batch size finds the same break.
    const whole = await walkAuditChain(t.deps.db);
    for (const size of [1, 3, 4])
      expect((await walkAuditChain(t.deps.db, {}, size)).firstBroken, `batch ${size}`).toEqual(whole.firstBroken);
    // A range that ends before it, or starts after it, is intact.
    expect((await verify({ toSeq: all[5]! })).body.data).toMatchObject({ checked: 6, firstBroken: null });
    expect((await verify({ fromSeq: all[7]!, toSeq: all[10]! })).body.data).toMatchObject({ checked: 4, firstBroken: null });
  });

  it('names the event after a removed one as not linked, across a batch boundary too', async () => {
    const all = await seqs();
    await tamper('DELETE FROM audit_events WHERE seq = $1', [all[2]!]);
    const { body } = await verify({ fromSeq: 1 });
    expect(body.data.firstBroken).toMatchObject({ seq: all[3], reason: 'link_broken' });
    expect(body.data.checked).toBe(3);
    // The break sits between two batches of two: the link is carried from one batch to the next.
    expect((await walkAuditChain(t.deps.db, {}, 2)).firstBroken).toMatchObject({ seq: all[3], reason: 'link_broken' });
    // The refusing trigger is back on.
    await expect(t.database.pool.query('DELETE FROM audit_events WHERE seq = $1', [all[4]!])).rejects.toThrow(/append-only/);
  });

  it('names a removed first event: the chain starts with a link to nothing', async () => {
    const all = await seqs();
    await tamper('DELETE FROM audit_events WHERE seq = $1', [all[0]!]);
    const { body } = await verify({ fromSeq: 1 });
    expect(body.data.firstBroken).toMatchObject({ seq: all[1], reason: 'link_broken' });
    expect(body.data.checked).toBe(1);
    // A range that starts at the first event left is checked the same way; one that starts inside the chain takes its
    // first event's link as it is (the event after the one removed above does not link, but is intact in itself).
    expect((await verify({ fromSeq: all[1]!, toSeq: all[1]! })).body.data.firstBroken).toMatchObject({
      seq: all[1],
      reason: 'link_broken',
    });
    expect((await verify({ fromSeq: all[2]!, toSeq: all[2]! })).body.data).toMatchObject({ checked: 1, firstBroken: null });
    expect((await verify({ fromSeq: all[1]!, toSeq: all[2]! })).body.data.firstBroken).toMatchObject({ seq: all[1] });
  });
});
