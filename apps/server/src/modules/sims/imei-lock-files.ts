import { unlink } from 'node:fs/promises';
import { iccidError, imeiError } from '@tarang/shared/sims/identifiers';
import { IMEI_FILE_PAIRS_MAX, type TImeiFileResult } from '@tarang/shared/sims/sim.schemas';
import type { TDeps } from '../../app-deps';
import { AppError, fieldError } from '../../http/app-error';
import type { TReceivedFile } from '../../http/multipart-file';
import type { TRequestContext } from '../../http/request-context';
import { detectFormat } from '../../lib/files/file-format';
import { columnName, LOST_DIGITS } from '../../lib/files/file-record';
import { fileRecords } from '../../lib/files/file-records';
import { parseLimiterOf } from '../../lib/files/parse-limiter';
import { inspectXlsx, type TSpreadsheetOptions } from '../../lib/files/xlsx-records';
import type { TSimsConfig } from './sims.config';
import { setImeiLock } from './sims.service';

/**
 * IMEI locks from a file (issue 16, docs/decisions/028-sim-network-state.md): a CSV or XLSX of ICCID–IMEI pairs (the
 * columns `iccid` and `imei`), each SIM locked to its IMEI in one change. Rows whose ICCID or IMEI is malformed (an IMEI
 * is 15 digits with a valid Luhn check digit), or that name a SIM twice, are refused by their line; SIMs not found or
 * that cannot be locked are named like PUT /sim/imeis does, by their line too.
 */

type TRow = TImeiFileResult['rows'][number];
const REPORTED_MAX = 1000;

const refused = (message: string) => fieldError('UNPROCESSABLE', 'file', message);
const clean = (cell: string | undefined) => (cell ?? '').replace(/\s+/g, '');

function cellIssue(what: 'ICCID' | 'IMEI', cell: string | undefined): string | null {
  if (!cell || clean(cell) === '') return `No ${what} in this row`;
  if (cell === LOST_DIGITS) return `The ${what} was saved as a number and lost digits: format the column as text`;
  return what === 'ICCID' ? iccidError(clean(cell)) : imeiError(clean(cell));
}

async function readPairs(deps: TDeps, cfg: TSimsConfig, file: TReceivedFile) {
  if (file.size === 0)
    throw new AppError('VALIDATION_FAILED', 'file: The file is empty', { errors: [{ path: 'file', message: 'The file is empty' }] });
  const format = await detectFormat(file.tmpPath, file.fileName);
  const spreadsheet: TSpreadsheetOptions = {
    budgetBytes: deps.config.spreadsheetBudgetBytes,
    zip: { maxUnpackedBytes: cfg.unpackedMaxBytes, maxRatio: cfg.zipMaxRatio, maxEntries: 10_000 },
  };
  if (format === 'xlsx') await inspectXlsx(file.tmpPath, spreadsheet.zip);
  const pairs: { row: number; iccid: string; imei: string }[] = [];
  const rows: TRow[] = [];
  let rejected = 0;
  const refuse = (row: TRow) => {
    rejected++;
    if (rows.length < REPORTED_MAX) rows.push(row);
  };
  const firstRow = new Map<string, number>();
  const endTurn = await parseLimiterOf(deps.config).acquire();
  try {
    let columns: { iccid: number; imei: number } | null = null;
    for await (const record of fileRecords(file.tmpPath, format, { spreadsheet })) {
      if (record.cells.every((c) => c.trim() === '')) continue;
      if (!columns) {
        const names = record.cells.map(columnName);
        columns = { iccid: names.indexOf('iccid'), imei: names.indexOf('imei') };
        if (columns.iccid < 0 || columns.imei < 0) throw refused('The file needs the columns iccid and imei');
        continue;
      }
      const iccidCell = record.cells[columns.iccid];
      const imeiCell = record.cells[columns.imei];
      const issue = cellIssue('ICCID', iccidCell) ?? cellIssue('IMEI', imeiCell);
      const iccid = clean(iccidCell);
      if (issue) {
        refuse({ row: record.row, iccid: iccid.slice(0, 22), reason: issue });
        continue;
      }
      const first = firstRow.get(iccid);
      if (first !== undefined) {
        refuse({ row: record.row, iccid, reason: `Listed twice (first at row ${first})` });
        continue;
      }
      if (pairs.length === IMEI_FILE_PAIRS_MAX) {
        throw refused(`The file holds more than ${IMEI_FILE_PAIRS_MAX.toLocaleString('en-IN')} pairs: split it into smaller files`);
      }
      firstRow.set(iccid, record.row);
      pairs.push({ row: record.row, iccid, imei: clean(imeiCell) });
    }
  } finally {
    endTurn();
  }
  return { pairs, rows, rejected };
}

/** POST /sim/imeis/file: reads the pairs, locks the SIMs that can be locked, and names every row that was not. */
export async function lockImeisFromFile(
  deps: TDeps,
  ctx: TRequestContext,
  cfg: TSimsConfig,
  file: TReceivedFile,
): Promise<TImeiFileResult> {
  try {
    const { pairs, rows, rejected } = await readPairs(deps, cfg, file);
    if (pairs.length === 0) {
      throw new AppError('UNPROCESSABLE', 'file: The file holds no ICCID–IMEI pair that can be used', {
        errors: [
          { path: 'file', message: 'The file holds no ICCID–IMEI pair that can be used' },
          ...rows.slice(0, 20).map((r) => ({ path: `file.row.${r.row}`, message: `${r.iccid ? `${r.iccid}: ` : ''}${r.reason}` })),
        ],
      });
    }
    const rowOf = new Map(pairs.map((p) => [p.iccid, p.row]));
    let updated = 0;
    let skipped: { iccid: string; reason: string }[] = [];
    try {
      ({ updated, skipped } = await setImeiLock(deps, ctx, { lock: true, sims: pairs.map((p) => ({ iccid: p.iccid, imei: p.imei })) }));
    } catch (error) {
      // Not one SIM of the file could be locked: said by the file's rows.
      if (!(error instanceof AppError) || error.code !== 'UNPROCESSABLE') throw error;
      const reasons = error.errors ?? [];
      throw new AppError('UNPROCESSABLE', 'file: None of the SIMs in the file can be IMEI-locked', {
        errors: [
          { path: 'file', message: 'None of the SIMs in the file can be IMEI-locked' },
          ...reasons.slice(0, 20).map((r) => {
            const iccid = r.message.split(':')[0]!;
            return { path: `file.row.${rowOf.get(iccid) ?? 0}`, message: r.message };
          }),
        ],
      });
    }
    const named = skipped.map((s) => ({ row: rowOf.get(s.iccid) ?? 0, iccid: s.iccid, reason: s.reason }));
    const all = [...rows, ...named].sort((a, b) => a.row - b.row).slice(0, REPORTED_MAX);
    return { updated, rejected: rejected + named.length, rows: all };
  } finally {
    await unlink(file.tmpPath).catch(() => {});
  }
}
