import type { TTicket } from '@tarang/shared/tickets/ticket.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ticketsResource } from './get-tickets';

/** POST /tickets/{id}/attachments (multipart field `file`): the server reads the type from the content. */
export async function addTicketAttachment({ id, file }: { id: string; file: File }): Promise<TTicket> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.postForm<TTicket>(ticketsResource.itemPath(id, '/attachments'), form)).data;
}

export const useAddTicketAttachment = () => useResourceMutation(ticketsResource, addTicketAttachment, { saved: (ticket) => ticket });
