import { TICKET_ATTACHMENT_MAX_BYTES } from '@tarang/shared/tickets/ticket.schemas';

/** What the file picker offers: the types a ticket takes, by their names and media types. */
export const ATTACHMENT_ACCEPT =
  '.png,.jpg,.jpeg,.pdf,.csv,.xlsx,image/png,image/jpeg,application/pdf,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const EXTENSIONS = /\.(png|jpe?g|pdf|csv|xlsx)$/i;

/**
 * A file checked before it is sent, with the server's own words: a type a ticket takes (by its name; the server reads
 * the content and refuses a file that is not what its name says), not empty, and not over 10 MB. Null when it may go.
 */
export function attachmentProblem(file: File): string | null {
  if (!EXTENSIONS.test(file.name)) return 'Attach a PNG, JPEG, PDF, CSV or XLSX file';
  if (file.size === 0) return 'The file is empty';
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return 'The file is larger than 10 MB';
  return null;
}

/** A file's size as people say it: 512 B, 14.2 KB, 3.4 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
