import { posix } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { refuseFile, sizeInWords } from './file-errors';
import { LOST_DIGITS, type TFileRecord } from './file-record';
import { readZipDirectory, type TZipDirectory, type TZipEntry, type TZipLimits, zipEntryChunks } from './zip-archive';

/**
 * Reading the first worksheet of an XLSX workbook as a stream of rows, with memory bounded by a budget per file
 * (docs/decisions/017-reading-spreadsheets.md). The parts are unpacked as streams (zip-archive.ts) and parsed by a
 * streaming XML parser: `xl/workbook.xml` and its relationships name the first sheet and the shared-strings part;
 * the shared strings are kept (they are what cells refer to), each charged its UTF-8 bytes plus
 * SHARED_STRING_OVERHEAD against the budget; then the sheet is read row by row, and only the row being read is held,
 * charged against what the shared strings left of the budget. Over the budget the file is refused, naming it.
 */

export type TSpreadsheetOptions = {
  /** Memory a file may take while it is read: its shared text plus the row being read (TARANG_SPREADSHEET_BUDGET_MB). */
  budgetBytes: number;
  zip: TZipLimits;
};

/** What a kept shared string costs beyond its UTF-8 bytes: where it starts. */
export const SHARED_STRING_OVERHEAD = 4;
/** What a cell of the row being read costs beyond its text. */
const CELL_OVERHEAD = 16;
/**
 * The longest run of XML between two markup characters (`<`, `>`): a cell's text or one tag. Excel keeps at most
 * 32,767 characters in a cell, so a longer run is no spreadsheet; without this bound the XML parser would gather it.
 */
export const XML_RUN_MAX_BYTES = 1024 * 1024;
/** Excel's last column (XFD). */
const MAX_COLUMNS = 16_384;

const damaged = (part: string) => refuseFile('UNPROCESSABLE', `This workbook is damaged: ${part} is not well-formed XML`);
const notAWorkbook = () => refuseFile('UNSUPPORTED_MEDIA_TYPE', 'This file is not a valid XLSX workbook');

/**
 * Reads a workbook's zip directory (nothing unpacked) and refuses what is not a workbook or breaks the zip limits,
 * so an upload can be refused at once, before it is queued or read.
 */
export async function inspectXlsx(path: string, limits: TZipLimits): Promise<TZipDirectory> {
  const directory = await readZipDirectory(path, limits);
  if (!directory.entries.has('[Content_Types].xml') || !directory.entries.has('xl/workbook.xml')) {
    throw refuseFile('UNSUPPORTED_MEDIA_TYPE', 'This zip file is not an XLSX workbook');
  }
  return directory;
}

/** The name without its namespace prefix: `x:row` → `row`. */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/**
 * Feeds one part to an XML parser, a chunk at a time, yielding after each chunk so the caller can hand on what the
 * chunk completed. Refuses a run between markup characters longer than XML_RUN_MAX_BYTES.
 */
async function* feedXml(directory: TZipDirectory, entry: TZipEntry, parser: SaxesParser): AsyncGenerator<void> {
  const decoder = new StringDecoder('utf8');
  let run = 0;
  let first = true;
  parser.on('error', () => {
    throw damaged(entry.name);
  });
  for await (const chunk of zipEntryChunks(directory, entry)) {
    const lt = chunk.indexOf(0x3c);
    const gt = chunk.indexOf(0x3e);
    const firstMark = lt < 0 ? gt : gt < 0 ? lt : Math.min(lt, gt);
    if (firstMark < 0) run += chunk.length;
    else {
      if (run + firstMark > XML_RUN_MAX_BYTES) run += firstMark;
      else run = chunk.length - 1 - Math.max(chunk.lastIndexOf(0x3c), chunk.lastIndexOf(0x3e));
    }
    if (run > XML_RUN_MAX_BYTES) {
      throw refuseFile(
        'UNPROCESSABLE',
        `This workbook holds a cell or tag longer than ${sizeInWords(XML_RUN_MAX_BYTES)}, more than Excel writes; save it as CSV`,
      );
    }
    let text = decoder.write(chunk);
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    parser.write(text);
    yield;
  }
  parser.write(decoder.end());
  parser.close();
}

async function readWholeXml(directory: TZipDirectory, entry: TZipEntry, parser: SaxesParser, done: () => boolean): Promise<void> {
  for await (const _ of feedXml(directory, entry, parser)) if (done()) return;
}

/** The relationship id of the first sheet listed in `xl/workbook.xml` (the first tab). */
async function firstSheetId(directory: TZipDirectory): Promise<string | null> {
  const parser = new SaxesParser();
  let id: string | null = null;
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (id !== null || localName(tag.name) !== 'sheet') return;
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (name.includes(':') && localName(name) === 'id') id = String(value);
    }
  });
  await readWholeXml(directory, directory.entries.get('xl/workbook.xml')!, parser, () => id !== null);
  return id;
}

/** The parts the workbook's relationships name: the first sheet's and the shared strings'. */
async function workbookParts(directory: TZipDirectory): Promise<{ sheet: string | null; sharedStrings: string | null }> {
  const sheetId = await firstSheetId(directory);
  const rels = directory.entries.get('xl/_rels/workbook.xml.rels');
  const targets = new Map<string, string>();
  let sharedStrings: string | null = null;
  if (rels) {
    const parser = new SaxesParser();
    parser.on('opentag', (tag: SaxesTagPlain) => {
      if (localName(tag.name) !== 'Relationship') return;
      const target = tag.attributes.Target;
      if (typeof target !== 'string' || tag.attributes.TargetMode === 'External') return;
      const part = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target));
      if (typeof tag.attributes.Id === 'string') targets.set(tag.attributes.Id, part);
      if (String(tag.attributes.Type ?? '').endsWith('/sharedStrings')) sharedStrings = part;
    });
    await readWholeXml(directory, rels, parser, () => false);
  }
  const sheet = (sheetId !== null ? targets.get(sheetId) : undefined) ?? 'xl/worksheets/sheet1.xml';
  sharedStrings ??= 'xl/sharedStrings.xml';
  return {
    sheet: directory.entries.has(sheet) ? sheet : null,
    sharedStrings: directory.entries.has(sharedStrings) ? sharedStrings : null,
  };
}

const SLAB_BYTES = 1024 * 1024;

/**
 * The shared strings as UTF-8 bytes in 1 MB slabs, and where each starts: a string costs its bytes and
 * SHARED_STRING_OVERHEAD, with no object per string (millions of small JS strings would cost several times their
 * text). A cell that refers to one gets its own copy, decoded when it is read.
 */
class SharedStrings {
  private readonly slabs: Buffer[] = [];
  private starts = new Uint32Array(1024);
  private size = 0;
  private end = 0;

  add(bytes: Buffer): void {
    if (this.size + 2 > this.starts.length) {
      const grown = new Uint32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.size] = this.end;
    let offset = 0;
    while (offset < bytes.length) {
      const slab = Math.floor(this.end / SLAB_BYTES);
      if (slab === this.slabs.length) this.slabs.push(Buffer.allocUnsafe(SLAB_BYTES));
      const copied = bytes.copy(this.slabs[slab]!, this.end - slab * SLAB_BYTES, offset);
      offset += copied;
      this.end += copied;
    }
    this.size++;
    this.starts[this.size] = this.end;
  }

  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return undefined;
    const start = this.starts[index]!;
    const end = this.starts[index + 1]!;
    if (start === end) return '';
    const first = Math.floor(start / SLAB_BYTES);
    const last = Math.floor((end - 1) / SLAB_BYTES);
    if (first === last) return this.slabs[first]!.toString('utf8', start - first * SLAB_BYTES, end - first * SLAB_BYTES);
    const pieces: Buffer[] = [];
    for (let slab = first; slab <= last; slab++) {
      pieces.push(this.slabs[slab]!.subarray(Math.max(start - slab * SLAB_BYTES, 0), Math.min(end - slab * SLAB_BYTES, SLAB_BYTES)));
    }
    return Buffer.concat(pieces).toString('utf8');
  }
}

/** The shared strings, trimmed, refused when they pass the budget. */
async function readSharedStrings(
  directory: TZipDirectory,
  entry: TZipEntry,
  budgetBytes: number,
): Promise<{ table: SharedStrings; bytes: number }> {
  const table = new SharedStrings();
  let used = 0;
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let text = '';
  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'si') {
      inItem = true;
      text = '';
    } else if (name === 'rPh') phonetic++;
    else if (name === 't' && inItem && phonetic === 0) inText = true;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') phonetic--;
    else if (name === 'si') {
      inItem = false;
      const bytes = Buffer.from(text.trim(), 'utf8');
      text = '';
      used += bytes.length + SHARED_STRING_OVERHEAD;
      // (Positions are 32-bit: a budget of 4 GB or more still stops there.)
      if (used > Math.min(budgetBytes, 0xffff_ffff)) {
        throw refuseFile(
          'UNPROCESSABLE',
          `This workbook's shared text is larger than ${sizeInWords(budgetBytes)}; save it as CSV or split it`,
        );
      }
      table.add(bytes);
    }
  });
  const onText = (t: string) => {
    if (inText) text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  await readWholeXml(directory, entry, parser, () => false);
  return { table, bytes: used };
}

/** The column number of a cell reference (`B7` → 2), or 0 when it has none. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) column = column * 26 + (c - 64);
    else if (c >= 97 && c <= 122) column = column * 26 + (c - 96);
    else break;
    if (column > MAX_COLUMNS) throw notAWorkbook();
  }
  return column;
}

/** A number cell as text: integers beyond 2^53 lost digits when they were saved (Excel keeps 15 significant digits). */
function numberText(raw: string): string {
  const text = raw.trim();
  if (text === '') return '';
  const value = Number(text);
  if (Number.isNaN(value)) return text;
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return LOST_DIGITS;
  return String(value);
}

/**
 * Every non-empty row of the first worksheet of an XLSX file, header included, read as a stream. Cells are trimmed
 * text; an empty cell is ''; a number too long for a double is LOST_DIGITS; row numbers are the sheet's.
 */
export async function* xlsxRecords(path: string, options: TSpreadsheetOptions): AsyncGenerator<TFileRecord> {
  const directory = await inspectXlsx(path, options.zip);
  const parts = await workbookParts(directory);
  if (!parts.sheet) throw refuseFile('UNPROCESSABLE', 'This workbook has no worksheet');
  const shared = parts.sharedStrings
    ? await readSharedStrings(directory, directory.entries.get(parts.sharedStrings)!, options.budgetBytes)
    : { table: new SharedStrings(), bytes: 0 };
  const rowBudget = options.budgetBytes - shared.bytes;

  const ready: TFileRecord[] = [];
  let rowNumber = 0;
  let cells: [number, string][] = [];
  let rowBytes = 0;
  let lastColumn = 0;
  let cellColumn = 0;
  let cellType = 'n';
  let value = '';
  let inline = '';
  let inValue = false;
  let inInline = false;
  let inText = false;
  let phonetic = 0;

  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    switch (localName(tag.name)) {
      case 'row': {
        const r = Number(tag.attributes.r);
        rowNumber = Number.isSafeInteger(r) && r > 0 ? r : rowNumber + 1;
        cells = [];
        rowBytes = 0;
        lastColumn = 0;
        break;
      }
      case 'c': {
        const ref = tag.attributes.r;
        const column = typeof ref === 'string' ? columnOf(ref) : 0;
        cellColumn = column > 0 ? column : lastColumn + 1;
        if (cellColumn > MAX_COLUMNS) throw notAWorkbook();
        cellType = typeof tag.attributes.t === 'string' ? tag.attributes.t : 'n';
        value = '';
        inline = '';
        break;
      }
      case 'v':
        inValue = true;
        break;
      case 'is':
        inInline = true;
        break;
      case 'rPh':
        phonetic++;
        break;
      case 't':
        if (inInline && phonetic === 0) inText = true;
        break;
    }
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    switch (localName(tag.name)) {
      case 'v':
        inValue = false;
        break;
      case 'is':
        inInline = false;
        break;
      case 'rPh':
        phonetic--;
        break;
      case 't':
        inText = false;
        break;
      case 'c': {
        let text: string;
        switch (cellType) {
          case 's':
            text = shared.table.get(Number(value)) ?? '';
            break;
          case 'inlineStr':
            text = inline.trim();
            break;
          case 'str':
            text = value.trim();
            break;
          case 'b':
            text = value.trim() === '' ? '' : value.trim() === '1' ? 'true' : 'false';
            break;
          case 'e':
            text = '';
            break;
          case 'd': {
            const date = new Date(value.trim());
            text = Number.isNaN(date.getTime()) ? value.trim() : date.toISOString();
            break;
          }
          default:
            text = numberText(value);
        }
        lastColumn = cellColumn;
        if (text !== '') {
          cells.push([cellColumn, text]);
          rowBytes += CELL_OVERHEAD + text.length;
          if (rowBytes > rowBudget) {
            throw refuseFile(
              'UNPROCESSABLE',
              `Row ${rowNumber} of this workbook holds more text than the ${sizeInWords(options.budgetBytes)} a file may take; save it as CSV or split it`,
            );
          }
        }
        break;
      }
      case 'row': {
        if (cells.length === 0) break;
        let width = 0;
        for (const [column] of cells) if (column > width) width = column;
        const out = new Array<string>(width).fill('');
        for (const [column, text] of cells) out[column - 1] = text;
        ready.push({ row: rowNumber, cells: out });
        cells = [];
        break;
      }
    }
  });
  const onText = (t: string) => {
    if (inValue) value += t;
    else if (inText) inline += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  for await (const _ of feedXml(directory, directory.entries.get(parts.sheet)!, parser)) {
    if (ready.length) yield* ready.splice(0, ready.length);
  }
  yield* ready.splice(0, ready.length);
}
