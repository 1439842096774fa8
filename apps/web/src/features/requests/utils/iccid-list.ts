import { REQUEST_ICCID_LIST_MAX } from '@tarang/shared/requests/request.constants';

/** An ICCID as the API takes it: 19 or 20 digits (ZIccid). */
const ICCID = /^\d{19,20}$/;

/** A value of the list that is not an ICCID: left out before the list goes to the server. */
export type TListIssue = { row: number; value: string };

/**
 * ICCIDs read from a pasted list: the well-formed ones in their order, the row each came from (the position in
 * the list), and the values that are not ICCIDs.
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

/** The server's row numbers count the ICCIDs it was sent; the user counts the rows of what they gave. */
export function sourceRow(list: TIccidList, serverRow: number | null): number | null {
  if (serverRow === null) return null;
  return list.rows[serverRow - 1] ?? serverRow;
}
