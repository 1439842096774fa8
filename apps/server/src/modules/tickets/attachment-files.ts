import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { TTicketAttachmentType } from '@tarang/shared/tickets/ticket.schemas';
import { AppError } from '../../http/app-error';

/**
 * A ticket attachment's type, sniffed from its content (docs/decisions/032-tickets.md): PNG, JPEG and PDF by their
 * signatures, XLSX as a ZIP holding a workbook, CSV as UTF-8 text without NUL bytes. The name's extension must say the
 * same type: a file whose content is another type than its name says is refused, so nothing is served as what it is
 * not. The name is kept without any path, control or quoting characters.
 */

const EXTENSIONS: Record<TTicketAttachmentType, readonly string[]> = {
  PNG: ['png'],
  JPEG: ['jpg', 'jpeg'],
  PDF: ['pdf'],
  CSV: ['csv'],
  XLSX: ['xlsx'],
};

export const CONTENT_TYPES: Record<TTicketAttachmentType, string> = {
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  PDF: 'application/pdf',
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const refuse = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', `file: ${message}`, { errors: [{ path: 'file', message }] });

/** The type the content is, or null when it is none of those taken. */
export function sniffType(content: Buffer): TTicketAttachmentType | null {
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'PNG';
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'JPEG';
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'PDF';
  if (content.length >= 4 && content.readUInt32LE(0) === 0x04034b50) {
    // A workbook's ZIP names its parts in the clear: the content types and the workbook itself.
    const names = content.toString('latin1');
    return names.includes('[Content_Types].xml') && names.includes('xl/') ? 'XLSX' : null;
  }
  if (content.length > 0 && !content.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(content);
      return 'CSV';
    } catch {
      return null;
    }
  }
  return null;
}

/** A file name safe to keep and to send back: no directories, control characters, quotes or reserved characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '"<>:|?*;'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return cleaned || 'attachment';
}

export type TCheckedAttachment = { fileName: string; type: TTicketAttachmentType; content: Buffer; sha256: string };

/** Reads an uploaded file and checks it: its content one of the types taken, and the type its name says. */
export async function checkAttachment(path: string, originalName: string): Promise<TCheckedAttachment> {
  const content = await readFile(path);
  if (content.length === 0) throw refuse('The file is empty');
  const fileName = safeFileName(originalName);
  const type = sniffType(content);
  if (!type) throw refuse('Attach a PNG, JPEG, PDF, CSV or XLSX file');
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  if (!EXTENSIONS[type].includes(extension)) {
    throw refuse(`The file's content is ${type}, but its name says .${extension || '(none)'}: name it .${EXTENSIONS[type][0]}`);
  }
  return { fileName, type, content, sha256: createHash('sha256').update(content).digest('hex') };
}

/** Content-Disposition that names the file safely: an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
