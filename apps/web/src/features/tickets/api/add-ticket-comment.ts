import type { TTicket } from '@tarang/shared/tickets/ticket.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ticketsResource } from './get-tickets';

/** POST /tickets/{id}/comments: a reply in the thread (it may move the status: the server says where). */
export async function addTicketComment({ id, body }: { id: string; body: string }): Promise<TTicket> {
  return (await api.post<TTicket>(ticketsResource.itemPath(id, '/comments'), { body })).data;
}

export const useAddTicketComment = () => useResourceMutation(ticketsResource, addTicketComment, { saved: (ticket) => ticket });
