import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Logger } from 'pino';

/**
 * A table written as a CSV or XLSX file while its rows are still being read, in constant memory: rows come in batches
 * (keyset pages of a list), CSV is written as text chunks and XLSX through exceljs's streaming writer, both waiting
 * for the response to take what was written before reading more.
 *
 * `about` (what the file is: the report, its filters, when and by whom it was made) is written with it: in a CSV as
 * two-cell rows above the table and one empty row; in an XLSX as a second sheet, "About", so the table's sheet starts
 * with its header row.
 */

export type TTableFormat = 'csv' | 'xlsx';

/**
 * How a column is written:
 *  - `text`: free text (names, reasons); in CSV, text a spreadsheet would run as a formula gets a leading apostrophe;
 *  - `integer`: a whole number (paise), a number cell in XLSX;
 *  - `fixed`: text the server made that is never a formula (ids, dates, "1234.50"), kept as text in XLSX too.
 */
export type TTableColumn = { header: string; kind: 'text' | 'integer' | 'fixed'; width?: number };

export type TTableCell = string | number | null;

const CONTENT_TYPES: Record<TTableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Rows per CSV chunk: small enough to stay out of V8's large-object space, so young-generation GC reclaims them. */
const CHUNK_ROWS = 250;

function quoteCsv(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV cell; free text starting like a formula (=, +, -, @, tab, CR) is written with a leading apostrophe. */
function csvCell(value: TTableCell, kind: TTableColumn['kind']): string {
  if (value === null) return '';
  const text = String(value);
  return quoteCsv(kind === 'text' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
}

function xlsxCell(value: TTableCell, kind: TTableColumn['kind']): string | number | null {
  if (value === null) return null;
  return kind === 'integer' ? Number(value) : String(value);
}

export type TTableFile = { stream: Readable; contentType: string };

/**
 * The file of `batches` (each an array of rows, one cell per column) under a header row. An error while reading ends
 * the stream with that error (the client sees a cut-off download, never a file that looks complete) and is logged.
 */
export function tableFile(
  format: TTableFormat,
  options: {
    sheet: string;
    columns: readonly TTableColumn[];
    batches: AsyncIterable<TTableCell[][]>;
    logger: Logger;
    what: string;
    about?: readonly (readonly [string, string])[];
  },
): TTableFile {
  const { columns, batches, logger, about = [] } = options;
  if (format === 'csv') {
    async function* chunks() {
      const preamble = about.map(([name, value]) => `${csvCell(name, 'text')},${csvCell(value, 'text')}\r\n`).join('');
      yield `\uFEFF${preamble}${about.length ? '\r\n' : ''}${columns.map((c) => quoteCsv(c.header)).join(',')}\r\n`;
      for await (const rows of batches) {
        for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
          let chunk = '';
          for (const row of rows.slice(i, i + CHUNK_ROWS)) chunk += `${row.map((v, c) => csvCell(v, columns[c]!.kind)).join(',')}\r\n`;
          yield chunk;
        }
      }
    }
    const stream = Readable.from(chunks());
    stream.on('error', (error) => logger.error({ err: error }, `${options.what} failed`));
    return { stream, contentType: CONTENT_TYPES.csv };
  }

  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheet);
  sheet.columns = columns.map((c) => ({ width: c.width ?? 16 }));
  void (async () => {
    try {
      sheet.addRow(columns.map((c) => c.header)).commit();
      for await (const rows of batches) {
        for (const row of rows) sheet.addRow(row.map((v, c) => xlsxCell(v, columns[c]!.kind))).commit();
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        if (out.destroyed) return;
      }
      sheet.commit();
      if (about.length) {
        const aboutSheet = workbook.addWorksheet('About');
        aboutSheet.columns = [{ width: 28 }, { width: 60 }];
        for (const [name, value] of about) aboutSheet.addRow([name, value]).commit();
        aboutSheet.commit();
      }
      await workbook.commit();
    } catch (error) {
      logger.error({ err: error }, `${options.what} failed`);
      out.destroy(error as Error);
    }
  })();
  return { stream: out, contentType: CONTENT_TYPES.xlsx };
}
