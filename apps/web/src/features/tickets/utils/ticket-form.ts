import { TICKET_CATEGORIES, TICKET_PRIORITIES, ZTicketCreate } from '@tarang/shared/tickets/ticket.schemas';
import { z } from 'zod';

/** SIMs a ticket may be about (the shared schema's limit). */
export const ICCIDS_MAX = 50;

/**
 * The form of Raise a ticket: the shared subject and message rules, a category and priority chosen from the shared
 * lists, the organisation (staff must choose it; an organisation's user raises for their own) and the SIMs, each
 * already checked when it was added.
 */
export function ticketFormSchema(staff: boolean) {
  return z.object({
    subject: ZTicketCreate.shape.subject,
    category: z.string().pipe(z.enum(TICKET_CATEGORIES, { error: 'Choose the category' })),
    priority: z.string().pipe(z.enum(TICKET_PRIORITIES, { error: 'Choose the priority' })),
    body: ZTicketCreate.shape.body,
    organizationId: staff ? z.string().min(1, 'Choose the organisation') : z.string(),
    iccids: z.array(z.string()).max(ICCIDS_MAX, 'A ticket is about at most 50 SIMs'),
  });
}

export type TTicketFormInput = z.input<ReturnType<typeof ticketFormSchema>>;

/** The form's fields, as the server names them in `errors[].path`. */
export const TICKET_FIELDS = ['subject', 'category', 'priority', 'body', 'organizationId', 'iccids'] as const;

/**
 * An empty form, or one raised from the diagnosis page: the SIM named in the subject, the category Connectivity, and
 * for staff the SIM's organisation when the page knew it.
 */
export function ticketFormDefaults(prefill: { diagnosisSubject?: string; organizationId?: string }): TTicketFormInput {
  return {
    subject: prefill.diagnosisSubject ?? '',
    category: prefill.diagnosisSubject ? 'CONNECTIVITY' : '',
    priority: 'MEDIUM',
    body: '',
    organizationId: prefill.organizationId ?? '',
    iccids: [],
  };
}
