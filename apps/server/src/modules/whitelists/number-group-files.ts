import { unlink } from 'node:fs/promises';
import { NUMBERS_FILE_ROWS_REPORTED_MAX, NUMBERS_INPUT_MAX, type TNumbersAdded } from '@tarang/shared/whitelists/whitelist.schemas';
import { normaliseWhitelistNumber } from '@tarang/shared/whitelists/whitelist-numbers';
import type { TDeps } from '../../app-deps';
import { AppError, fieldError } from '../../http/app-error';
import type { TReceivedFile } from '../../http/multipart-file';
import type { TRequestContext } from '../../http/request-context';
import { detectFormat } from '../../lib/files/file-format';
import { columnName, LOST_DIGITS } from '../../lib/files/file-record';
import { fileRecords } from '../../lib/files/file-records';
import { parseLimiterOf } from '../../lib/files/parse-limiter';
import { inspectXlsx, type TSpreadsheetOptions } from '../../lib/files/xlsx-records';
import type { TSimsConfig } from '../sims/sims.config';
import { addCheckedNumbers, getNumberGroup, type TNumbersRead } from './number-groups.service';

/**
 * Add Number from a file (issue 15, docs/decisions/026-whitelisting.md): a CSV or XLSX of numbers, the column
 * `number` (or `msisdn`, `mobile`, `phone`), else the first column. Each row is checked with the rules of a typed
 * number; the good ones are added in one go and the refused rows come back by their line number, with why. A file with
 * no good number, or more than NUMBERS_INPUT_MAX of them, adds nothing.
 */

const HEADERS = ['number', 'numbers', 'msisdn', 'mobile', 'phone', 'phone_number', 'mobile_number'];

const refused = (message: string) => fieldError('UNPROCESSABLE', 'file', message);

function rowIssue(cell: string | undefined): string | null {
  if (cell === undefined || cell.trim() === '') return 'No number in this row';
  if (cell === LOST_DIGITS) return 'The number was saved as a number and lost digits: format the column as text';
  const result = normaliseWhitelistNumber(cell);
  return 'error' in result ? result.error : null;
}

/** Reads the numbers of a received file, within the process's turn for reading files. */
async function readNumbers(deps: TDeps, cfg: TSimsConfig, file: TReceivedFile): Promise<TNumbersRead> {
  if (file.size === 0)
    throw new AppError('VALIDATION_FAILED', 'file: The file is empty', { errors: [{ path: 'file', message: 'The file is empty' }] });
  const format = await detectFormat(file.tmpPath, file.fileName);
  const spreadsheet: TSpreadsheetOptions = {
    budgetBytes: deps.config.spreadsheetBudgetBytes,
    zip: { maxUnpackedBytes: cfg.unpackedMaxBytes, maxRatio: cfg.zipMaxRatio, maxEntries: 10_000 },
  };
  if (format === 'xlsx') await inspectXlsx(file.tmpPath, spreadsheet.zip);
  const read: TNumbersRead = { numbers: [], rejected: [], rejectedCount: 0, fileName: file.fileName.slice(0, 200) };
  const take = (row: number, cell: string | undefined) => {
    const issue = rowIssue(cell);
    if (issue) {
      read.rejectedCount++;
      if (read.rejected.length < NUMBERS_FILE_ROWS_REPORTED_MAX)
        read.rejected.push({ row, value: (cell ?? '').slice(0, 40), message: issue });
      return;
    }
    if (read.numbers.length === NUMBERS_INPUT_MAX) {
      throw refused(`The file holds more than ${NUMBERS_INPUT_MAX.toLocaleString('en-IN')} numbers; a group holds far fewer`);
    }
    read.numbers.push((normaliseWhitelistNumber(cell!) as { number: string }).number);
  };
  const endTurn = await parseLimiterOf(deps.config).acquire();
  try {
    let column = -1;
    for await (const record of fileRecords(file.tmpPath, format, { spreadsheet })) {
      // Blank lines between rows are not rows anyone meant.
      if (record.cells.every((c) => c.trim() === '')) continue;
      if (column < 0) {
        const named = record.cells.map(columnName).findIndex((name) => HEADERS.includes(name));
        column = Math.max(0, named);
        // No header: the first line is already a number.
        if (named < 0 && rowIssue(record.cells[0]) === null) take(record.row, record.cells[0]);
        continue;
      }
      take(record.row, record.cells[column]);
    }
  } finally {
    endTurn();
  }
  return read;
}

/**
 * POST /whitelist/number-group/{id}/numbers/file: the group is checked first (404 outside the caller's reach), then
 * the file is read and its good numbers added. The received file is removed whatever happens.
 */
export async function addGroupNumbersFromFile(
  deps: TDeps,
  ctx: TRequestContext,
  cfg: TSimsConfig,
  id: string,
  file: TReceivedFile,
): Promise<TNumbersAdded> {
  try {
    await getNumberGroup(deps, ctx, id);
    const read = await readNumbers(deps, cfg, file);
    if (read.numbers.length === 0) {
      throw new AppError('UNPROCESSABLE', 'file: The file holds no number that can be whitelisted', {
        errors: [
          { path: 'file', message: 'The file holds no number that can be whitelisted' },
          ...read.rejected.slice(0, 20).map((r) => ({ path: `file.row.${r.row}`, message: `${r.message} (${r.value})` })),
        ],
      });
    }
    return await addCheckedNumbers(deps, ctx, id, read.numbers, read);
  } finally {
    await unlink(file.tmpPath).catch(() => {});
  }
}
