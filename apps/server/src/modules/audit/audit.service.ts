import { performance } from 'node:perf_hooks';
import type { TAuditQuery, TAuditVerifyRequest, TAuditVerifyResult } from '@tarang/shared/audit/audit.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { assertOrganizationInScope } from '../../lib/tenancy';
import {
  AUDIT_SEALER_LOCK,
  auditInboxInsert,
  insertAuditEvent,
  listAuditEvents,
  sealInboxBatch,
  type TAuditInsert,
  walkAuditChain,
} from './audit.repository';

export type TAuditRecord = {
  action: string;
  entityType: string;
  entityId?: string | null;
  organizationId?: string | null;
  before?: unknown;
  after?: unknown;
  /** For events without a signed-in actor (a failed login): who it concerns. */
  actorLabel?: string | null;
};

/** A user an event is about: a row or a person (`organizationId`), or a user as the API shows one (`organization`). */
type TAuditedUser = { id: string; organizationId: string | null } | { id: string; organization: { id: string } | null };

/**
 * The subject of an event about a user (none when the account is unknown): the user, filed under their organisation
 * (staff under none), which decides who may read the event.
 */
export function aboutUser(user: TAuditedUser | null) {
  const organizationId = !user ? null : 'organization' in user ? (user.organization?.id ?? null) : user.organizationId;
  return { entityType: 'user', entityId: user?.id ?? null, organizationId };
}

const SECRET_KEYS = /password|token|otp|secret|hash|apikey|api_key/i;

/** Removes secrets from a before/after snapshot; the audit trail never holds one. */
export function redactSnapshot(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(redactSnapshot);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_KEYS.test(k)) out[k] = redactSnapshot(v);
    return out;
  }
  return value;
}

/** Writes one audit event into the hash chain; call it inside the transaction of the change it records. */
export async function recordAudit(db: TExecutor, ctx: TRequestContext, record: TAuditRecord): Promise<void> {
  await insertAuditEvent(db, auditInsertOf(ctx, record));
}

/**
 * The statement that writes audit events into the audit inbox; the caller sends it inside the transaction of the change
 * they record (ledger.ts sends it with the movement's own statement). They commit with it and join the hash chain at
 * the next sweep (audit-sealer.ts, every 2 s) or before the next read of the audit trail, whichever comes first. For
 * paths that must not queue on the chain's head (money movements).
 */
export function auditInboxStatement(ctx: TRequestContext, records: TAuditRecord[]): SQL | null {
  return records.length ? auditInboxInsert(records.map((record) => auditInsertOf(ctx, record))) : null;
}

function auditInsertOf(ctx: TRequestContext, record: TAuditRecord): TAuditInsert {
  const actor = ctx.actor;
  return {
    actorType: actor ? actor.type : record.actorLabel !== undefined ? 'ANONYMOUS' : 'SYSTEM',
    actorId: actor?.userId ?? null,
    actorLabel: actor?.label ?? record.actorLabel ?? null,
    organizationId: record.organizationId ?? null,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId ?? null,
    before: redactSnapshot(record.before),
    after: redactSnapshot(record.after),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId,
  };
}

type TSealing = { running: Promise<void> | null; next: Promise<void> | null };
const sealing = new WeakMap<TDb, TSealing>();

/**
 * Seals the audit inbox before a read of the chain, so a reader sees every event committed before it asked. The calls
 * of this process share passes: a caller waits for a pass that begins after it asked (the one running may have read
 * the inbox before the caller's events were there), so at most the rest of one pass and one more. The pass waits for a
 * sealer of another process instead of skipping.
 */
export function sealAuditInboxNow(db: TDb): Promise<void> {
  let s = sealing.get(db);
  if (!s) {
    s = { running: null, next: null };
    sealing.set(db, s);
  }
  const state = s;
  const start = (): Promise<void> => {
    const pass = sealAuditInbox(db, { wait: true })
      .then(() => undefined)
      .finally(() => {
        if (state.running === pass) state.running = null;
      });
    state.running = pass;
    return pass;
  };
  if (!state.running) return start();
  state.next ??= state.running
    .catch(() => undefined)
    .then(() => {
      state.next = null;
      return start();
    });
  return state.next;
}

/**
 * Moves the audit inbox into the hash chain, oldest first, a batch per transaction. One sealer at a time (a
 * transaction-level advisory lock): the sweep skips when another sealer holds it (that one goes on until the inbox is
 * empty); with `wait` (a reader's pass) it waits for it, then seals what is left. Returns how many events it sealed.
 */
export async function sealAuditInbox(db: TDb, options: { wait?: boolean } = {}): Promise<number> {
  let sealed = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      if (options.wait) await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_SEALER_LOCK})`);
      else {
        const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${AUDIT_SEALER_LOCK}) AS locked`);
        if (!rows[0]?.locked) return -1;
      }
      return await sealInboxBatch(tx, 500);
    });
    if (n < 0) return sealed;
    sealed += n;
    if (n < 500) return sealed;
  }
}

export async function getAuditTrail(db: TDb, ctx: TRequestContext, query: TAuditQuery, options: { seal?: boolean } = {}) {
  const scope = requireActor(ctx).scope;
  // An organisation out of reach is one that does not exist, as everywhere else.
  const organizationPath = query.organizationId
    ? await assertOrganizationInScope(db, scope, query.organizationId).catch(() => {
        throw new AppError('NOT_FOUND', 'organizationId: Organisation not found', {
          errors: [{ path: 'querystring.organizationId', message: 'Organisation not found' }],
        });
      })
    : undefined;
  // Events waiting in the inbox (money calls) join the chain first: a caller reads what it has just done. (An export
  // seals once, before its first page.)
  if (options.seal !== false) await sealAuditInboxNow(db);
  const { rows, meta } = await listAuditEvents(db, scope, query, organizationPath);
  return { rows: rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() })), meta };
}

/** The advisory lock a verification of the chain holds: one at a time, so a second one cannot double the load. */
export const AUDIT_VERIFY_LOCK = 7238463;

/**
 * Staff: recomputes the hash chain over a range of events (decision 008; repository's `walkAuditChain`), in batches,
 * and says how many events it checked, the first broken one and how fast it went. One verification runs at a time
 * (409 for a second); each one is itself an audit event (`audit.verify`), written after the walk so it is not part of it.
 */
export async function verifyAuditTrail(db: TDb, ctx: TRequestContext, range: TAuditVerifyRequest): Promise<TAuditVerifyResult> {
  requireActor(ctx);
  // Events waiting in the inbox join the chain first: the walk covers every event committed before it was asked for.
  await sealAuditInboxNow(db);
  return await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${AUDIT_VERIFY_LOCK}) AS locked`);
    if (!rows[0]?.locked)
      throw new AppError('CONFLICT', 'A verification of the audit chain is already running; try again when it has finished');
    const started = performance.now();
    const walk = await walkAuditChain(tx, range);
    const elapsed = performance.now() - started;
    const result: TAuditVerifyResult = {
      fromSeq: walk.fromSeq,
      toSeq: walk.toSeq,
      checked: walk.checked,
      firstBroken: walk.firstBroken && { ...walk.firstBroken, occurredAt: walk.firstBroken.occurredAt?.toISOString() ?? null },
      ...(walk.headMatches === undefined ? {} : { headMatches: walk.headMatches }),
      elapsedMs: Math.round(elapsed),
      perSecond: Math.round(walk.checked / Math.max(elapsed / 1000, 0.001)),
    };
    await recordAudit(tx, ctx, {
      action: 'audit.verify',
      entityType: 'audit_chain',
      before: null,
      after: { range: { fromSeq: range.fromSeq ?? null, toSeq: range.toSeq ?? null }, ...result },
    });
    return result;
  });
}
