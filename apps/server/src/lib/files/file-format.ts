import { open } from 'node:fs/promises';
import { refuseFile } from './file-errors';

/** The kinds of file an upload may be: a CSV text or an XLSX workbook. */
export type TUploadFormat = 'csv' | 'xlsx';

const ZIP_LOCAL = 0x04034b50;

/** The first bytes of a file. */
async function head(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Decides the format from the content and the name; anything that is not a CSV text or an XLSX (zip) is refused. */
export async function detectFormat(path: string, fileName: string): Promise<TUploadFormat> {
  const start = await head(path, 64 * 1024);
  const lower = fileName.toLowerCase();
  const isZip = start.length >= 4 && start.readUInt32LE(0) === ZIP_LOCAL;
  if (isZip) {
    if (!lower.endsWith('.xlsx')) throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'Upload a .csv or .xlsx file');
    return 'xlsx';
  }
  if (lower.endsWith('.xlsx')) throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'This file is not an XLSX workbook');
  if (!lower.endsWith('.csv')) throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'Upload a .csv or .xlsx file');
  // A CSV is text: no NUL bytes, and valid UTF-8 (a cut multi-byte character at the end of the sample is fine).
  if (start.includes(0)) throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'This file is not a CSV text file');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(start.subarray(0, Math.max(0, start.length - 4)));
  } catch {
    throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'A CSV file must be UTF-8 text');
  }
  return 'csv';
}
