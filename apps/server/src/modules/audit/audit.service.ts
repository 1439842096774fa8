import type { TAuditQuery } from '@tarang/shared/audit/audit.schemas';
import type { TExecutor } from '../../db/database';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { insertAuditEvent, listAuditEvents } from './audit.repository';

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

/** Writes one audit event; call it inside the transaction of the change it records. */
export async function recordAudit(db: TExecutor, ctx: TRequestContext, record: TAuditRecord): Promise<void> {
  const actor = ctx.actor;
  await insertAuditEvent(db, {
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
  });
}

export async function getAuditTrail(db: TExecutor, ctx: TRequestContext, query: TAuditQuery) {
  const scope = requireActor(ctx).scope;
  const { rows, meta } = await listAuditEvents(db, scope, query);
  return { rows: rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() })), meta };
}
