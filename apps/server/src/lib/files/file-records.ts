import { csvRecords } from './csv-records';
import type { TUploadFormat } from './file-format';
import type { TFileRecord } from './file-record';
import { type TSpreadsheetOptions, xlsxRecords } from './xlsx-records';

/**
 * Every row of an uploaded file, header included, whatever its format. `progress.bytes` tells how far a CSV has been
 * read; a spreadsheet is read within `spreadsheet.budgetBytes`.
 */
export function fileRecords(
  path: string,
  format: TUploadFormat,
  options: { spreadsheet: TSpreadsheetOptions; progress?: { bytes: number } },
): AsyncGenerator<TFileRecord> {
  return format === 'csv' ? csvRecords(path, options.progress) : xlsxRecords(path, options.spreadsheet);
}
