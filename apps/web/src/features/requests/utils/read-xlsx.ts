/**
 * Reads the first worksheet of an .xlsx workbook as rows of text, in the browser: the zip's central directory,
 * its entries inflated with the platform's DecompressionStream, the XML read with DOMParser. A spreadsheet library
 * would add far more to the console for the one column of ICCIDs this is used for.
 */

type TEntry = { name: string; method: number; compressedSize: number; offset: number };

export class XlsxError extends Error {}

function entriesOf(bytes: Uint8Array): Map<string, TEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new XlsxError('not a zip archive');
  const count = view.getUint16(end + 10, true);
  let p = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries = new Map<string, TEntry>();
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) throw new XlsxError('damaged zip directory');
    const method = view.getUint16(p + 10, true);
    const compressedSize = view.getUint32(p + 20, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const offset = view.getUint32(p + 42, true);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    entries.set(name, { name, method, compressedSize, offset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function readEntry(bytes: Uint8Array, entry: TEntry): Promise<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(entry.offset, true) !== 0x04034b50) throw new XlsxError('damaged zip entry');
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const data = bytes.slice(start, start + entry.compressedSize);
  if (entry.method === 0) return new TextDecoder().decode(data);
  if (entry.method !== 8) throw new XlsxError(`unsupported compression ${entry.method}`);
  const stream = (new Response(data).body as ReadableStream<BufferSource>).pipeThrough(new DecompressionStream('deflate-raw'));
  return await new Response(stream).text();
}

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) throw new XlsxError('damaged XML');
  return doc;
}

/** Elements by local name, whatever namespace prefix the writer used. */
function byName(node: Document | Element, name: string): Element[] {
  return Array.from(node.getElementsByTagNameNS('*', name));
}

function textOf(node: Element): string {
  return byName(node, 't')
    .map((t) => t.textContent ?? '')
    .join('');
}

/** "BC12" → 54 (zero-based column). */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref.toUpperCase())?.[0] ?? '';
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

function firstSheetPath(entries: Map<string, TEntry>, workbook: Document | null, rels: Document | null): string {
  const sheet = workbook ? byName(workbook, 'sheet')[0] : undefined;
  const relId =
    sheet?.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id') ?? sheet?.getAttribute('r:id');
  if (relId && rels) {
    const target = byName(rels, 'Relationship')
      .find((r) => r.getAttribute('Id') === relId)
      ?.getAttribute('Target');
    if (target) {
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      if (entries.has(path)) return path;
    }
  }
  if (entries.has('xl/worksheets/sheet1.xml')) return 'xl/worksheets/sheet1.xml';
  const any = [...entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort()[0];
  if (!any) throw new XlsxError('no worksheet');
  return any;
}

/** The first worksheet's cells as text (shared strings resolved; numbers as written in the file). */
export async function readXlsxRows(file: Blob): Promise<string[][]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const entries = entriesOf(bytes);
  const load = async (name: string) => {
    const entry = entries.get(name);
    return entry ? parseXml(await readEntry(bytes, entry)) : null;
  };
  const [workbook, rels, shared] = await Promise.all([
    load('xl/workbook.xml'),
    load('xl/_rels/workbook.xml.rels'),
    load('xl/sharedStrings.xml'),
  ]);
  const strings = shared ? byName(shared, 'si').map(textOf) : [];
  const sheet = await load(firstSheetPath(entries, workbook, rels));
  if (!sheet) throw new XlsxError('no worksheet');
  const rows: string[][] = [];
  for (const row of byName(sheet, 'row')) {
    const index = Number(row.getAttribute('r') ?? rows.length + 1) - 1;
    const cells: string[] = [];
    let next = 0;
    for (const cell of byName(row, 'c')) {
      const ref = cell.getAttribute('r');
      const col = ref ? columnIndex(ref) : next;
      next = col + 1;
      const type = cell.getAttribute('t');
      const value = byName(cell, 'v')[0]?.textContent ?? '';
      cells[col] = type === 's' ? (strings[Number(value)] ?? '') : type === 'inlineStr' ? textOf(cell) : value;
    }
    rows[index] = Array.from(cells, (c) => c ?? '');
  }
  return Array.from(rows, (r) => r ?? []);
}
