/** A row of a file as its cells (the header row included); row numbers count the header as row 1, as a spreadsheet does. */
export type TFileRecord = { row: number; cells: string[] };

/** A cell value read from a file: text, or a number that lost digits (Excel keeps 15 significant digits). */
export const LOST_DIGITS = '\u0000lost-digits';

/** A header cell as a column name: `Provisioned ICCID` → `provisioned_iccid`. */
export function columnName(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
