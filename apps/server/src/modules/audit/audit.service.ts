import type { TAuditQuery } from '@tarang/shared/audit/audit.schemas';
import { sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../db/database';
import { requireActor, type TRequestContext } from '../../http/request-context';
import {
  AUDIT_SEALER_LOCK,
  insertAuditEvent,
  insertAuditInbox,
  listAuditEvents,
  sealInboxBatch,
  type TAuditInsert,
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

/**
 * Writes one audit event; call it inside the transaction of the change it records. With `inbox`, the event waits in
 * the audit inbox, committed with the change, and joins the hash chain when `sealAuditInbox` next runs (the caller
 * runs it after its commit): for paths that must not queue on the chain's head (money movements).
 */
export async function recordAudit(
  db: TExecutor,
  ctx: TRequestContext,
  record: TAuditRecord,
  options: { inbox?: boolean } = {},
): Promise<void> {
  const event = auditInsertOf(ctx, record);
  if (options.inbox) await insertAuditInbox(db, event);
  else await insertAuditEvent(db, event);
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

const sealing = new WeakMap<TDb, { running: Promise<void> | null; again: boolean }>();

/**
 * Seals the audit inbox after the caller's commit, sharing one pass among the calls of this process that ask at the
 * same time: the promise settles after a pass that began after the ask, so the caller's events are in the chain.
 */
export function sealAuditInboxNow(db: TDb): Promise<void> {
  let state = sealing.get(db);
  if (!state) {
    state = { running: null, again: false };
    sealing.set(db, state);
  }
  const s = state;
  if (s.running) {
    s.again = true;
    return s.running;
  }
  s.running = (async () => {
    try {
      do {
        s.again = false;
        await sealAuditInbox(db);
      } while (s.again);
    } finally {
      s.running = null;
    }
  })();
  return s.running;
}

/**
 * Moves the audit inbox into the hash chain, oldest first, a batch per transaction. One sealer at a time (a
 * transaction-level advisory lock); a caller that finds one running returns, since that one goes on until the inbox is
 * empty. Returns how many events it sealed.
 */
export async function sealAuditInbox(db: TDb): Promise<number> {
  let sealed = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${AUDIT_SEALER_LOCK}) AS locked`);
      if (!rows[0]?.locked) return -1;
      return await sealInboxBatch(tx, 500);
    });
    if (n < 0) return sealed;
    sealed += n;
    if (n < 500) return sealed;
  }
}

export async function getAuditTrail(db: TExecutor, ctx: TRequestContext, query: TAuditQuery) {
  const scope = requireActor(ctx).scope;
  const { rows, meta } = await listAuditEvents(db, scope, query);
  return { rows: rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() })), meta };
}
