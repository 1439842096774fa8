import { createWriteStream } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { zipCentralRecord, zipEnd, zipLocalHeader } from './zip-test-kit';

/** Workbooks written by hand for tests of the reader: ordinary ones, damaged ones and a shared-strings bomb. */

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a workbook around its sheets: sheets are listed in the order given, each `[name, part]`. */
export function workbookParts(sheets: [string, string][], options: { sharedStrings?: boolean } = {}): { name: string; data: Buffer }[] {
  const list = sheets.map(([name], i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const rels = sheets
    .map(([, part], i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="${part.replace(/^xl\//, '')}"/>`)
    .join('');
  const shared = options.sharedStrings ? `<Relationship Id="rIdS" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : '';
  return [
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${list}</sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}${shared}</Relationships>`),
    },
  ];
}

/** A worksheet part around the given `<row>` elements. */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetData>${rows}</sheetData></worksheet>`;

/** A shared-strings part around the given `<si>` elements. */
export const sharedStringsXml = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS}">${items}</sst>`;

type TPiece = { packed: Buffer; size: number; crc: number };

/** A piece of deflate data that stands alone (no back-references before it), so copies of it can follow each other. */
function piece(data: Buffer, last: boolean): TPiece {
  const packed = deflateRawSync(data, { level: 9, finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH });
  return { packed, size: data.length, crc: crc32(data) };
}

/** A small deterministic random source, so the bomb is the same file on every machine. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s;
  };
}

/** The bomb's version: change it when its content changes, so a cached copy is not reused. */
const BOMB_VERSION = 1;
/** How many times the bomb's shared-strings block repeats: 2 MiB each, about 1.4 GB in all. */
const BOMB_REPEATS = 670;

/**
 * An XLSX whose shared strings unpack to about 1.4 GB at a compression ratio under 200 (inside the upload's zip
 * limits), with a one-column sheet that refers to them. Its shared strings are a 2 MiB block of varied text repeated,
 * each copy deflated on its own, so the file is written in seconds. Built once and kept in the system's temporary
 * directory (keyed by BOMB_VERSION).
 */
export async function sharedStringsBomb(): Promise<{ path: string; size: number; unpacked: number; ratio: number }> {
  const file = path.join(os.tmpdir(), `tarang-shared-strings-bomb-v${BOMB_VERSION}.xlsx`);
  const next = random(12);
  const words = ['Truck', 'Meter', 'Pump', 'Gate', 'Tower', 'Kiosk', 'Bus', 'Tractor'];
  const items: string[] = [];
  let length = 0;
  while (length < 2 * 1024 * 1024) {
    const r = next();
    const item = `<si><t>${words[r & 7]} ${(r >>> 8).toString(36)} fleet unit ${'near depot '.repeat(140)}</t></si>`;
    items.push(item);
    length += item.length;
  }
  const block = Buffer.from(items.join('')).subarray(0, 2 * 1024 * 1024);
  // The block must end at an item's end so copies follow each other as whole items.
  const cut = block.lastIndexOf('</si>') + 5;
  const repeated = piece(block.subarray(0, cut), false);
  const head = piece(Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS}">`), false);
  const tail = piece(Buffer.from('</sst>'), true);
  let crc = head.crc;
  for (let i = 0; i < BOMB_REPEATS; i++) crc = crc32(block.subarray(0, cut), crc);
  crc = crc32(Buffer.from('</sst>'), crc);
  const unpacked = head.size + BOMB_REPEATS * repeated.size + tail.size;
  const packed = head.packed.length + BOMB_REPEATS * repeated.packed.length + tail.packed.length;

  const existing = await stat(file).catch(() => null);
  const small = [
    ...workbookParts([['SIMs', 'xl/worksheets/sheet1.xml']], { sharedStrings: true }),
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>')) },
  ];
  const parts = small.map((p) => ({ name: p.name, ...piece(p.data, true) }));
  if (!existing) {
    const tmp = `${file}.${process.pid}.part`;
    const out = createWriteStream(tmp);
    const write = (b: Buffer) => new Promise<void>((resolve, reject) => out.write(b, (e) => (e ? reject(e) : resolve())));
    const central: Buffer[] = [];
    let offset = 0;
    const entry = async (name: string, size: number, packedSize: number, entryCrc: number, body: () => Promise<void>) => {
      const headers = { name, crc: entryCrc, packedSize, size };
      const local = zipLocalHeader(headers);
      await write(local);
      await body();
      central.push(zipCentralRecord(headers, offset));
      offset += local.length + packedSize;
    };
    for (const p of parts.slice(0, 4)) await entry(p.name, p.size, p.packed.length, p.crc, () => write(p.packed));
    await entry('xl/sharedStrings.xml', unpacked, packed, crc, async () => {
      await write(head.packed);
      for (let i = 0; i < BOMB_REPEATS; i++) await write(repeated.packed);
      await write(tail.packed);
    });
    for (const p of parts.slice(4)) await entry(p.name, p.size, p.packed.length, p.crc, () => write(p.packed));
    await write(zipEnd(parts.length + 1, Buffer.concat(central), offset));
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    await rename(tmp, file);
  }
  const { size } = await stat(file);
  return { path: file, size, unpacked, ratio: unpacked / packed };
}
