import type { TTicket } from '@tarang/shared/tickets/ticket.schemas';
import { hexId, ORG_A } from '@/testing/signed-in';

/** A Luhn-valid ICCID of the test SIM, and a second one. */
export const TICKET_ICCID = '8991100000000020009';
export const TICKET_ICCID_2 = '8991100000000020017';

/** Test data: a ticket as GET /tickets/{id} answers it (open, raised by the organisation, one message, nothing linked). */
export function makeTicket(overrides: Partial<TTicket> = {}): TTicket {
  return {
    id: hexId('7'),
    number: 'TK00000042',
    subject: 'Tracker stopped reporting',
    category: 'CONNECTIVITY',
    priority: 'HIGH',
    status: 'OPEN',
    organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
    createdBy: { id: hexId('2'), label: 'Vikram Singh', side: 'ORGANIZATION' },
    assignee: null,
    slaDueAt: '2026-11-22T17:15:00.000Z',
    overdue: false,
    comments: 1,
    createdAt: '2026-11-22T09:15:00.000Z',
    updatedAt: '2026-11-22T09:15:00.000Z',
    sims: [],
    requests: [],
    diagnosis: null,
    thread: [
      {
        id: hexId('3'),
        body: 'Since yesterday the tracker sends nothing.',
        createdAt: '2026-11-22T09:15:00.000Z',
        author: { id: hexId('2'), label: 'Vikram Singh', side: 'ORGANIZATION' },
      },
    ],
    attachments: [],
    resolvedAt: null,
    closedAt: null,
    ...overrides,
  };
}

/** The diagnosis kept with a ticket raised from the diagnosis page: the SIM suspended, the plan missing. */
export function makeDiagnosisSnapshot(iccid = TICKET_ICCID): Record<string, unknown> {
  return {
    takenAt: '2026-11-22T09:14:00.000Z',
    sim: { id: hexId('5'), iccid, status: 'SUSPENDED', organization: { id: ORG_A.id, tradeName: ORG_A.tradeName } },
    failing: 1,
    warning: 1,
    checks: [
      {
        key: 'PROVIDER_STATUS',
        outcome: 'FAIL',
        summary: 'The SIM is suspended: it cannot reach the network',
        reason: 'SUSPENDED',
        iccid: null,
        evidence: { status: 'SUSPENDED' },
        fix: { action: 'RESUME', target: null },
      },
      {
        key: 'PLAN',
        outcome: 'WARN',
        summary: 'No plan on the SIM',
        reason: 'NO_PLAN',
        iccid: null,
        evidence: {},
        fix: null,
      },
      {
        key: 'REGISTRATION',
        outcome: 'PASS',
        summary: 'Registered on AIRTEL (404-45)',
        reason: 'REGISTERED',
        iccid,
        evidence: {},
        fix: null,
      },
    ],
  };
}
