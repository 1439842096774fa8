import { useQuery } from '@tanstack/react-query';
import { ticketsResource } from './get-tickets';

/** How often an open ticket is read again, so the other side's replies show up by themselves. */
export const TICKET_POLL_MS = 15_000;

/** GET /tickets/{id}: the ticket with its thread, attachments, SIMs, requests and diagnosis; read again while on screen. */
export const useTicket = (id: string, enabled = true) => useQuery(ticketsResource.detailOptions(id, { enabled, refetch: TICKET_POLL_MS }));
