import { describe, expect, it } from 'vitest';
import { iccidsFromTable, parseCsv, parseIccidText, sourceRow } from './iccid-list';

const A = '8991100000000010001';
const B = '89911000000000100027';
const C = '8991100000000010035';

describe('parseIccidText', () => {
  it('reads ICCIDs separated by lines, commas, semicolons and spaces, numbering the entries', () => {
    const list = parseIccidText(`${A}\n${B}, ${C};\n\n"8991"\tabc`);
    expect(list.iccids).toEqual([A, B, C]);
    expect(list.rows).toEqual([1, 2, 3]);
    expect(list.issues).toEqual([
      { row: 4, value: '8991' },
      { row: 5, value: 'abc' },
    ]);
    expect(list.tooMany).toBe(false);
  });

  it('flags a list longer than one request takes', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => `8991${String(i).padStart(15, '0')}`).join('\n');
    expect(parseIccidText(many).tooMany).toBe(true);
  });
});

describe('parseCsv and iccidsFromTable', () => {
  it('takes the column headed iccid and numbers rows as a spreadsheet does', () => {
    const table = parseCsv(`label,ICCID,msisdn\r\nmeter 1,${A},+919800000001\r\n"meter, two","${B}",\r\nmeter 3,89-bad,\r\n`);
    const list = iccidsFromTable(table);
    expect(list.iccids).toEqual([A, B]);
    expect(list.rows).toEqual([2, 3]);
    expect(list.issues).toEqual([{ row: 4, value: '89-bad' }]);
  });

  it('takes the first column when there is no header, and a semicolon as the separator', () => {
    const list = iccidsFromTable(parseCsv(`${A};x\n${C};y\n`));
    expect(list.iccids).toEqual([A, C]);
    expect(list.rows).toEqual([1, 2]);
  });

  it('skips a header that is not named iccid', () => {
    const list = iccidsFromTable(parseCsv(`Number\n${A}\n`));
    expect(list.iccids).toEqual([A]);
    expect(list.issues).toEqual([]);
  });

  it('keeps quotes inside quoted cells', () => {
    expect(parseCsv('a,"say ""hi""",c\n')).toEqual([['a', 'say "hi"', 'c']]);
  });
});

describe('sourceRow', () => {
  it("turns the server's position in the list sent into the user's row", () => {
    const list = parseIccidText(`abc\n${A}\nxyz\n${B}`);
    expect(sourceRow(list, 1)).toBe(2);
    expect(sourceRow(list, 2)).toBe(4);
    expect(sourceRow(list, null)).toBeNull();
  });
});
