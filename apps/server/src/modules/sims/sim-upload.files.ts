import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/app-error';

/**
 * Reading an uploaded SIM file: what kind it is (by its bytes, not its name), whether an XLSX is safe to unpack,
 * and its rows one by one from a stream, so a file of millions of rows never sits whole in memory.
 */

export type TUploadFormat = 'csv' | 'xlsx';

export type TZipLimits = { maxUnpackedBytes: number; maxRatio: number; maxEntries: number };

const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;

const refuse = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'UNPROCESSABLE', message: string) =>
  new AppError(code, message, { errors: [{ path: 'file', message }] });

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
    if (!lower.endsWith('.xlsx')) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'Upload a .csv or .xlsx file');
    return 'xlsx';
  }
  if (lower.endsWith('.xlsx')) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not an XLSX workbook');
  if (!lower.endsWith('.csv')) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'Upload a .csv or .xlsx file');
  // A CSV is text: no NUL bytes, and valid UTF-8 (a cut multi-byte character at the end of the sample is fine).
  if (start.includes(0)) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not a CSV text file');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(start.subarray(0, Math.max(0, start.length - 4)));
  } catch {
    throw refuse('UNSUPPORTED_MEDIA_TYPE', 'A CSV file must be UTF-8 text');
  }
  return 'csv';
}

/**
 * Reads a zip's central directory (without unpacking anything) and refuses archives that would unpack to more
 * than the limit, whose entries compress suspiciously well (a zip bomb), that use ZIP64, or that are not a workbook.
 */
export async function inspectXlsx(path: string, size: number, limits: TZipLimits): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === ZIP_END) {
        end = i;
        break;
      }
    }
    if (end < 0) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not an XLSX workbook (no zip directory)');
    const entries = tail.readUInt16LE(end + 10);
    const dirSize = tail.readUInt32LE(end + 12);
    const dirOffset = tail.readUInt32LE(end + 16);
    if (entries === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
      throw refuse('PAYLOAD_TOO_LARGE', 'This workbook is too large to read (ZIP64)');
    }
    if (entries > limits.maxEntries)
      throw refuse('UNPROCESSABLE', `This workbook holds ${entries} parts; at most ${limits.maxEntries} are read`);
    if (dirOffset + dirSize > size || dirSize > 16 * 1024 * 1024)
      throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not a valid XLSX workbook');
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    let offset = 0;
    let unpacked = 0;
    const names = new Set<string>();
    const parts: { name: string; method: number; compressed: number; uncompressed: number; local: number }[] = [];
    for (let n = 0; n < entries; n++) {
      if (offset + 46 > dir.length || dir.readUInt32LE(offset) !== ZIP_CENTRAL) {
        throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not a valid XLSX workbook');
      }
      const compressed = dir.readUInt32LE(offset + 20);
      const uncompressed = dir.readUInt32LE(offset + 24);
      const nameLength = dir.readUInt16LE(offset + 28);
      const extraLength = dir.readUInt16LE(offset + 30);
      const commentLength = dir.readUInt16LE(offset + 32);
      const name = dir.toString('utf8', offset + 46, offset + 46 + nameLength);
      if (compressed === 0xffffffff || uncompressed === 0xffffffff)
        throw refuse('PAYLOAD_TOO_LARGE', 'This workbook is too large to read (ZIP64)');
      names.add(name);
      parts.push({ name, method: dir.readUInt16LE(offset + 10), compressed, uncompressed, local: dir.readUInt32LE(offset + 42) });
      unpacked += uncompressed;
      if (unpacked > limits.maxUnpackedBytes) {
        throw refuse('PAYLOAD_TOO_LARGE', `This workbook unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB`);
      }
      if (uncompressed > 1024 * 1024 && uncompressed / Math.max(compressed, 1) > limits.maxRatio) {
        throw refuse(
          'UNPROCESSABLE',
          `A part of this workbook unpacks ${Math.round(uncompressed / Math.max(compressed, 1))} times its size: refused as a zip bomb`,
        );
      }
      offset += 46 + nameLength + extraLength + commentLength;
    }
    if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
      throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This zip file is not an XLSX workbook');
    }
    // The directory can lie: inflate every part once, counting, and stop at the first byte past what it declared.
    for (const part of parts) await verifyPart(handle, path, size, part);
  } finally {
    await handle.close();
  }
}

const overDeclared = () => refuse('UNPROCESSABLE', 'A part of this workbook unpacks to more than it declares: refused as a zip bomb');

/** Inflates one zip part without keeping it, refusing a part that unpacks to more than its declared size. */
async function verifyPart(
  handle: FileHandle,
  path: string,
  size: number,
  part: { name: string; method: number; compressed: number; uncompressed: number; local: number },
): Promise<void> {
  const header = Buffer.alloc(30);
  await handle.read(header, 0, 30, part.local);
  if (header.readUInt32LE(0) !== ZIP_LOCAL) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not a valid XLSX workbook');
  const start = part.local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + part.compressed > size) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not a valid XLSX workbook');
  if (part.method === 0) {
    if (part.compressed !== part.uncompressed) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not a valid XLSX workbook');
    return;
  }
  if (part.method !== 8) throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This workbook uses a compression that is not read');
  if (part.compressed === 0) return;
  const source = createReadStream(path, { start, end: start + part.compressed - 1 });
  const inflate = createInflateRaw();
  let produced = 0;
  try {
    await pipeline(source, inflate, async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        produced += chunk.length;
        if (produced > part.uncompressed)
          throw refuse('UNPROCESSABLE', 'A part of this workbook unpacks to more than it declares: refused as a zip bomb');
      }
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (produced > part.uncompressed) throw overDeclared();
    throw refuse('UNSUPPORTED_MEDIA_TYPE', 'This file is not a valid XLSX workbook');
  }
}

/** A header cell as a column name: `Provisioned ICCID` → `provisioned_iccid`. */
export function columnName(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** A cell value read from a file: text, or a number that lost digits (Excel keeps 15 significant digits). */
export const LOST_DIGITS = '\u0000lost-digits';

export type TFileRow = { row: number; values: Map<string, string> };

/** The header of a CSV file, read from its first line. */
export async function readCsvHeader(path: string): Promise<string[]> {
  const parser = createReadStream(path, { end: 64 * 1024 }).pipe(parse({ bom: true, to_line: 1, relax_column_count: true }));
  for await (const record of parser as AsyncIterable<string[]>) return record.map(columnName);
  return [];
}

/** A row of a file as its cells (the header row included); row numbers count the header as row 1, as a spreadsheet does. */
export type TFileRecord = { row: number; cells: string[] };

/** Every row of a CSV file, header included, read as a stream (`progress.bytes`: how far it has read). */
export async function* csvRecords(path: string, progress: { bytes: number } = { bytes: 0 }): AsyncGenerator<TFileRecord> {
  const parser = createReadStream(path, { highWaterMark: 256 * 1024 }).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }),
  );
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
    progress.bytes = info.bytes;
    yield { row: info.lines, cells: record };
  }
}

function cellText(value: ExcelJS.CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : Number.isInteger(value) ? LOST_DIGITS : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return undefined;
}

/**
 * Every non-empty row of the first worksheet of an XLSX file, header included, read as a stream (shared strings are
 * cached). Cells are text; an empty cell is ''; a number too long for a double is LOST_DIGITS.
 */
export async function* xlsxRecords(path: string): AsyncGenerator<TFileRecord> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      let any = false;
      for (let i = 1; i < values.length; i++) {
        const text = cellText(values[i]) ?? '';
        cells.push(text);
        if (text !== '') any = true;
      }
      if (any) yield { row: row.number, cells };
    }
    return; // the first worksheet only
  }
}

/** Every row of an uploaded file, header included. */
export function fileRecords(path: string, format: TUploadFormat, progress?: { bytes: number }): AsyncGenerator<TFileRecord> {
  return format === 'csv' ? csvRecords(path, progress) : xlsxRecords(path);
}

/** The rows after the header, each as its values by column name (empty cells left out; a row of empty cells is still a row). */
async function* namedRows(records: AsyncGenerator<TFileRecord>): AsyncGenerator<TFileRow> {
  let header: string[] | null = null;
  for await (const { row, cells } of records) {
    if (!header) {
      header = cells.map(columnName);
      continue;
    }
    const values = new Map<string, string>();
    for (let i = 0; i < header.length; i++) {
      const name = header[i];
      const v = cells[i];
      if (name && v !== undefined && v !== '') values.set(name, v);
    }
    yield { row, values };
  }
}

/** The rows of a CSV file after its header; row numbers count the header as row 1, as a spreadsheet does. */
export function csvRows(path: string, progress: { bytes: number }): AsyncGenerator<TFileRow> {
  return namedRows(csvRecords(path, progress));
}

/** The rows of the first worksheet of an XLSX file after its header. */
export function xlsxRows(path: string): AsyncGenerator<TFileRow> {
  return namedRows(xlsxRecords(path));
}
