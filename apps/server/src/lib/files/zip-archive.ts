import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { AppError } from '../../http/app-error';
import { refuseFile, sizeInWords } from './file-errors';

/**
 * Reading a zip archive (an XLSX workbook) without trusting it: the central directory is read alone and checked
 * against limits before anything is unpacked, and a part is unpacked only as a stream that stops at the first
 * byte past the size the directory declared for it. Nothing is ever unpacked whole into memory or onto disk.
 */

export type TZipLimits = { maxUnpackedBytes: number; maxRatio: number; maxEntries: number };

export type TZipEntry = { name: string; method: number; compressed: number; uncompressed: number; local: number };

export type TZipDirectory = { path: string; size: number; entries: Map<string, TZipEntry> };

const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;

const notAWorkbook = () => refuseFile('UNSUPPORTED_MEDIA_TYPE', 'This file is not a valid XLSX workbook');
const tooLarge = () => refuseFile('PAYLOAD_TOO_LARGE', 'This workbook is too large to read (ZIP64)');
const overDeclared = () => refuseFile('UNPROCESSABLE', 'A part of this workbook unpacks to more than it declares: refused as a zip bomb');

/**
 * Reads a zip's central directory (without unpacking anything) and refuses archives that would unpack to more
 * than the limit, whose parts compress suspiciously well (a zip bomb), that use ZIP64, or that are not a workbook.
 */
export async function readZipDirectory(path: string, limits: TZipLimits): Promise<TZipDirectory> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 65_535);
    if (tailLength < 22) throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'This file is not an XLSX workbook (no zip directory)');
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === ZIP_END) {
        end = i;
        break;
      }
    }
    if (end < 0) throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'This file is not an XLSX workbook (no zip directory)');
    const count = tail.readUInt16LE(end + 10);
    const dirSize = tail.readUInt32LE(end + 12);
    const dirOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) throw tooLarge();
    if (count > limits.maxEntries)
      throw refuseFile('UNPROCESSABLE', `This workbook holds ${count} parts; at most ${limits.maxEntries} are read`);
    if (dirOffset + dirSize > size || dirSize > 16 * 1024 * 1024) throw notAWorkbook();
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    let offset = 0;
    let unpacked = 0;
    const entries = new Map<string, TZipEntry>();
    for (let n = 0; n < count; n++) {
      if (offset + 46 > dir.length || dir.readUInt32LE(offset) !== ZIP_CENTRAL) throw notAWorkbook();
      const compressed = dir.readUInt32LE(offset + 20);
      const uncompressed = dir.readUInt32LE(offset + 24);
      const nameLength = dir.readUInt16LE(offset + 28);
      const extraLength = dir.readUInt16LE(offset + 30);
      const commentLength = dir.readUInt16LE(offset + 32);
      if (offset + 46 + nameLength > dir.length) throw notAWorkbook();
      const name = dir.toString('utf8', offset + 46, offset + 46 + nameLength);
      if (compressed === 0xffffffff || uncompressed === 0xffffffff) throw tooLarge();
      entries.set(name, { name, method: dir.readUInt16LE(offset + 10), compressed, uncompressed, local: dir.readUInt32LE(offset + 42) });
      unpacked += uncompressed;
      if (unpacked > limits.maxUnpackedBytes) {
        throw refuseFile('PAYLOAD_TOO_LARGE', `This workbook unpacks to more than ${sizeInWords(limits.maxUnpackedBytes)}`);
      }
      if (uncompressed > 1024 * 1024 && uncompressed / Math.max(compressed, 1) > limits.maxRatio) {
        throw refuseFile(
          'UNPROCESSABLE',
          `A part of this workbook unpacks ${Math.round(uncompressed / Math.max(compressed, 1))} times its size: refused as a zip bomb`,
        );
      }
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return { path, size, entries };
  } finally {
    await handle.close();
  }
}

/** Where a part's packed bytes start, from its local header (which the directory points at). */
async function dataStart(directory: TZipDirectory, entry: TZipEntry): Promise<number> {
  const handle = await open(directory.path, 'r');
  try {
    const header = Buffer.alloc(30);
    const { bytesRead } = await handle.read(header, 0, 30, entry.local);
    if (bytesRead < 30 || header.readUInt32LE(0) !== ZIP_LOCAL) throw notAWorkbook();
    const start = entry.local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + entry.compressed > directory.size) throw notAWorkbook();
    return start;
  } finally {
    await handle.close();
  }
}

/**
 * The unpacked bytes of one part, as a stream of chunks (16 KB each from inflate). The part is refused as a zip
 * bomb at the first byte past the size its directory entry declared, so what is read never exceeds what the
 * directory checks allowed. Stopping early (a `break` in the caller's loop) closes the file.
 */
export async function* zipEntryChunks(directory: TZipDirectory, entry: TZipEntry): AsyncGenerator<Buffer> {
  const start = await dataStart(directory, entry);
  if (entry.method === 0) {
    if (entry.compressed !== entry.uncompressed) throw notAWorkbook();
    if (entry.compressed === 0) return;
    const source = createReadStream(directory.path, { start, end: start + entry.compressed - 1, highWaterMark: 64 * 1024 });
    try {
      for await (const chunk of source) yield chunk as Buffer;
    } finally {
      source.destroy();
    }
    return;
  }
  if (entry.method !== 8) throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'This workbook uses a compression that is not read');
  if (entry.compressed === 0) {
    if (entry.uncompressed !== 0) throw notAWorkbook();
    return;
  }
  const source = createReadStream(directory.path, { start, end: start + entry.compressed - 1, highWaterMark: 64 * 1024 });
  const inflate = createInflateRaw();
  pipeline(source, inflate, () => {});
  let produced = 0;
  try {
    for await (const chunk of inflate) {
      produced += (chunk as Buffer).length;
      if (produced > entry.uncompressed) throw overDeclared();
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAWorkbook();
  } finally {
    inflate.destroy();
    source.destroy();
  }
}
