import { SIM_UPLOAD_COLUMNS } from '@tarang/shared/sims/sim.constants';
import type { TConfig } from '../../config';
import type { TUploadFormat } from '../../lib/files/file-format';
import { columnName, type TFileRecord } from '../../lib/files/file-record';
import { fileRecords } from '../../lib/files/file-records';
import type { TSpreadsheetOptions } from '../../lib/files/xlsx-records';
import type { TZipLimits } from '../../lib/files/zip-archive';
import type { TSimsConfig } from './sims.config';

/**
 * The SIM upload's view of a file (the reading itself is in lib/files): its rows after the header, each as its
 * values by column name.
 */

export type TFileRow = { row: number; values: Map<string, string> };

/** The zip limits of uploaded workbooks, from the upload configuration. */
export const zipLimitsOf = (cfg: TSimsConfig): TZipLimits => ({
  maxUnpackedBytes: cfg.unpackedMaxBytes,
  maxRatio: cfg.zipMaxRatio,
  maxEntries: 10_000,
});

/** How an uploaded spreadsheet is read: within the server's budget and the upload's zip limits. */
export const spreadsheetOptionsOf = (config: TConfig, cfg: TSimsConfig): TSpreadsheetOptions => ({
  budgetBytes: config.spreadsheetBudgetBytes,
  zip: zipLimitsOf(cfg),
});

const SIM_COLUMNS = new Set<string>(SIM_UPLOAD_COLUMNS);

/**
 * The rows after the header, each as the values of the upload's columns (other columns, and empty cells, left out;
 * a row of empty cells is still a row).
 */
async function* namedRows(records: AsyncGenerator<TFileRecord>): AsyncGenerator<TFileRow> {
  let header: (string | null)[] | null = null;
  for await (const { row, cells } of records) {
    if (!header) {
      header = cells.map((cell) => {
        const name = columnName(cell);
        return SIM_COLUMNS.has(name) ? name : null;
      });
      continue;
    }
    const values = new Map<string, string>();
    for (let i = 0; i < header.length; i++) {
      const name = header[i];
      const v = cells[i];
      if (name && v !== undefined && v !== '') values.set(name, v);
    }
    yield { row, values };
  }
}

/** The rows of an uploaded SIM file after its header; row numbers count the header as row 1, as a spreadsheet does. */
export function uploadRows(
  path: string,
  format: TUploadFormat,
  options: { spreadsheet: TSpreadsheetOptions; progress?: { bytes: number } },
): AsyncGenerator<TFileRow> {
  return namedRows(fileRecords(path, format, options));
}
