import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { LOST_DIGITS, type TFileRecord } from './file-record';
import { type TSpreadsheetOptions, xlsxRecords } from './xlsx-records';
import { sharedStringsXml, sheetXml, workbookParts } from './xlsx-test-kit';
import { zipOf } from './zip-test-kit';

/** The streaming XLSX reader on ordinary, odd and hostile workbooks. */

const MB = 1024 * 1024;
const OPTIONS: TSpreadsheetOptions = { budgetBytes: 64 * MB, zip: { maxUnpackedBytes: 1536 * MB, maxRatio: 200, maxEntries: 10_000 } };
/** For parts of one repeated character, which compress far better than any real sheet. */
const REPETITIVE: TSpreadsheetOptions = { ...OPTIONS, zip: { ...OPTIONS.zip, maxRatio: 100_000 } };
let dir: string;
let serial = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tarang-xlsx-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function read(content: Buffer, options: TSpreadsheetOptions = OPTIONS): Promise<TFileRecord[]> {
  const file = path.join(dir, `${++serial}.xlsx`);
  await writeFile(file, content);
  const out: TFileRecord[] = [];
  for await (const record of xlsxRecords(file, options)) out.push(record);
  return out;
}

async function refusal(content: Buffer, options: TSpreadsheetOptions = OPTIONS): Promise<AppError> {
  const error = await read(content, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A workbook with one sheet of the given rows (and shared strings, when given). */
const handMade = (rows: string, shared?: string) =>
  zipOf([
    ...workbookParts([['Sheet', 'xl/worksheets/sheet1.xml']], { sharedStrings: shared !== undefined }),
    ...(shared !== undefined ? [{ name: 'xl/sharedStrings.xml', data: Buffer.from(sharedStringsXml(shared)) }] : []),
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml(rows)) },
  ]);

describe('xlsxRecords', () => {
  it('reads a workbook Excel-style (shared strings): text, rich text, numbers, booleans, formulas; skips empty rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('SIMs');
    ws.addRow(['ICCID', ' label ', 'count']);
    ws.addRow(['89910000000000000012', { richText: [{ text: 'Tru' }, { font: { bold: true }, text: 'ck 7 ' }] }, 42]);
    ws.addRow([]);
    ws.addRow([Number('8991000000000000001'), true, 2.5]);
    ws.getCell('A5').value = { formula: 'CONCAT("a","b")', result: 'ab' };
    ws.getCell('C5').value = { formula: '1+1', result: 2 };
    ws.getCell('B7').value = 'only B';
    wb.addWorksheet('Other').addRow(['not read']);
    const rows = await read(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { row: 1, cells: ['ICCID', 'label', 'count'] },
      { row: 2, cells: ['89910000000000000012', 'Truck 7', '42'] },
      { row: 4, cells: [LOST_DIGITS, 'true', '2.5'] },
      { row: 5, cells: ['ab', '', '2'] },
      { row: 7, cells: ['', 'only B'] },
    ]);
  });

  it('reads inline strings, prefixed tags, cells without references, and the first sheet by tab order', async () => {
    const first = sheetXml(
      [
        '<row r="1"><c r="A1" t="inlineStr"><is><t>iccid</t></is></c><c r="C1" t="inlineStr"><is><r><t>No</t></r><r><t xml:space="preserve">te </t></r></is></c></row>',
        '<row r="2"><c t="inlineStr"><is><t>8991 0000</t><rPh sb="0" eb="1"><t>phonetic</t></rPh></is></c><c t="str"><f>A2</f><v> x&amp;y </v></c><c t="b"><v>0</v></c></row>',
        '<row r="3"><c r="A3" t="inlineStr"><is><t>   </t></is></c><c r="B3" t="e"><v>#N/A</v></c><c r="C3"/></row>',
        '<row r="9"><c r="B9"><v>1.5E+3</v></c><c r="C9" t="s"><v>0</v></c></row>',
      ].join(''),
    )
      .replace(/<(\/?)(worksheet|sheetData|row|c|v|is|t|r|f|rPh)([ >/])/g, '<$1x:$2$3')
      .replace('xmlns=', 'xmlns:x=');
    const parts = [
      ...workbookParts([
        ['First', 'xl/worksheets/sheet2.xml'],
        ['Second', 'xl/worksheets/sheet1.xml'],
      ]),
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.from(sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>second</t></is></c></row>')),
      },
      { name: 'xl/worksheets/sheet2.xml', data: Buffer.from(first) },
    ];
    expect(await read(zipOf(parts))).toEqual([
      { row: 1, cells: ['iccid', '', 'Note'] },
      { row: 2, cells: ['8991 0000', 'x&y', 'false'] },
      { row: 9, cells: ['', '1500'] },
    ]);
  });

  it('refuses shared text over the budget, naming the budget', async () => {
    const text = (i: number) => (i % 2 ? `${'सिम नोट '.repeat(30)}${i}` : `${'SIM note '.repeat(50)}${i}`);
    const items = Array.from({ length: 3000 }, (_, i) => `<si><t>${text(i)}</t></si>`).join('');
    const error = await refusal(handMade('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', items), { ...OPTIONS, budgetBytes: MB });
    expect(error.status).toBe(422);
    expect(error.message).toBe("This workbook's shared text is larger than 1 MB; save it as CSV or split it");
    expect(error.errors).toEqual([{ path: 'file', message: error.message }]);
    // The same workbook within a larger budget is read: every string, those across the table's 1 MB slabs included.
    const every = Array.from({ length: 3000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`).join('');
    const rows = await read(handMade(every, items), { ...OPTIONS, budgetBytes: 2 * MB });
    expect(rows).toEqual(Array.from({ length: 3000 }, (_, i) => ({ row: i + 1, cells: [text(i)] })));
  });

  it('refuses a row whose text, with the shared text, passes the budget', async () => {
    const cells = Array.from(
      { length: 40 },
      (_, i) => `<c r="${String.fromCharCode(65 + (i % 26))}${i < 26 ? '' : 'A'}2" t="inlineStr"><is><t>${'y'.repeat(30_000)}</t></is></c>`,
    );
    const error = await refusal(handMade(`<row r="2">${cells.join('')}</row>`), { ...REPETITIVE, budgetBytes: MB });
    expect(error.message).toBe('Row 2 of this workbook holds more text than the 1 MB a file may take; save it as CSV or split it');
  });

  it('refuses a cell longer than any Excel writes, damaged XML, and a workbook without a sheet', async () => {
    const long = await refusal(
      handMade(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'z'.repeat(1.5 * MB)}</t></is></c></row>`),
      REPETITIVE,
    );
    expect(long.message).toBe('This workbook holds a cell or tag longer than 1 MB, more than Excel writes; save it as CSV');
    const broken = await refusal(handMade('<row r="1"><c r="A1"><v>1</c></row>'));
    expect(broken.message).toBe('This workbook is damaged: xl/worksheets/sheet1.xml is not well-formed XML');
    const entity = await refusal(handMade('<row r="1"><c r="A1" t="inlineStr"><is><t>&lol;</t></is></c></row>'));
    expect(entity.status).toBe(422);
    const wide = await refusal(handMade('<row r="1"><c r="XFE1"><v>1</v></c></row>'));
    expect(wide.message).toBe('This file is not a valid XLSX workbook');
    const empty = await refusal(zipOf(workbookParts([])));
    expect(empty.message).toBe('This workbook has no worksheet');
  });
});
