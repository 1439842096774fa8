import { useQuery } from '@tanstack/react-query';
import type { TTicket, TTicketListQuery, TTicketSummary } from '@tarang/shared/tickets/ticket.schemas';
import { api } from '@/lib/api-client';
import { defineResource, type TPage } from '@/lib/resource';

/** Support tickets: GET /tickets (the list), /tickets/{id} (one, with its thread), and the changes below it. */
export const ticketsResource = defineResource<TTicket>('tickets', '/tickets');

/** The read of a page: page and size, and the list's filters as the API takes them. */
export type TTicketParams = Pick<TTicketListQuery, 'status' | 'priority' | 'category' | 'organizationId' | 'overdue' | 'search'> & {
  page: number;
  limit: number;
};

/** GET /tickets: one page, newest first, with the total. */
export async function getTickets(params: TTicketParams, signal?: AbortSignal): Promise<TPage<TTicketSummary>> {
  const response = await api.get<TTicketSummary[]>(ticketsResource.path, { params, signal });
  return { rows: response.data, total: response.meta?.total ?? response.data.length };
}

/** The list is read again every minute: an SLA clock running out turns a ticket overdue without anyone touching it. */
export const TICKETS_POLL_MS = 60_000;

export const ticketsOptions = (params: TTicketParams) =>
  ticketsResource.listOptions([params], (signal) => getTickets(params, signal), { refetch: TICKETS_POLL_MS });

export const useTickets = (params: TTicketParams) => useQuery(ticketsOptions(params));
