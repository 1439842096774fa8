import { crc32, deflateRawSync } from 'node:zlib';

/** Zip archives written by hand for tests of the file readers: deflated entries, and headers that may lie. */

/** An entry as its headers describe it; `declared` is the unpacked size the central directory claims (the real one unless given). */
export type TZipEntry = { name: string; crc: number; packedSize: number; size: number; declared?: number };

/** The local header of a deflated entry, written before its data. */
export function zipLocalHeader(e: TZipEntry): Buffer {
  const name = Buffer.from(e.name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(e.crc, 14);
  local.writeUInt32LE(e.packedSize, 18);
  local.writeUInt32LE(e.size, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name]);
}

/** The entry's record in the central directory; `offset` is where its local header starts. */
export function zipCentralRecord(e: TZipEntry, offset: number): Buffer {
  const name = Buffer.from(e.name);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(e.crc, 16);
  central.writeUInt32LE(e.packedSize, 20);
  central.writeUInt32LE(e.declared ?? e.size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(offset, 42);
  return Buffer.concat([central, name]);
}

/** The end of the archive: the central directory (`directory`, which starts at `offset`) and its record count. */
export function zipEnd(count: number, directory: Buffer, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/** A zip archive of deflated entries; `declared` makes the central directory claim another unpacked size. */
export function zipOf(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data, { level: 9 });
    const entry = { name: e.name, crc: crc32(e.data), packedSize: packed.length, size: e.data.length, declared: e.declared };
    const local = zipLocalHeader(entry);
    locals.push(local, packed);
    centrals.push(zipCentralRecord(entry, offset));
    offset += local.length + packed.length;
  }
  return Buffer.concat([...locals, zipEnd(entries.length, Buffer.concat(centrals), offset)]);
}
