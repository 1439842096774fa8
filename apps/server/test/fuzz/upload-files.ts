import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { zipOf } from '../../src/lib/files/zip-test-kit';

/** A file to upload, named after the edge case it is. */
export type TUploadFile = { kind: string; fileName: string; content: Buffer };

const UPLOAD_HEADER = 'iccid,imsi,msisdn,operator,provisioned_iccid,provisioned_imsi,provisioned_msisdn,provisioned_operator,label';

/** A plausible upload row (digits of the right lengths; unknown to the database, so it is added). */
const simRow = (n: number) =>
  `8991000${String(n).padStart(12, '0')},40410${String(n).padStart(10, '0')},91${String(9_000_000_000 + n)},AIRTEL,,,,,`;

/**
 * CSV edge cases, each a few KB to 1 MB: broken quoting, formula text, a BOM alone, a header alone, mixed line ends,
 * NUL bytes, ten thousand columns, a line of 1 MB, binary noise.
 */
function csvCases(header: string, row: (n: number) => string): TUploadFile[] {
  const csv = (kind: string, text: string | Buffer): TUploadFile => ({
    kind: `csv:${kind}`,
    fileName: `${kind}.csv`,
    content: Buffer.isBuffer(text) ? text : Buffer.from(text),
  });
  return [
    csv('unclosed-quote', `${header}\n"${row(1)}\n${row(2)}\n`),
    csv('quote-in-unquoted-field', `${header}\n${row(3).replace('AIRTEL', 'AIR"TEL')}\n`),
    csv('hyperlink-formula', `${header}\n=HYPERLINK("http://evil.example","x"),1,2,AIRTEL,,,,,\n`),
    csv('formula-in-label', `${header}\n${row(4)}=cmd|' /C calc'!A0\n`),
    csv('bom-only', Buffer.from([0xef, 0xbb, 0xbf])),
    csv('header-only', `${header}\n`),
    csv('header-no-newline', header),
    csv('crlf-cr-mix', `${header}\r\n${row(5)}\r${row(6)}\n${row(7)}\r\n\r\n`),
    csv('cr-only', `${header}\r${row(8)}\r${row(9)}\r`),
    csv('nul-bytes', `${header}\n${row(10).replace(',', '\u0000,')}\n\u0000\u0000\u0000\n`),
    csv('nul-in-header', `iccid\u0000,imsi,operator\n${row(11)}\n`),
    csv('ten-thousand-columns', `${header}${',c'.repeat(10_000)}\n${row(12)}${',x'.repeat(10_000)}\n`),
    csv('one-mb-line', `${header}\n${row(13)}${'y'.repeat(1024 * 1024)}\n`),
    csv('one-mb-quoted-field', `${header}\n"${'z'.repeat(1024 * 1024)}",1,2,AIRTEL,,,,,\n`),
    csv('empty-lines', `\n\n\n${header}\n\n${row(14)}\n\n`),
    csv('semicolons', `${header.replaceAll(',', ';')}\n${row(15).replaceAll(',', ';')}\n`),
    csv('tabs', `${header.replaceAll(',', '\t')}\n${row(16).replaceAll(',', '\t')}\n`),
    csv('utf16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}\n${row(17)}\n`, 'utf16le')])),
    csv('invalid-utf8', Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xed, 0xa0, 0x80, 0x0a])])),
    csv('duplicate-header', `${header},iccid\n${row(18)},123\n`),
    csv('short-and-long-rows', `${header}\n1\n${row(19)},extra,extra\n,,,,\n`),
    csv('escaped-quotes', `${header}\n"8991""000","""","a""b",AIRTEL,,,,,\n`),
    csv('lone-quote-line', `${header}\n"\n`),
    csv('only-quotes', '""""""""""'),
    csv('many-rows', `${header}\n${Array.from({ length: 2000 }, (_, i) => row(100 + i)).join('\n')}\n`),
    csv('same-row-twice', `${header}\n${row(20)}\n${row(20)}\n`),
  ];
}

/** Request files: a column of ICCIDs (or the first column). */
const requestRow = (n: number) => `8991000${String(n).padStart(12, '0')}`;

/** Broken and odd XLSX files: not a zip, a zip without a workbook, a truncated zip, a valid tiny workbook, and XML tricks. */
async function xlsxCases(header: string[], rows: string[][]): Promise<TUploadFile[]> {
  const xlsx = (kind: string, content: Buffer): TUploadFile => ({ kind: `xlsx:${kind}`, fileName: `${kind}.xlsx`, content });
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SIMs');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  const valid = Buffer.from(await wb.xlsx.writeBuffer());
  const emptyWb = new ExcelJS.Workbook();
  emptyWb.addWorksheet('Empty');
  const empty = Buffer.from(await emptyWb.xlsx.writeBuffer());
  const contentTypes = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
  );
  const sheet = (cells: string) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells}</sheetData></worksheet>`,
    );
  const workbookXml = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  const rels = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  );
  const handMade = (kind: string, sheetXml: Buffer, extra: { name: string; data: Buffer }[] = []) =>
    xlsx(
      kind,
      zipOf([
        { name: '[Content_Types].xml', data: contentTypes },
        { name: 'xl/workbook.xml', data: workbookXml },
        { name: 'xl/_rels/workbook.xml.rels', data: rels },
        { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
        ...extra,
      ]),
    );
  return [
    xlsx('valid-tiny', valid),
    xlsx('empty-sheet', empty),
    xlsx('not-a-zip', Buffer.from('this is not a spreadsheet at all\n')),
    xlsx('csv-named-xlsx', Buffer.from(`${header.join(',')}\n${rows.map((r) => r.join(',')).join('\n')}\n`)),
    xlsx('zip-without-workbook', zipOf([{ name: 'hello.txt', data: Buffer.from('hello') }])),
    xlsx('empty-zip', zipOf([])),
    xlsx('truncated-zip', valid.subarray(0, Math.floor(valid.length / 2))),
    xlsx('zip-header-only', valid.subarray(0, 30)),
    xlsx(
      'lying-sizes',
      zipOf([
        {
          name: 'xl/worksheets/sheet1.xml',
          data: sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>iccid</t></is></c></row>'),
          declared: 1,
        },
      ]),
    ),
    handMade(
      'inline-strings',
      sheet(
        `<row r="1"><c r="A1" t="inlineStr"><is><t>${header[0]}</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>${rows[0]?.[0] ?? '1'}</t></is></c></row>`,
      ),
    ),
    handMade('shared-string-out-of-range', sheet('<row r="1"><c r="A1" t="s"><v>99999</v></c></row>')),
    handMade('negative-shared-string', sheet('<row r="1"><c r="A1" t="s"><v>-1</v></c></row>')),
    handMade('huge-cell-reference', sheet('<row r="1048577"><c r="XFE1048577" t="inlineStr"><is><t>x</t></is></c></row>')),
    handMade('nul-in-cell', sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>iccid&#0;</t></is></c></row>')),
    handMade('malformed-xml', Buffer.from('<worksheet><sheetData><row><c>')),
    handMade(
      'entity-expansion',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>',
      ),
    ),
    handMade(
      'external-entity',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&e;</t></is></c></row></sheetData></worksheet>',
      ),
    ),
    handMade('formula-cell', sheet('<row r="1"><c r="A1"><f>HYPERLINK("http://evil.example","x")</f><v>x</v></c></row>')),
    handMade('date-cell', sheet('<row r="1"><c r="A1" t="d"><v>0000-01-01T00:00:00</v></c></row>')),
    handMade('number-overflow', sheet('<row r="1"><c r="A1"><v>1e400</v></c></row>')),
    // A small spreadsheet bomb: 30 KB that unpacks to 24 MB of shared strings, every row pointing at the largest.
    handMade(
      'shared-strings-bomb',
      sheet(Array.from({ length: 200 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i % 2}</v></c></row>`).join('')),
      [{ name: 'xl/sharedStrings.xml', data: sharedStringsBomb() }],
    ),
  ];
}

function sharedStringsBomb(): Buffer {
  const big = `<si><t>${'9'.repeat(12 * 1024 * 1024)}</t></si>`;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>iccid</t></si>${big}${big}</sst>`,
  );
}

/** Every upload case for a route: CSV for the SIM upload or the ICCID list, then XLSX. */
export async function uploadCases(route: 'sim-upload' | 'request-file'): Promise<TUploadFile[]> {
  if (route === 'sim-upload') {
    return [
      ...csvCases(UPLOAD_HEADER, simRow),
      ...(await xlsxCases(UPLOAD_HEADER.split(','), [simRow(900).split(','), simRow(901).split(',')])),
    ];
  }
  return [
    ...csvCases('iccid', requestRow),
    ...csvCases('name,iccid', (n) => `x,${requestRow(n)}`),
    ...(await xlsxCases(['iccid'], [[requestRow(1)], [requestRow(2)]])),
  ];
}

/** The ways a multipart request around a file is broken, one at a time. */
export const BROKEN_MULTIPART_SHAPES = [
  'wrong-field',
  'two-files',
  'no-filename',
  'no-boundary',
  'truncated',
  'json-instead',
  'empty-body',
  'field-before-file',
  'evil-filename',
] as const;

/** How the multipart request around the file is built: the usual one, or broken in one way. */
export type TMultipartShape = 'ok' | (typeof BROKEN_MULTIPART_SHAPES)[number];

export const multipartShapes = fc.oneof(
  { weight: 8, arbitrary: fc.constant<TMultipartShape>('ok') },
  { weight: 2, arbitrary: fc.constantFrom<TMultipartShape>(...BROKEN_MULTIPART_SHAPES) },
);

/** The body and headers of an upload of `file`, shaped as `shape`. */
export function multipartRequest(file: TUploadFile, shape: TMultipartShape): { payload: Buffer | string; headers: Record<string, string> } {
  const boundary = '----tarangfuzz7f3a';
  const part = (field: string, fileName: string | null, content: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${fileName === null ? '' : `; filename="${fileName}"`}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  switch (shape) {
    case 'wrong-field':
      return { payload: Buffer.concat([part('upload', file.fileName, file.content), end]), headers };
    case 'two-files':
      return {
        payload: Buffer.concat([part('file', file.fileName, file.content), part('file', file.fileName, file.content), end]),
        headers,
      };
    case 'no-filename':
      return { payload: Buffer.concat([part('file', null, file.content), end]), headers };
    case 'no-boundary':
      return {
        payload: Buffer.concat([part('file', file.fileName, file.content), end]),
        headers: { 'content-type': 'multipart/form-data' },
      };
    case 'truncated': {
      const whole = Buffer.concat([part('file', file.fileName, file.content), end]);
      return { payload: whole.subarray(0, Math.max(10, Math.floor(whole.length / 2))), headers };
    }
    case 'json-instead':
      return { payload: JSON.stringify({ file: file.content.toString('base64') }), headers: { 'content-type': 'application/json' } };
    case 'empty-body':
      return { payload: '', headers };
    case 'field-before-file':
      return { payload: Buffer.concat([part('note', null, Buffer.from('x')), part('file', file.fileName, file.content), end]), headers };
    case 'evil-filename':
      return { payload: Buffer.concat([part('file', `../../${'\u202e'}x\u0000.csv`, file.content), end]), headers };
    default:
      return { payload: Buffer.concat([part('file', file.fileName, file.content), end]), headers };
  }
}
