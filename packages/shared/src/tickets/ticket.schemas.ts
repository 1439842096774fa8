import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { multilineText, text, ZId } from '../common/text';
import { ZIccid } from '../sims/sim.schemas';

/**
 * Support tickets (issue 17, docs/decisions/032-tickets.md): a subject, category and priority, a thread of comments
 * between the organisation and staff, attachments, the SIMs and requests it is about, an assignee on staff's side, and
 * an SLA clock by priority that stops while the ticket waits on the customer.
 */

export const TICKET_CATEGORIES = ['CONNECTIVITY', 'BILLING', 'DEVICE', 'WHITELISTING', 'OTHER'] as const;
export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'WAITING_ON_CUSTOMER', 'RESOLVED', 'CLOSED'] as const;
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TTicketStatus = (typeof TICKET_STATUSES)[number];

/** Hours from opening to resolution, by priority; time waiting on the customer does not count. */
export const TICKET_SLA_HOURS: Record<TTicketPriority, number> = { URGENT: 4, HIGH: 8, MEDIUM: 24, LOW: 72 };
/** Statuses in which the SLA clock stops for good. */
export const TICKET_DONE_STATUSES: readonly TTicketStatus[] = ['RESOLVED', 'CLOSED'];

/** Attachments: the types taken (sniffed from the content), and the largest file. */
export const TICKET_ATTACHMENT_TYPES = ['PNG', 'JPEG', 'PDF', 'CSV', 'XLSX'] as const;
export type TTicketAttachmentType = (typeof TICKET_ATTACHMENT_TYPES)[number];
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Attachments one ticket may hold. */
export const TICKET_ATTACHMENTS_MAX = 20;

const subject = text().trim().min(1, 'Give the subject').max(200, 'subject must be at most 200 characters');
const body = multilineText().trim().min(1, 'Write the message').max(10_000, 'The message must be at most 10,000 characters');

/** POST /tickets (add-tickets). Staff raise a ticket for an organisation (organizationId); its users for their own. */
export const ZTicketCreate = z
  .object({
    subject,
    category: z.enum(TICKET_CATEGORIES),
    priority: z.enum(TICKET_PRIORITIES).default('MEDIUM'),
    body,
    organizationId: ZId.optional(),
    iccids: z.array(ZIccid).max(50).optional(),
    requestIds: z.array(ZId).max(20).optional(),
    /** A SIM's diagnosis at the time (Raise a ticket on the diagnosis page): kept with the ticket as it was. */
    diagnosisIccid: ZIccid.optional(),
  })
  .strict();
export type TTicketCreate = z.infer<typeof ZTicketCreate>;

/** PUT /tickets/{id}: staff change status, priority and assignee; the organisation resolves, closes or reopens its own. */
export const ZTicketUpdate = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    /** A staff user; null unassigns. */
    assigneeId: ZId.nullable().optional(),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assigneeId !== undefined, {
    message: 'Give status, priority or assigneeId',
    path: ['status'],
  });
export type TTicketUpdate = z.infer<typeof ZTicketUpdate>;

export const ZTicketComment = z.object({ body }).strict();

const ZAuthor = z.object({ id: z.string().nullable(), label: z.string(), side: z.enum(['ORGANIZATION', 'STAFF']) });

export const ZTicketAttachment = z.object({
  id: z.string(),
  fileName: z.string(),
  type: z.enum(TICKET_ATTACHMENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  commentId: z.string().nullable(),
  createdAt: z.string(),
  author: ZAuthor,
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

export const ZTicketSummary = z.object({
  id: z.string(),
  number: z.string(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  organization: z.object({ id: z.string(), tradeName: z.string() }),
  createdBy: ZAuthor,
  assignee: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** When it is due to be resolved; null once resolved or closed, or while waiting on the customer. */
  slaDueAt: z.string().nullable(),
  overdue: z.boolean(),
  comments: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;

export const ZTicket = ZTicketSummary.extend({
  sims: z.array(z.object({ id: z.string(), iccid: z.string(), status: z.string() })),
  requests: z.array(z.object({ id: z.string(), batchJobId: z.string().nullable(), type: z.string() })),
  /** The diagnosis attached when it was raised from the diagnosis page. */
  diagnosis: z.record(z.string(), z.unknown()).nullable(),
  thread: z.array(z.object({ id: z.string(), body: z.string(), createdAt: z.string(), author: ZAuthor })),
  attachments: z.array(ZTicketAttachment),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketListQuery = ZListQuery.pick({ page: true, limit: true })
  .extend({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    category: z.enum(TICKET_CATEGORIES).optional(),
    organizationId: ZId.optional(),
    assigneeId: ZId.optional(),
    overdue: z.enum(['true', 'false']).optional(),
    /** The start of the ticket's number, or words of its subject. */
    search: text().trim().max(100).optional(),
  })
  .strict();
export type TTicketListQuery = z.infer<typeof ZTicketListQuery>;
export const ZTicketListMeta = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });
