import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newId } from '@tarang/shared/common/ids';
import { iccidError, imsiError, msisdnError, operatorError } from '@tarang/shared/sims/identifiers';
import { SIM_UPLOAD_COLUMNS } from '@tarang/shared/sims/sim.constants';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { violatedConstraint } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { readCsvHeader } from '../../lib/files/csv-records';
import { detectFormat, type TUploadFormat } from '../../lib/files/file-format';
import { LOST_DIGITS } from '../../lib/files/file-record';
import { parseLimiterOf } from '../../lib/files/parse-limiter';
import { inspectXlsx } from '../../lib/files/xlsx-records';
import { recordAudit } from '../audit/audit.service';
import { contextOfStored, storedActor } from './sim-moves.service';
import {
  addProgress,
  insertOperation,
  type TOperationRow,
  type TStoredActor,
  toOperation,
  updateOperation,
} from './sim-operations.repository';
import { spreadsheetOptionsOf, type TFileRow, uploadRows, zipLimitsOf } from './sim-upload.files';
import { loadSimsConfig, type TSimsConfig } from './sims.config';
import { kickRunner, registerOperationHandler } from './sims.runner';
import { getOperation } from './sims.service';
import { UploadIdentifierSet } from './upload-identifier-set';

/**
 * Bulk upload of SIMs into provider stock (docs/decisions/010, 016). The file is written to the data directory,
 * checked (kind, size, zip directory), then read as a stream in batches of UPLOAD_BATCH rows by the background
 * runner: each row is validated (format, check digits, operator), the batch is inserted with
 * `INSERT … SELECT unnest(…) ON CONFLICT DO NOTHING` — several batches at once, rows that may repeat an earlier row
 * of the file only once every earlier row is in — and rows that did not go in are looked up to say why: a
 * duplicate of an earlier row of the same file, or already present. Rejected rows go to a CSV beside the upload.
 */

export const UPLOAD_BATCH = 5000;
const REQUIRED = ['iccid', 'imsi', 'operator'] as const;
const REJECTED_HEADER = 'row,column,value,reason\n';
/** One lock for every upload: one upload inserts at a time, across processes (holdUploadLock). */
const UPLOAD_LOCK = 710_010;

export type TUploadParams = { format: TUploadFormat; size: number };

type TProfileIn = { iccid: string; imsi: string; msisdn: string | null; operator: string };
type TCandidate = { row: number; id: string; primary: TProfileIn; provisioned: TProfileIn | null; label: string | null };
type TRejection = { row: number; column: string; value: string; reason: string };

function csvCell(value: string): string {
  const v = value === LOST_DIGITS ? '' : value;
  return /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

const rejectionLine = (r: TRejection) => `${r.row},${r.column},${csvCell(r.value)},${csvCell(r.reason)}\n`;

/** An MSISDN as written in sheets (with or without +91) in E.164. */
export function normalizeMsisdn(raw: string): string {
  const v = raw.replace(/[\s-]/g, '');
  if (/^\d{10}$/.test(v) || /^\d{13}$/.test(v)) return `+91${v}`;
  if (/^91(\d{10}|\d{13})$/.test(v)) return `+${v}`;
  return v;
}

/** Validates one row: a candidate SIM, or what is wrong with it (every problem, column by column). */
export function validateRow(r: TFileRow): { candidate: TCandidate | null; rejections: TRejection[] } {
  const rejections: TRejection[] = [];
  const get = (column: string) => r.values.get(column);
  const reject = (column: string, reason: string) => rejections.push({ row: r.row, column, value: get(column) ?? '', reason });

  const profile = (prefix: '' | 'provisioned_'): TProfileIn | null => {
    const iccid = get(`${prefix}iccid`);
    const imsi = get(`${prefix}imsi`);
    const rawMsisdn = get(`${prefix}msisdn`);
    const rawOperator = get(`${prefix}operator`);
    if (prefix && !iccid && !imsi && !rawMsisdn && !rawOperator) return null;
    let ok = true;
    const check = (column: string, value: string | undefined, error: (v: string) => string | null, what: string) => {
      if (value === undefined) {
        reject(column, `${what} is required`);
        ok = false;
      } else if (value === LOST_DIGITS) {
        reject(column, `${what} was saved as a number and lost digits: format the column as text`);
        ok = false;
      } else {
        const message = error(value);
        if (message) {
          reject(column, message);
          ok = false;
        }
      }
    };
    check(`${prefix}iccid`, iccid, iccidError, 'ICCID');
    check(`${prefix}imsi`, imsi, imsiError, 'IMSI');
    const operator = rawOperator?.toUpperCase();
    check(`${prefix}operator`, operator, operatorError, 'Operator');
    const msisdn = rawMsisdn === undefined ? null : normalizeMsisdn(rawMsisdn);
    if (msisdn !== null) check(`${prefix}msisdn`, msisdn, msisdnError, 'MSISDN');
    return ok ? { iccid: iccid!, imsi: imsi!, msisdn, operator: operator! } : null;
  };

  const primary = profile('');
  const provisioned = profile('provisioned_');
  const label = get('label') ?? null;
  if (label && label.length > 100) reject('label', 'Label must be at most 100 characters');
  if (rejections.length || !primary) return { candidate: null, rejections };
  return { candidate: { row: r.row, id: newId(), primary, provisioned, label }, rejections };
}

/** The identifiers of a candidate, with the column each came from. */
function identifiers(c: TCandidate): [string, string][] {
  const out: [string, string][] = [
    ['iccid', c.primary.iccid],
    ['imsi', c.primary.imsi],
  ];
  if (c.primary.msisdn) out.push(['msisdn', c.primary.msisdn]);
  if (c.provisioned) {
    out.push(['provisioned_iccid', c.provisioned.iccid], ['provisioned_imsi', c.provisioned.imsi]);
    if (c.provisioned.msisdn) out.push(['provisioned_msisdn', c.provisioned.msisdn]);
  }
  return out;
}

/**
 * Inserts every candidate with plain INSERTs, or nothing when one of them is already present (a unique violation
 * rolls back to a savepoint). Most uploads bring new SIMs, and a plain INSERT skips the extra probe of every unique
 * index that ON CONFLICT makes for each row; a batch that meets a present SIM goes the careful way instead.
 */
async function insertAllOrNothing(tx: TExecutor, uploadId: string, candidates: TCandidate[]): Promise<boolean> {
  const profiles = candidates.flatMap((c) => {
    const out = [{ simId: c.id, position: 0, p: c.primary }];
    if (c.provisioned) out.push({ simId: c.id, position: 1, p: c.provisioned });
    return out;
  });
  await tx.execute(sql`SAVEPOINT upload_fresh`);
  try {
    await tx.execute(sql`
      INSERT INTO sims (id, primary_iccid, status, label, upload_id, upload_row)
      SELECT u.id, u.iccid, 'IN_STOCK', u.label, ${uploadId}, u.row
      FROM unnest(${sql.param(candidates.map((c) => c.id))}::char(24)[], ${sql.param(candidates.map((c) => c.primary.iccid))}::text[],
        ${sql.param(candidates.map((c) => c.label))}::text[], ${sql.param(candidates.map((c) => c.row))}::int[]) AS u(id, iccid, label, row)`);
    await tx.execute(sql`
      INSERT INTO sim_profiles (sim_id, position, iccid, imsi, msisdn, operator)
      SELECT * FROM unnest(${sql.param(profiles.map((x) => x.simId))}::char(24)[], ${sql.param(profiles.map((x) => x.position))}::smallint[],
        ${sql.param(profiles.map((x) => x.p.iccid))}::text[], ${sql.param(profiles.map((x) => x.p.imsi))}::text[],
        ${sql.param(profiles.map((x) => x.p.msisdn))}::text[], ${sql.param(profiles.map((x) => x.p.operator))}::text[])`);
  } catch (error) {
    if (violatedConstraint(error, '23505') === null) throw error;
    await tx.execute(sql`ROLLBACK TO SAVEPOINT upload_fresh`);
    return false;
  }
  await tx.execute(sql`RELEASE SAVEPOINT upload_fresh`);
  return true;
}

/**
 * Inserts a batch of valid rows in one transaction and says why the others did not go in. Returns the rows
 * added, the rejections and how many rows were already present.
 */
async function insertBatch(
  tx: TExecutor,
  uploadId: string,
  batch: TCandidate[],
  options: { earlier?: TCandidate[]; fresh?: boolean } = {},
) {
  const earlier = options.earlier ?? [];
  const rejections: TRejection[] = [];
  // Duplicates inside the batch (and of the earlier rows of it given in `earlier`): the first row keeps the identifier.
  // Fresh rows share no identifier with any row before them (sortBatch), so they need no such check.
  const seen = new Map<string, number>();
  for (const c of earlier) for (const [, value] of identifiers(c)) if (!seen.has(value)) seen.set(value, c.row);
  const candidates: TCandidate[] = options.fresh ? batch : [];
  for (const c of options.fresh ? [] : batch) {
    const clash = identifiers(c).find(([, value]) => seen.has(value));
    if (clash) {
      rejections.push({ row: c.row, column: clash[0], value: clash[1], reason: `Duplicate of row ${seen.get(clash[1])} in this file` });
      continue;
    }
    for (const [, value] of identifiers(c)) seen.set(value, c.row);
    candidates.push(c);
  }
  let alreadyPresent = 0;
  if (candidates.length === 0) return { added: 0, rejections, alreadyPresent };
  if (options.fresh && (await insertAllOrNothing(tx, uploadId, candidates)))
    return { added: candidates.length, rejections, alreadyPresent };
  const inserted = await tx.execute<{ id: string }>(sql`
    INSERT INTO sims (id, primary_iccid, status, label, upload_id, upload_row)
    SELECT u.id, u.iccid, 'IN_STOCK', u.label, ${uploadId}, u.row
    FROM unnest(${sql.param(candidates.map((c) => c.id))}::char(24)[], ${sql.param(candidates.map((c) => c.primary.iccid))}::text[],
      ${sql.param(candidates.map((c) => c.label))}::text[], ${sql.param(candidates.map((c) => c.row))}::int[]) AS u(id, iccid, label, row)
    ON CONFLICT DO NOTHING RETURNING id`);
  const simIds = new Set(inserted.rows.map((r) => r.id));
  const profiles: { simId: string; position: number; p: TProfileIn }[] = [];
  for (const c of candidates) {
    if (!simIds.has(c.id)) continue;
    profiles.push({ simId: c.id, position: 0, p: c.primary });
    if (c.provisioned) profiles.push({ simId: c.id, position: 1, p: c.provisioned });
  }
  const added = profiles.length
    ? await tx.execute<{ sim_id: string }>(sql`
    INSERT INTO sim_profiles (sim_id, position, iccid, imsi, msisdn, operator)
    SELECT * FROM unnest(${sql.param(profiles.map((x) => x.simId))}::char(24)[], ${sql.param(profiles.map((x) => x.position))}::smallint[],
      ${sql.param(profiles.map((x) => x.p.iccid))}::text[], ${sql.param(profiles.map((x) => x.p.imsi))}::text[],
      ${sql.param(profiles.map((x) => x.p.msisdn))}::text[], ${sql.param(profiles.map((x) => x.p.operator))}::text[])
    ON CONFLICT DO NOTHING RETURNING sim_id`)
    : { rows: [] };
  const profileCount = new Map<string, number>();
  for (const r of added.rows) profileCount.set(r.sim_id, (profileCount.get(r.sim_id) ?? 0) + 1);
  const failed = candidates.filter((c) => !simIds.has(c.id) || (profileCount.get(c.id) ?? 0) !== (c.provisioned ? 2 : 1));
  const half = failed.filter((c) => simIds.has(c.id)).map((c) => c.id);
  if (half.length) await tx.execute(sql`DELETE FROM sims WHERE id = ANY(${sql.param(half)}::char(24)[])`);
  if (failed.length) {
    // Why each failed row did not go in: which of its identifiers is taken, and by a row of this file or not.
    const keys = [...new Set(failed.flatMap((c) => identifiers(c).map(([, v]) => v)))];
    const owners = await tx.execute<{ k: string; upload_id: string | null; upload_row: number | null }>(sql`
      SELECT k.k, s.upload_id, s.upload_row FROM unnest(${sql.param(keys)}::text[]) AS k(k)
      JOIN LATERAL (
        SELECT sim_id FROM sim_profiles WHERE iccid = k.k
        UNION ALL SELECT sim_id FROM sim_profiles WHERE imsi = k.k
        UNION ALL SELECT sim_id FROM sim_profiles WHERE msisdn = k.k
        UNION ALL SELECT id FROM sims WHERE primary_iccid = k.k
        LIMIT 1
      ) p ON true
      JOIN sims s ON s.id = p.sim_id`);
    const owner = new Map(owners.rows.map((o) => [o.k, o]));
    for (const c of failed) {
      const hit = identifiers(c).find(([, v]) => owner.has(v));
      if (!hit) {
        rejections.push({ row: c.row, column: 'iccid', value: c.primary.iccid, reason: 'Could not be added; upload it again' });
        continue;
      }
      const o = owner.get(hit[1])!;
      if (o.upload_id === uploadId && o.upload_row !== null && o.upload_row < c.row) {
        rejections.push({ row: c.row, column: hit[0], value: hit[1], reason: `Duplicate of row ${o.upload_row} in this file` });
      } else {
        alreadyPresent++;
        rejections.push({ row: c.row, column: hit[0], value: hit[1], reason: 'Already present' });
      }
    }
  }
  return { added: candidates.length - failed.length, rejections, alreadyPresent };
}

/** Checks a received file and queues it: 202 with the upload's progress row. */
export async function acceptUpload(
  deps: TDeps,
  ctx: TRequestContext,
  cfg: TSimsConfig,
  file: { tmpPath: string; fileName: string; size: number },
) {
  requireActor(ctx);
  const id = newId();
  try {
    if (file.size === 0)
      throw new AppError('VALIDATION_FAILED', 'The file is empty', { errors: [{ path: 'file', message: 'The file is empty' }] });
    const format = await detectFormat(file.tmpPath, file.fileName);
    if (format === 'xlsx') {
      await inspectXlsx(file.tmpPath, zipLimitsOf(cfg));
    } else {
      const header = await readCsvHeader(file.tmpPath);
      const missing = REQUIRED.filter((c) => !header.includes(c));
      if (missing.length) {
        const message = `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}; the columns are ${SIM_UPLOAD_COLUMNS.join(', ')}`;
        throw new AppError('UNPROCESSABLE', message, { errors: [{ path: 'file', message }] });
      }
    }
    const filePath = path.join(cfg.uploadDir, `${id}.${format}`);
    await rename(file.tmpPath, filePath);
    const op = await insertOperation(deps.db, {
      id,
      kind: 'UPLOAD',
      status: 'QUEUED',
      organizationId: null,
      actor: storedActor(ctx),
      params: { format, size: file.size } satisfies TUploadParams,
      // About 75 bytes a row until the first batch tells.
      total: Math.max(1, Math.round(file.size / 75)),
      totalIsEstimate: true,
      fileName: file.fileName.slice(0, 200),
      filePath,
      rejectedPath: path.join(cfg.uploadDir, `${id}.rejected.csv`),
    });
    kickRunner(deps);
    return toOperation(op);
  } catch (error) {
    await unlink(file.tmpPath).catch(() => {});
    throw error;
  }
}

async function writeChunk(out: WriteStream, text: string): Promise<void> {
  if (!text) return;
  await new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
}

/**
 * How many batches of one upload are in the database at once, each on its own connection (docs/decisions/016):
 * a third lets the server read and check the next batch while two insert.
 */
export const UPLOAD_LANES = 3;
const LOCK_WAIT_MS = 1000;

/**
 * Holds the upload lock for a whole run, on a connection of its own, so that two uploads never insert at once (two
 * files sharing identifiers would wait on each other's rows). While another upload holds it, the heartbeat goes
 * on so no other process takes this one for dead. Null when the runner stops while waiting.
 */
async function holdUploadLock(deps: TDeps, opId: string, shouldStop: () => boolean): Promise<(() => Promise<void>) | null> {
  const client = await deps.db.$client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [UPLOAD_LOCK]);
      if (rows[0]?.ok)
        return async () => {
          await client.query('SELECT pg_advisory_unlock($1)', [UPLOAD_LOCK]).catch(() => {});
          client.release();
        };
      if (shouldStop()) {
        client.release();
        return null;
      }
      await addProgress(deps.db, opId, { processed: 0, succeeded: 0, skipped: 0 });
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
    }
  } catch (error) {
    client.release();
    throw error;
  }
}

/**
 * Waits for a turn to read the file (at most TARANG_FILE_PARSE_CONCURRENCY files are read at once per process),
 * beating the heartbeat meanwhile. Null when the runner stops while waiting.
 */
async function waitForParseTurn(deps: TDeps, opId: string, shouldStop: () => boolean): Promise<(() => void) | null> {
  const turn = parseLimiterOf(deps.config).acquire();
  for (;;) {
    const end = await Promise.race([turn, new Promise<null>((resolve) => setTimeout(() => resolve(null), LOCK_WAIT_MS))]);
    if (end) return end;
    if (shouldStop()) {
      void turn.then((done) => done());
      return null;
    }
    await addProgress(deps.db, opId, { processed: 0, succeeded: 0, skipped: 0 });
  }
}

type TSortedBatch = { rows: number; fresh: TCandidate[]; repeats: TCandidate[]; rejections: TRejection[] };

/**
 * Validates a batch of rows in file order and sorts the valid ones: `fresh` rows share no identifier with any
 * earlier row of the file, so they may go in beside other batches; `repeats` may share one and go in only after
 * every earlier row is in, which keeps "the first row wins" exact.
 */
function sortBatch(rows: TFileRow[], seen: UploadIdentifierSet): TSortedBatch {
  const out: TSortedBatch = { rows: rows.length, fresh: [], repeats: [], rejections: [] };
  for (const r of rows) {
    const checked = validateRow(r);
    out.rejections.push(...checked.rejections);
    const c = checked.candidate;
    if (!c) continue;
    if (seen.addAll(identifiers(c).map(([, value]) => value))) out.repeats.push(c);
    else out.fresh.push(c);
  }
  return out;
}

/**
 * Runs (or resumes) an upload. Batches of UPLOAD_BATCH rows are read and sorted in file order; up to UPLOAD_LANES
 * of them insert their fresh rows at once, and each commits only after the batch before it — then inserts its
 * repeats, writes its rejected rows and moves the counters — so what is committed is always a prefix of the file.
 * A resumed run skips the rows already counted in `processed` (still hashing their identifiers) and cuts the
 * rejected file back to the committed length.
 */
export async function runUpload(deps: TDeps, op: TOperationRow, shouldStop: () => boolean): Promise<void> {
  const params = op.params as TUploadParams;
  const release = await holdUploadLock(deps, op.id, shouldStop);
  if (!release) return;
  const endTurn = await waitForParseTurn(deps, op.id, shouldStop);
  if (!endTurn) {
    await release();
    return;
  }
  const rejectedPath = op.rejectedPath!;
  const exists = await stat(rejectedPath).catch(() => null);
  if (!exists) await writeFile(rejectedPath, REJECTED_HEADER);
  else await truncate(rejectedPath, Math.max(op.rejectedBytes, REJECTED_HEADER.length));
  let rejectedBytes = Math.max(op.rejectedBytes, REJECTED_HEADER.length);
  const out = createWriteStream(rejectedPath, { flags: 'a' });
  const progress = { bytes: 0 };
  const rows = uploadRows(op.filePath!, params.format, {
    spreadsheet: spreadsheetOptionsOf(deps.config, loadSimsConfig(deps.config)),
    progress,
  });
  const seen = new UploadIdentifierSet();
  let skip = op.processed;
  let processed = op.processed;
  let stopped = false;
  let batch: TFileRow[] = [];
  /** The commit of the last batch sent; the next one waits for it. */
  let previous: Promise<void> = Promise.resolve();
  const inFlight = new Set<Promise<void>>();

  const send = (sorted: TSortedBatch) => {
    const before = previous;
    const committed = deps.db
      .transaction(async (tx) => {
        const fresh = await insertBatch(tx, op.id, sorted.fresh, { fresh: true });
        await before;
        const repeats = await insertBatch(tx, op.id, sorted.repeats, { earlier: sorted.fresh });
        const all = [...sorted.rejections, ...fresh.rejections, ...repeats.rejections].sort((a, b) => a.row - b.row);
        const text = all.map(rejectionLine).join('');
        await writeChunk(out, text);
        rejectedBytes += Buffer.byteLength(text);
        await addProgress(tx, op.id, {
          processed: sorted.rows,
          succeeded: fresh.added + repeats.added,
          skipped: new Set(all.map((r) => r.row)).size,
          alreadyPresent: fresh.alreadyPresent + repeats.alreadyPresent,
          rejectedBytes,
        });
      })
      .then(async () => {
        processed += sorted.rows;
        if (params.format === 'csv' && progress.bytes > 0) {
          const estimate = Math.round((params.size / progress.bytes) * processed);
          await updateOperation(deps.db, op.id, { total: Math.max(estimate, processed) });
        }
      });
    committed.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled meanwhile
    previous = committed;
    inFlight.add(committed);
    committed.finally(() => inFlight.delete(committed)).catch(() => {});
  };

  try {
    for await (const row of rows) {
      batch.push(row);
      if (batch.length < UPLOAD_BATCH) continue;
      const sorted = sortBatch(batch, seen);
      batch = [];
      if (skip > 0) {
        skip -= sorted.rows;
        continue;
      }
      send(sorted);
      if (inFlight.size >= UPLOAD_LANES) await Promise.race(inFlight);
      if (shouldStop()) {
        stopped = true;
        break;
      }
    }
    if (!stopped && batch.length) {
      const sorted = sortBatch(batch, seen);
      if (skip <= 0) send(sorted);
    }
    await previous;
  } catch (error) {
    // A file refused while it is read (malformed, over the budget) will be refused again: it is not kept.
    if (error instanceof AppError) await unlink(op.filePath!).catch(() => {});
    throw error;
  } finally {
    endTurn();
    await Promise.allSettled(inFlight);
    await new Promise<void>((resolve) => out.end(resolve));
    await release();
  }
  if (stopped) return;
  const done = await updateOperation(deps.db, op.id, { status: 'DONE', total: processed, totalIsEstimate: false, finishedAt: new Date() });
  await recordAudit(deps.db, contextOfStored(op.actor as TStoredActor), {
    action: 'sim.upload',
    entityType: 'sim_batch',
    entityId: op.id,
    organizationId: null,
    after: {
      operationId: op.id,
      fileName: op.fileName,
      rows: done.processed,
      added: done.succeeded,
      rejected: done.skipped,
      alreadyPresent: done.alreadyPresent,
    },
  });
  await unlink(op.filePath!).catch(() => {});
}

registerOperationHandler('UPLOAD', runUpload);

export async function getUpload(deps: TDeps, ctx: TRequestContext, id: string) {
  const op = await getOperation(deps, ctx, id);
  if (op.kind !== 'UPLOAD') throw notFound('Upload not found');
  return op;
}
