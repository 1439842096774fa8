import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TTestApp } from '../../../test/test-app';
import { API } from '../../../test/test-app';

/** A report's file read back: what it says about itself (name → value), its header and its rows. */
export type TReadFile = { about: Map<string, string>; header: string[]; lines: string[][] };

/**
 * A report's CSV read as a spreadsheet would (RFC 4180 quoting, the byte-order mark dropped): the two-cell rows above
 * the first empty row describe the file, the table follows.
 */
export function readReportCsv(text: string): TReadFile {
  const records: string[][] = parse(text, { bom: true, relax_column_count: true });
  const blank = records.findIndex((r) => r.length === 1 && r[0] === '');
  expect(blank, 'the empty row after the description').toBeGreaterThan(0);
  const about = new Map(records.slice(0, blank).map((r) => [r[0]!, r[1]!] as [string, string]));
  const [header, ...lines] = records.slice(blank + 1);
  for (const line of lines) expect(line.length).toBe(header!.length);
  return { about, header: header!, lines };
}

/** A report's XLSX read back: the table's sheet (header in row 1) and the "About" sheet. */
export async function readReportXlsx(payload: Buffer, sheetName: string): Promise<TReadFile & { cells: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet(sheetName);
  expect(sheet, `sheet ${sheetName}`).toBeTruthy();
  const cells: unknown[][] = [];
  sheet!.eachRow({ includeEmpty: false }, (row) => {
    cells.push((row.values as unknown[]).slice(1));
  });
  const aboutSheet = wb.getWorksheet('About');
  const about = new Map<string, string>();
  aboutSheet?.eachRow((row) => {
    const [name, value] = (row.values as unknown[]).slice(1);
    about.set(String(name), String(value));
  });
  const [header, ...rest] = cells;
  return {
    about,
    header: header as string[],
    lines: rest.map((r) => r.map((v) => (v === undefined || v === null ? '' : String(v)))),
    cells: rest,
  };
}

/** Every row of a report for `query`, following the cursor. */
export async function everyReportRow<T = Record<string, unknown>>(
  t: TTestApp,
  reportId: string,
  query: string,
  token: string,
  limit = 500,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const res = await t.call({
      method: 'GET',
      url: `${API}/report/${reportId}?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: T[]; meta: { nextCursor: string | null } };
    out.push(...page.data);
    cursor = page.meta.nextCursor;
  } while (cursor);
  return out;
}
