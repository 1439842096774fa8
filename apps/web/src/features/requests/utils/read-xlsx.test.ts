import { describe, expect, it } from 'vitest';
import { iccidsFromTable } from './iccid-list';
import { readXlsxRows, XlsxError } from './read-xlsx';

/** A minimal zip writer for the test: stored or deflated entries, with their CRC-32. */
function crc32(bytes: Uint8Array): number {
  let crc = -1;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = (new Response(bytes).body as ReadableStream<BufferSource>).pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function zip(files: { name: string; text: string; deflated: boolean }[]): Promise<Blob> {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const raw = enc.encode(f.text);
    const data = f.deflated ? await deflate(raw) : raw;
    const name = enc.encode(f.name);
    const local = new Uint8Array(30 + name.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(8, f.deflated ? 8 : 0, true);
    lv.setUint32(14, crc32(raw), true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, raw.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    local.set(data, 30 + name.length);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(10, f.deflated ? 8 : 0, true);
    cv.setUint32(16, crc32(raw), true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, raw.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const size = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, files.length, true);
  ev.setUint16(10, files.length, true);
  ev.setUint32(12, size, true);
  ev.setUint32(16, offset, true);
  return new Blob([...locals, ...centrals, end].map((b) => b.slice().buffer));
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

describe('readXlsxRows', () => {
  it('reads the first sheet: shared strings, inline strings and numbers, by cell reference', async () => {
    const file = await zip([
      {
        name: 'xl/workbook.xml',
        text: `<workbook ${NS} ${REL}><sheets><sheet name="SIMs" sheetId="1" r:id="rId7"/></sheets></workbook>`,
        deflated: false,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        text: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="worksheet" Target="worksheets/data.xml"/></Relationships>',
        deflated: true,
      },
      {
        name: 'xl/sharedStrings.xml',
        text: `<sst ${NS}><si><t>label</t></si><si><t>ICCID</t></si><si><r><t>89911000</t></r><r><t>00000010001</t></r></si></sst>`,
        deflated: true,
      },
      {
        name: 'xl/worksheets/data.xml',
        text: `<worksheet ${NS}><sheetData>
          <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>
          <row r="2"><c r="A2" t="inlineStr"><is><t>meter</t></is></c><c r="B2" t="s"><v>2</v></c></row>
          <row r="4"><c r="B4" t="inlineStr"><is><t>89911000000000100027</t></is></c></row>
          <row r="5"><c r="B5"><v>8.9911000000000102E+18</v></c></row>
        </sheetData></worksheet>`,
        deflated: true,
      },
    ]);
    const rows = await readXlsxRows(file);
    expect(rows[0]).toEqual(['label', 'ICCID']);
    expect(rows[1]).toEqual(['meter', '8991100000000010001']);
    expect(rows[3]).toEqual(['', '89911000000000100027']);
    const list = iccidsFromTable(rows);
    expect(list.iccids).toEqual(['8991100000000010001', '89911000000000100027']);
    expect(list.rows).toEqual([2, 4]);
    // A number the spreadsheet rounded is reported, not guessed at.
    expect(list.issues).toEqual([{ row: 5, value: '8.9911000000000102E+18' }]);
  });

  it('refuses a file that is not a workbook', async () => {
    await expect(readXlsxRows(new Blob(['iccid\n8991100000000010001\n']))).rejects.toBeInstanceOf(XlsxError);
  });
});
