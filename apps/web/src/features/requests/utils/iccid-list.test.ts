import { describe, expect, it } from 'vitest';
import { parseIccidText, sourceRow } from './iccid-list';

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

describe('sourceRow', () => {
  it("turns the server's position in the list sent into the user's row", () => {
    const list = parseIccidText(`abc\n${A}\nxyz\n${B}`);
    expect(sourceRow(list, 1)).toBe(2);
    expect(sourceRow(list, 2)).toBe(4);
    expect(sourceRow(list, null)).toBeNull();
  });
});
