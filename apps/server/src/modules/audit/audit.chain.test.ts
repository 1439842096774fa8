import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { AppError } from '../../http/app-error';
import { SYSTEM_CONTEXT } from '../../http/request-context';
import { AUDIT_SEALER_LOCK, verifyAuditChain } from './audit.repository';
import { auditInboxStatement, recordAudit, sealAuditInbox, sealAuditInboxNow } from './audit.service';

const { t, tokens } = routeTest({ staff: true });

type TChainRow = { seq: number; hash: string; prev_hash: string };

async function chainRows(): Promise<TChainRow[]> {
  const { rows } = await t.database.pool.query<TChainRow>('SELECT seq, hash, prev_hash FROM audit_events ORDER BY seq');
  return rows;
}

async function countEvents(): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events');
  return rows[0]!.n;
}

describe('audit_events is append-only at the SQL level', () => {
  it('refuses UPDATE', async () => {
    await expect(t.database.pool.query(`UPDATE audit_events SET action = 'forged'`)).rejects.toThrow(/append-only: UPDATE refused/);
  });

  it('refuses DELETE', async () => {
    await expect(t.database.pool.query('DELETE FROM audit_events')).rejects.toThrow(/append-only: DELETE refused/);
  });

  it('refuses TRUNCATE', async () => {
    await expect(t.database.pool.query('TRUNCATE audit_events')).rejects.toThrow(/append-only: TRUNCATE refused/);
  });

  it('still holds every event after the refused statements', async () => {
    expect(await countEvents()).toBeGreaterThanOrEqual(2); // first-start admin creation and the sign-in above
    const { rows } = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'forged'`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('hash chain', () => {
  it('links each event to the previous one and verifies as intact', async () => {
    const rows = await chainRows();
    expect(rows[0]!.prev_hash).toBe('');
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    for (const row of rows) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyAuditChain(t.deps.db)).toBeNull();
  });

  it('stays one unforked chain under 20 parallel requests that write events', async () => {
    const before = await countEvents();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call({ method: 'POST', url: `${API}/organization`, token: tokens.staff, payload: { tradeName: `Parallel Org ${i}` } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const rows = await chainRows();
    expect(rows.length).toBe(before + 20);
    // Every hash is the previous hash of exactly one later event: no two events claim the same predecessor.
    const prevs = rows.map((r) => r.prev_hash);
    expect(new Set(prevs).size).toBe(prevs.length);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    expect(await verifyAuditChain(t.deps.db)).toBeNull();
  });

  it('leaves no event (and no gap in the chain) when the change rolls back', async () => {
    const before = await countEvents();
    await expect(
      t.deps.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { actor: null, ip: '10.0.0.1', userAgent: 'test', requestId: 'rollback-test-1' },
          { action: 'organization.update', entityType: 'organization', entityId: 'x' },
        );
        throw new AppError('VALIDATION_FAILED', 'tradeName: refused after writing');
      }),
    ).rejects.toThrow(/refused after writing/);
    expect(await countEvents()).toBe(before);
    const { rows } = await t.database.pool.query(`SELECT 1 FROM audit_events WHERE request_id = 'rollback-test-1'`);
    expect(rows).toHaveLength(0);
    // The next event chains onto the last committed one.
    const res = await t.call({ method: 'POST', url: `${API}/organization`, token: tokens.staff, payload: { tradeName: 'After Rollback' } });
    expect(res.statusCode).toBe(201);
    expect(await verifyAuditChain(t.deps.db)).toBeNull();
  });

  it('writes no event for requests the schema or the service refuses', async () => {
    const before = await countEvents();
    const bySchema = await t.call({
      method: 'POST',
      url: `${API}/organization`,
      token: tokens.staff,
      payload: { tradeName: 'x'.repeat(201) },
    });
    expect(bySchema.statusCode).toBe(400);
    // The parent is looked up inside the service, which refuses it.
    const byService = await t.call({
      method: 'POST',
      url: `${API}/organization`,
      token: tokens.staff,
      payload: { tradeName: 'Bad', parentId: 'ffffffffffffffffffffffff' },
    });
    expect(byService.statusCode).toBeGreaterThanOrEqual(400);
    expect(byService.statusCode).toBeLessThan(500);
    expect(byService.json()).toMatchObject({ success: false, errors: [{ path: 'parentId' }] });
    expect(await countEvents()).toBe(before);
  });

  it('lets a repeatable-read writer that cannot see the newest event fail to serialise, never fork', async () => {
    const insert = (c: { query: (q: string, v: unknown[]) => Promise<unknown> }, id: string) =>
      c.query(`INSERT INTO audit_events (id, actor_type, action, entity_type) VALUES ($1, 'SYSTEM', 'test.snapshot', 'test')`, [id]);
    const a = await t.database.pool.connect();
    const b = await t.database.pool.connect();
    try {
      // Both snapshots are taken before either writes.
      await a.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await a.query('SELECT count(*) FROM audit_events');
      await b.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await b.query('SELECT count(*) FROM audit_events');
      await insert(a, 'aaaaaaaaaaaaaaaaaaaaaaaa');
      await a.query('COMMIT');
      await expect(insert(b, 'bbbbbbbbbbbbbbbbbbbbbbbb')).rejects.toThrow(/could not serialize/);
      await b.query('ROLLBACK');
    } finally {
      a.release();
      b.release();
    }
    const rows = await chainRows();
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    expect(await verifyAuditChain(t.deps.db)).toBeNull();
  });

  it('gives an event a seq after the chain head even when its seq was drawn before a later writer', async () => {
    const last = (await chainRows()).at(-1)!;
    await t.database.pool.query(
      `INSERT INTO audit_events (seq, id, actor_type, action, entity_type) VALUES (1, 'cccccccccccccccccccccccc', 'SYSTEM', 'test.seq', 'test')`,
    );
    const { rows } = await t.database.pool.query<TChainRow>(
      `SELECT seq, hash, prev_hash FROM audit_events WHERE id = 'cccccccccccccccccccccccc'`,
    );
    expect(rows[0]!.seq).toBeGreaterThan(last.seq);
    expect(rows[0]!.prev_hash).toBe(last.hash);
    expect(await verifyAuditChain(t.deps.db)).toBeNull();
  });

  it('refuses to delete the chain head', async () => {
    await expect(t.database.pool.query('DELETE FROM audit_chain_head')).rejects.toThrow(/refused/);
    await expect(t.database.pool.query('TRUNCATE audit_chain_head')).rejects.toThrow(/refused/);
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

// Each case breaks the chain earlier than the one before, since verification names the first break.
describe('the audit inbox (money calls write there; decision 025)', () => {
  const inboxCount = async () => (await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_inbox')).rows[0]!.n;
  const write = async (label: string) =>
    await t.deps.db.transaction(async (tx) =>
      tx.execute(auditInboxStatement(SYSTEM_CONTEXT, [{ action: 'inbox.test', entityType: 'test', entityId: label }])!),
    );
  const sealedLabels = async () =>
    new Set(
      (await t.database.pool.query<{ entity_id: string }>("SELECT entity_id FROM audit_events WHERE action = 'inbox.test'")).rows.map(
        (r) => r.entity_id,
      ),
    );

  it('a reader that asks while passes run sees every event committed before it asked, in one unforked chain', async () => {
    const waits: Promise<{ label: string; sealed: Set<string> }>[] = [];
    for (let i = 0; i < 40; i++) {
      const label = `event-${i}`;
      await write(label);
      // Each ask after its own event's commit; the asks overlap the passes of the ones before.
      waits.push(sealAuditInboxNow(t.deps.db).then(async () => ({ label, sealed: await sealedLabels() })));
    }
    for (const { label, sealed } of await Promise.all(waits)) expect(sealed.has(label), label).toBe(true);
    expect(await inboxCount()).toBe(0);
    expect(await verifyAuditChain(t.deps.db)).toBeNull();
  });

  it('a reader waits for a sealer of another process instead of skipping; the sweep skips', async () => {
    await write('held-back');
    const other = await t.database.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_SEALER_LOCK]);
      expect(await sealAuditInbox(t.deps.db)).toBe(0); // the sweep: another sealer is at work
      let done = false;
      const reader = sealAuditInboxNow(t.deps.db).then(() => (done = true));
      await new Promise((r) => setTimeout(r, 200));
      expect(done).toBe(false);
      await other.query('COMMIT');
      await reader;
      expect((await sealedLabels()).has('held-back')).toBe(true);
    } finally {
      other.release();
    }
  });
});

describe('tamper detection', () => {
  it('detects a removed newest event', async () => {
    const rows = await chainRows();
    const newest = rows.at(-1)!;
    await tamper('DELETE FROM audit_events WHERE seq = $1', [newest.seq]);
    expect(await verifyAuditChain(t.deps.db)).toBe(newest.seq);
  });

  it('detects a changed event and names its seq', async () => {
    const rows = await chainRows();
    const victim = rows[Math.floor(rows.length / 2)]!;
    await tamper(`UPDATE audit_events SET after = '{"tradeName":"Forged"}'::jsonb WHERE seq = $1`, [victim.seq]);
    // The refusing trigger is back on.
    await expect(t.database.pool.query(`UPDATE audit_events SET action = 'again' WHERE seq = $1`, [victim.seq])).rejects.toThrow(
      /append-only/,
    );
    expect(await verifyAuditChain(t.deps.db)).toBe(victim.seq);
  });

  it('detects a removed event in the middle', async () => {
    const rows = await chainRows();
    await tamper('DELETE FROM audit_events WHERE seq = $1', [rows[2]!.seq]);
    // The event after the gap no longer points at its predecessor.
    expect(await verifyAuditChain(t.deps.db)).toBe(rows[3]!.seq);
  });
});
