import { unlink } from 'node:fs/promises';
import { newId } from '@tarang/shared/common/ids';
import { REQUEST_FILE_ROWS_MAX, REQUEST_ROWS_REPORTED_MAX } from '@tarang/shared/requests/request.constants';
import type { TRequestFile } from '@tarang/shared/requests/request.schemas';
import { iccidError } from '@tarang/shared/sims/identifiers';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { detectFormat } from '../../lib/files/file-format';
import { columnName, LOST_DIGITS } from '../../lib/files/file-record';
import { fileRecords } from '../../lib/files/file-records';
import { parseLimiterOf } from '../../lib/files/parse-limiter';
import { inspectXlsx, type TSpreadsheetOptions } from '../../lib/files/xlsx-records';
import { recordAudit } from '../audit/audit.service';
import type { TSimsConfig } from '../sims/sims.config';

/**
 * Files of ICCIDs for a request (POST /request/file, docs/decisions/015-request-files.md): read once when they
 * arrive (CSV or XLSX, the same checks as the SIM upload), kept as rows with the file's row numbers, and named by
 * `fileId` in POST /request, whose per-SIM validation then reports the file's rows.
 */

const INSERT_BATCH = 10_000;

type TIssue = TRequestFile['rows'][number];

const fileError = (message: string) => new AppError('UNPROCESSABLE', message, { errors: [{ path: 'file', message }] });

/** The ICCID in a cell, without the spaces people type or print between digit groups. */
const iccidOf = (cell: string) => cell.replace(/\s+/g, '');

function cellIssue(row: number, cell: string | undefined): TIssue | null {
  if (cell === undefined || cell === '') return { row, value: '', reason: 'No ICCID in this row' };
  if (cell === LOST_DIGITS) return { row, value: '', reason: 'The ICCID was saved as a number and lost digits: format the column as text' };
  const error = iccidError(iccidOf(cell));
  return error ? { row, value: cell.slice(0, 40), reason: error } : null;
}

async function insertRows(tx: TExecutor, fileId: string, rows: number[], iccids: string[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`INSERT INTO request_file_rows (file_id, row, iccid)
    SELECT ${fileId}, r, i FROM unnest(${sql.param(rows)}::int[], ${sql.param(iccids)}::text[]) AS x(r, i)`);
}

/**
 * Reads a received file of ICCIDs: the column `iccid`, or else the first column (and then a first line that is itself
 * an ICCID is a row, not a header). Lines without a valid ICCID are left out and reported; more than
 * REQUEST_FILE_ROWS_MAX ICCIDs refuse the file.
 */
export async function acceptRequestFile(
  deps: TDeps,
  ctx: TRequestContext,
  cfg: TSimsConfig,
  file: { tmpPath: string; fileName: string; size: number },
): Promise<TRequestFile> {
  const actor = requireActor(ctx);
  let endTurn: (() => void) | null = null;
  try {
    if (file.size === 0)
      throw new AppError('VALIDATION_FAILED', 'The file is empty', { errors: [{ path: 'file', message: 'The file is empty' }] });
    const format = await detectFormat(file.tmpPath, file.fileName);
    const spreadsheet: TSpreadsheetOptions = {
      budgetBytes: deps.config.spreadsheetBudgetBytes,
      zip: { maxUnpackedBytes: cfg.unpackedMaxBytes, maxRatio: cfg.zipMaxRatio, maxEntries: 10_000 },
    };
    if (format === 'xlsx') await inspectXlsx(file.tmpPath, spreadsheet.zip);
    const id = newId();
    const fileName = file.fileName.slice(0, 200);
    // The file waits its turn on disk; the transaction opens only once its turn comes.
    endTurn = await parseLimiterOf(deps.config).acquire();
    return await deps.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO request_files (id, created_by_id, file_name, count, rejected)
        VALUES (${id}, ${actor.userId}, ${fileName}, 0, 0)`);
      const issues: TIssue[] = [];
      let rejected = 0;
      let count = 0;
      let column = -1;
      let rows: number[] = [];
      let iccids: string[] = [];
      const take = async (row: number, cell: string | undefined) => {
        const issue = cellIssue(row, cell);
        if (issue) {
          rejected++;
          if (issues.length < REQUEST_ROWS_REPORTED_MAX) issues.push(issue);
          return;
        }
        if (++count > REQUEST_FILE_ROWS_MAX) {
          throw fileError(
            `The file names more than ${REQUEST_FILE_ROWS_MAX.toLocaleString('en-IN')} ICCIDs; choose larger sets with an inventory filter`,
          );
        }
        rows.push(row);
        iccids.push(iccidOf(cell!));
        if (rows.length === INSERT_BATCH) {
          await insertRows(tx, id, rows, iccids);
          rows = [];
          iccids = [];
        }
      };
      for await (const record of fileRecords(file.tmpPath, format, { spreadsheet })) {
        if (column < 0) {
          column = Math.max(0, record.cells.map(columnName).indexOf('iccid'));
          // No header: the first line is already an ICCID.
          if (column === 0 && !iccidError(iccidOf(record.cells[0] ?? ''))) await take(record.row, record.cells[0]);
          continue;
        }
        await take(record.row, record.cells[column]);
      }
      await insertRows(tx, id, rows, iccids);
      if (count === 0) throw fileError('The file holds no ICCID');
      const { rows: made } = await tx.execute<{ created_at: string }>(sql`UPDATE request_files
        SET count = ${count}, rejected = ${rejected}, issues = ${JSON.stringify(issues)}::jsonb
        WHERE id = ${id} RETURNING to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`);
      await recordAudit(tx, ctx, {
        action: 'request_file.upload',
        entityType: 'request_file',
        entityId: id,
        organizationId: actor.scope.kind === 'subtree' ? actor.scope.organizationId : null,
        after: { fileName, count, rejected },
      });
      return { id, fileName, count, rejected, rows: issues, createdAt: made[0]!.created_at };
    });
  } finally {
    endTurn?.();
    await unlink(file.tmpPath).catch(() => {});
  }
}

/** A file of the caller's: its name and first 20 ICCIDs (what a request keeps of it); else a 404 naming `fileId`. */
export async function findRequestFile(db: TExecutor, actor: TActor, fileId: string): Promise<{ fileName: string; first: string[] }> {
  const { rows: files } = await db.execute<{ file_name: string }>(
    sql`SELECT file_name FROM request_files WHERE id = ${fileId} AND created_by_id = ${actor.userId}`,
  );
  if (!files[0]) {
    throw new AppError('NOT_FOUND', 'fileId: No such file of ICCIDs; upload it with POST /request/file', {
      errors: [{ path: 'fileId', message: 'No such file of ICCIDs' }],
    });
  }
  const { rows } = await db.execute<{ iccid: string }>(
    sql`SELECT iccid FROM request_file_rows WHERE file_id = ${fileId} ORDER BY row LIMIT 20`,
  );
  return { fileName: files[0].file_name, first: rows.map((r) => r.iccid) };
}
