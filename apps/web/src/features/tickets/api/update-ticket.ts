import type { TTicket, TTicketUpdate } from '@tarang/shared/tickets/ticket.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ticketsResource } from './get-tickets';

/** PUT /tickets/{id}: staff set the status, priority and assignee; the organisation resolves, closes or reopens. */
export async function updateTicket({ id, body }: { id: string; body: TTicketUpdate }): Promise<TTicket> {
  return (await api.put<TTicket>(ticketsResource.itemPath(id), body)).data;
}

export const useUpdateTicket = () => useResourceMutation(ticketsResource, updateTicket, { saved: (ticket) => ticket });
