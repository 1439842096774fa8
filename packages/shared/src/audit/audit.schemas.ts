import { z } from 'zod';
import { isoDateTime } from '../common/dates';
import { text, ZId } from '../common/text';

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

export const ZAuditQuery = z
  .object({
    actorId: ZId.optional(),
    actorType: z.enum(ACTOR_TYPES).optional(),
    entityType: text().max(64).optional(),
    entityId: text().max(64).optional(),
    action: text().max(64).optional(),
    organizationId: ZId.optional(),
    from: isoDateTime('from').optional(),
    to: isoDateTime('to').optional(),
    cursor: text().max(64).regex(/^\d+$/, 'cursor must be the seq of the last event seen').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
