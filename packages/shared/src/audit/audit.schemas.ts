import { z } from 'zod';
import { isoDateOrDateTime } from '../common/dates';
import { indiaDayStart } from '../common/india-days';
import { text, trimmedText, ZId } from '../common/text';

export const ACTOR_TYPES = ['USER', 'API_KEY', 'SYSTEM', 'ANONYMOUS'] as const;

export const ZAuditEvent = z.object({
  id: z.string(),
  seq: z.number().int(),
  occurredAt: z.string(),
  actorType: z.enum(ACTOR_TYPES),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  organizationId: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  hash: z.string(),
  prevHash: z.string(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** The longest action name or prefix a filter takes. */
export const AUDIT_ACTION_MAX = 64;

/**
 * An action filter as the API reads it: `sim.allocate` is that action; a value ending in `.` (`sim.`) is every action
 * of that family, and one ending in `*` (`sim.all*`) every action starting with what comes before the star.
 */
export function auditActionMatch(value: string): { exact: string } | { prefix: string } {
  if (value.endsWith('*')) return { prefix: value.slice(0, -1) };
  if (value.endsWith('.')) return { prefix: value };
  return { exact: value };
}

/** The moment a date filter bound stands for: a calendar day starts (or, as `to`, ends) in India; a date-time is itself. */
export function auditBoundInstant(value: string, end: boolean): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return indiaDayStart(value).getTime() + (end ? 86_400_000 - 1 : 0);
  return Date.parse(value);
}

export const ZAuditQuery = z
  .object({
    actorId: ZId.optional(),
    /** Part of the actor's label (the e-mail a user signed in with, an API key's name, a username tried), any case. */
    actor: trimmedText().max(100).optional(),
    actorType: z.enum(ACTOR_TYPES).optional(),
    entityType: text().max(64).optional(),
    entityId: text().max(64).optional(),
    /** An action (`sim.allocate`), a family (`sim.`) or a prefix (`sim.all*`): `auditActionMatch`. */
    action: text()
      .max(AUDIT_ACTION_MAX)
      .regex(/^[^*]*\*?$/, 'action takes a star only at its end, for a prefix')
      .optional(),
    /** The organisation's events and those of the organisations under it. */
    organizationId: ZId.optional(),
    /** From this moment (a calendar day: from its start in India). */
    from: isoDateOrDateTime('from').optional(),
    /** Up to this moment (a calendar day: to its end in India). */
    to: isoDateOrDateTime('to').optional(),
    cursor: text().max(64).regex(/^\d+$/, 'cursor must be the seq of the last event seen').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict()
  .refine((q) => !q.from || !q.to || auditBoundInstant(q.from, false) <= auditBoundInstant(q.to, true), {
    message: 'to must not be before from',
    path: ['to'],
  });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

const ZSeq = z
  .number({ error: 'must be a whole number of at least 1' })
  .int('must be a whole number of at least 1')
  .min(1, 'must be a whole number of at least 1')
  .max(Number.MAX_SAFE_INTEGER, 'is beyond any event');

/**
 * POST /audit-trail/verify: the events to check, by seq, both ends included; without `fromSeq` from the chain's first
 * event, without `toSeq` to the newest (and then the chain's head is checked too).
 */
export const ZAuditVerifyRange = z
  .object({ fromSeq: ZSeq.optional(), toSeq: ZSeq.optional() })
  .strict()
  .refine((b) => b.fromSeq === undefined || b.toSeq === undefined || b.fromSeq <= b.toSeq, {
    message: 'toSeq must not be below fromSeq',
    path: ['toSeq'],
  });
/** The body always names the range (an empty body is refused like every body that says nothing): fromSeq 1 is the whole chain. */
export const ZAuditVerifyRequest = ZAuditVerifyRange.refine((b) => b.fromSeq !== undefined || b.toSeq !== undefined, {
  message: 'Give fromSeq (1 for the whole chain) or toSeq',
  path: ['fromSeq'],
});
export type TAuditVerifyRequest = z.infer<typeof ZAuditVerifyRequest>;

/**
 * Why an event breaks the chain:
 *  - `hash_mismatch`: its content no longer gives its hash (the event was changed);
 *  - `link_broken`: it does not point at the event before it (that one was removed, or changed and its hash rewritten);
 *  - `head_mismatch`: the chain's head names an event that is not the newest one (the newest events were removed).
 */
export const AUDIT_BREAK_REASONS = ['hash_mismatch', 'link_broken', 'head_mismatch'] as const;
export type TAuditBreakReason = (typeof AUDIT_BREAK_REASONS)[number];

export const ZAuditVerifyResult = z.object({
  /** The first and last seq checked (null when the range holds no event). */
  fromSeq: z.number().int().nullable(),
  toSeq: z.number().int().nullable(),
  /** Events checked, up to and including the first broken one. */
  checked: z.number().int(),
  firstBroken: z
    .object({
      seq: z.number().int(),
      /** When the broken event happened; null for a head that names a missing event. */
      occurredAt: z.string().nullable(),
      reason: z.enum(AUDIT_BREAK_REASONS),
    })
    .nullable(),
  /** Whether the chain's head names the newest event: only when the range reaches the newest event. */
  headMatches: z.boolean().optional(),
  elapsedMs: z.number().int(),
  /** Events checked per second. */
  perSecond: z.number().int(),
});
export type TAuditVerifyResult = z.infer<typeof ZAuditVerifyResult>;
