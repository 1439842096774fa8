import { iccidError } from '@tarang/shared/sims/identifiers';
import { REPLACE_FILE_PAIRS_MAX, type TReplaceRefusal } from '@tarang/shared/sims/replacement.schemas';
import type { TDeps } from '../../app-deps';
import { AppError, fieldError } from '../../http/app-error';
import type { TReceivedFile } from '../../http/multipart-file';
import { detectFormat } from '../../lib/files/file-format';
import { columnName, LOST_DIGITS } from '../../lib/files/file-record';
import { fileRecords } from '../../lib/files/file-records';
import { parseLimiterOf } from '../../lib/files/parse-limiter';
import { inspectXlsx, type TSpreadsheetOptions } from '../../lib/files/xlsx-records';
import type { TSimsConfig } from '../sims/sims.config';
import type { TPair } from './replacement.service';

/**
 * A file of replacement pairs (issue 16, docs/decisions/030-sim-replacement.md): CSV or XLSX with the columns
 * `oldIccid` and `newIccid` (also `old_iccid`, `new_iccid`) and optionally `reason`. Rows whose ICCIDs are malformed,
 * cut by Excel, or that give no reason when the upload gives none either are refused by their line; the rest are
 * checked against the inventory by the service.
 */

const refused = (message: string) => fieldError('UNPROCESSABLE', 'file', message);
const clean = (cell: string | undefined) => (cell ?? '').replace(/\s+/g, '');

function iccidIssue(cell: string | undefined): string | null {
  if (!cell || clean(cell) === '') return 'No ICCID in this row';
  if (cell === LOST_DIGITS) return 'The ICCID was saved as a number and lost digits: format the column as text';
  return iccidError(clean(cell));
}

export async function readReplacePairs(
  deps: TDeps,
  cfg: TSimsConfig,
  file: TReceivedFile,
  defaultReason: string | undefined,
): Promise<{ pairs: TPair[]; refused: TReplaceRefusal[] }> {
  if (file.size === 0)
    throw new AppError('VALIDATION_FAILED', 'file: The file is empty', { errors: [{ path: 'file', message: 'The file is empty' }] });
  const format = await detectFormat(file.tmpPath, file.fileName);
  const spreadsheet: TSpreadsheetOptions = {
    budgetBytes: deps.config.spreadsheetBudgetBytes,
    zip: { maxUnpackedBytes: cfg.unpackedMaxBytes, maxRatio: cfg.zipMaxRatio, maxEntries: 10_000 },
  };
  if (format === 'xlsx') await inspectXlsx(file.tmpPath, spreadsheet.zip);
  const pairs: TPair[] = [];
  const out: TReplaceRefusal[] = [];
  const endTurn = await parseLimiterOf(deps.config).acquire();
  try {
    let columns: { old: number; new: number; reason: number } | null = null;
    for await (const record of fileRecords(file.tmpPath, format, { spreadsheet })) {
      if (record.cells.every((c) => c.trim() === '')) continue;
      if (!columns) {
        const names = record.cells.map((c) => columnName(c).replace(/_/g, ''));
        columns = { old: names.indexOf('oldiccid'), new: names.indexOf('newiccid'), reason: names.indexOf('reason') };
        if (columns.old < 0 || columns.new < 0) throw refused('The file needs the columns oldIccid and newIccid');
        continue;
      }
      const oldCell = record.cells[columns.old];
      const newCell = record.cells[columns.new];
      const oldIccid = clean(oldCell).slice(0, 22);
      const newIccid = clean(newCell).slice(0, 22);
      const reason = (columns.reason >= 0 ? (record.cells[columns.reason] ?? '').trim() : '') || defaultReason || '';
      const row = { row: record.row, oldIccid, newIccid };
      const oldIssue = iccidIssue(oldCell);
      const newIssue = iccidIssue(newCell);
      if (oldIssue) out.push({ ...row, field: 'oldIccid', reason: oldIssue });
      else if (newIssue) out.push({ ...row, field: 'newIccid', reason: newIssue });
      else if (oldIccid === newIccid) out.push({ ...row, field: 'newIccid', reason: 'The new SIM must be another SIM' });
      else if (!reason)
        out.push({ ...row, field: 'reason', reason: 'No reason in this row (give a reason column, or a reason for the file)' });
      else if (reason.length > 500) out.push({ ...row, field: 'reason', reason: 'The reason is longer than 500 characters' });
      else {
        if (pairs.length === REPLACE_FILE_PAIRS_MAX) {
          throw refused(`The file holds more than ${REPLACE_FILE_PAIRS_MAX.toLocaleString('en-IN')} pairs: split it into smaller files`);
        }
        pairs.push({ ...row, reason });
      }
    }
  } finally {
    endTurn();
  }
  return { pairs, refused: out };
}
