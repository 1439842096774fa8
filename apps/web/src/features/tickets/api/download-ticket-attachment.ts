import type { TTicketAttachment } from '@tarang/shared/tickets/ticket.schemas';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { ticketsResource } from './get-tickets';

/**
 * GET /tickets/{id}/attachments/{attachmentId}: the file, handed to the browser as a download under its own name (the
 * header's plain name has its non-ASCII letters replaced; the ticket holds the real one).
 */
export async function downloadTicketAttachment(ticketId: string, attachment: Pick<TTicketAttachment, 'id' | 'fileName'>): Promise<void> {
  const file = await api.download(ticketsResource.itemPath(ticketId, `/attachments/${encodeURIComponent(attachment.id)}`));
  saveFile({ ...file, fileName: attachment.fileName }, attachment.fileName);
}
