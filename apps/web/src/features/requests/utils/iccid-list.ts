import { REQUEST_ICCID_LIST_MAX } from '@tarang/shared/requests/request.constants';

/** An ICCID as the API takes it: 19 or 20 digits (ZIccid). */
const ICCID = /^\d{19,20}$/;

/** A value of the list that is not an ICCID: left out before the list goes to the server. */
export type TListIssue = { row: number; value: string };

/**
 * ICCIDs read from a pasted list or a file: the well-formed ones in their order, the row each came from
 * (a line of the file, or the position in a pasted list), and the values that are not ICCIDs.
 */
export type TIccidList = { iccids: string[]; rows: number[]; issues: TListIssue[]; tooMany: boolean };

export const EMPTY_LIST: TIccidList = { iccids: [], rows: [], issues: [], tooMany: false };

function clean(value: string): string {
  return value
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .replace(/\s+/g, '');
}

function collect(entries: { row: number; value: string }[]): TIccidList {
  const out: TIccidList = { iccids: [], rows: [], issues: [], tooMany: false };
  for (const { row, value } of entries) {
    const v = clean(value);
    if (!v) continue;
    if (ICCID.test(v)) {
      out.iccids.push(v);
      out.rows.push(row);
    } else {
      out.issues.push({ row, value: v.slice(0, 40) });
    }
  }
  out.tooMany = out.iccids.length > REQUEST_ICCID_LIST_MAX;
  return out;
}

/** A pasted list: ICCIDs separated by new lines, commas, semicolons, tabs or spaces; rows count the entries. */
export function parseIccidText(text: string): TIccidList {
  const values = text.split(/[\s,;]+/).filter((v) => v.trim() !== '');
  return collect(values.map((value, i) => ({ row: i + 1, value })));
}

/**
 * A table (CSV or the first sheet of a workbook): the column headed "iccid" (any case), else the first column.
 * A first row that is not an ICCID is taken as the header. Rows are numbered as a spreadsheet numbers them.
 */
export function iccidsFromTable(table: readonly (readonly string[])[]): TIccidList {
  const header = table[0] ?? [];
  let column = header.findIndex((cell) => /^(primary[\s_.-]?)?iccid$/i.test(cell.trim()));
  let start = 1;
  if (column < 0) {
    column = 0;
    start = ICCID.test(clean(header[0] ?? '')) ? 0 : 1;
  }
  const entries: { row: number; value: string }[] = [];
  for (let r = start; r < table.length; r++) entries.push({ row: r + 1, value: table[r]?.[column] ?? '' });
  return collect(entries);
}

/** CSV text as rows of cells (RFC 4180 quotes; a comma, semicolon or tab as the separator, taken from the first line). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = [',', ';', '\t'].reduce((best, s) => (firstLine.split(s).length > firstLine.split(best).length ? s : best), ',');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The server's row numbers count the ICCIDs it was sent; the user counts the rows of what they gave. */
export function sourceRow(list: TIccidList, serverRow: number | null): number | null {
  if (serverRow === null) return null;
  return list.rows[serverRow - 1] ?? serverRow;
}
