import type { TTicket, TTicketCreate } from '@tarang/shared/tickets/ticket.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ticketsResource } from './get-tickets';

/** POST /tickets (Raise a ticket): the new ticket, numbered. */
export async function createTicket(body: TTicketCreate): Promise<TTicket> {
  return (await api.post<TTicket>(ticketsResource.path, body)).data;
}

export const useCreateTicket = () => useResourceMutation(ticketsResource, createTicket, { saved: (ticket) => ticket });
