import { unlink } from 'node:fs/promises';
import { newId } from '@tarang/shared/common/ids';
import { DEVICE_UPLOAD_ROWS_MAX, type TDeviceUploadResult, VEHICLE_TYPES } from '@tarang/shared/devices/device.schemas';
import { normaliseRegistration, registrationError } from '@tarang/shared/devices/vehicle-registration';
import { imeiError } from '@tarang/shared/sims/identifiers';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import { AppError, fieldError } from '../../http/app-error';
import type { TReceivedFile } from '../../http/multipart-file';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { detectFormat } from '../../lib/files/file-format';
import { columnName, LOST_DIGITS } from '../../lib/files/file-record';
import { fileRecords } from '../../lib/files/file-records';
import { parseLimiterOf } from '../../lib/files/parse-limiter';
import { inspectXlsx } from '../../lib/files/xlsx-records';
import { assertOrganizationInScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import type { TSimsConfig } from '../sims/sims.config';

/**
 * Devices into the inventory from a CSV or XLSX file (issue 17, docs/decisions/031-devices.md): read as a stream and
 * written in batches of 5,000, so a file of any length takes constant memory. Columns: `imei` (required), `make` and
 * `model` (taken from the IMEI's TAC when the file leaves them out and the TAC table knows it), `firmware_version`,
 * `serial`, `vehicle_registration`, `vehicle_type`. Each row that cannot be added is named by its line and why: a
 * malformed IMEI or one Excel cut, an IMEI twice in the file or already registered, no make and model, a bad
 * registration or vehicle type. Each batch commits on its own: a file sent again adds only what was not added.
 */

const BATCH = 5000;
const REPORTED_MAX = 1000;

type TRow = {
  row: number;
  imei: string;
  make: string;
  model: string;
  firmware: string | null;
  serial: string | null;
  registration: string | null;
  vehicleType: string | null;
};

const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');

export async function uploadDevices(
  deps: TDeps,
  ctx: TRequestContext,
  cfg: TSimsConfig,
  file: TReceivedFile,
  organizationId: string | undefined,
): Promise<TDeviceUploadResult> {
  const actor = requireActor(ctx);
  try {
    if (organizationId) await assertOrganizationInScope(deps.db, actor.scope, organizationId);
    const owner = organizationId ?? (actor.scope.kind === 'subtree' ? actor.scope.organizationId : null);
    if (file.size === 0) throw fieldError('VALIDATION_FAILED', 'file', 'The file is empty');
    const format = await detectFormat(file.tmpPath, file.fileName);
    const zip = { maxUnpackedBytes: cfg.unpackedMaxBytes, maxRatio: cfg.zipMaxRatio, maxEntries: 10_000 };
    if (format === 'xlsx') await inspectXlsx(file.tmpPath, zip);

    const rejected: TDeviceUploadResult['rejected'] = [];
    let rejectedCount = 0;
    let added = 0;
    let rows = 0;
    const refuse = (row: number, imei: string, reason: string) => {
      rejectedCount++;
      if (rejected.length < REPORTED_MAX) rejected.push({ row, imei: imei.slice(0, 20), reason });
    };
    const seen = new Map<string, number>();

    /** One batch: makes and models the file left out taken from the TAC table, then written; IMEIs already there named. */
    const flush = async (batch: TRow[]) => {
      if (batch.length === 0) return;
      const tacs = [...new Set(batch.filter((r) => !r.make || !r.model).map((r) => r.imei.slice(0, 8)))];
      const known = new Map<string, { make: string; model: string }>();
      if (tacs.length) {
        const { rows: found } = await deps.db.execute<{ tac: string; make: string; model: string }>(
          sql`SELECT tac, make, model FROM device_tacs WHERE tac = ANY(${sql.param(tacs)}::text[])`,
        );
        for (const t of found) known.set(t.tac, t);
      }
      const ready: TRow[] = [];
      for (const r of batch) {
        const tac = known.get(r.imei.slice(0, 8));
        const make = r.make || tac?.make || '';
        const model = r.model || tac?.model || '';
        if (!make || !model) refuse(r.row, r.imei, 'No make and model, and the TAC table does not know this IMEI');
        else ready.push({ ...r, make, model });
      }
      if (ready.length === 0) return;
      const inserted = await deps.db.transaction(async (tx) => {
        const { rows: made } = await tx.execute<{ imei: string }>(sql`
          INSERT INTO devices (id, imei, make, model, firmware_version, serial, organization_id, vehicle_registration, vehicle_type)
          SELECT x.id, x.imei, x.make, x.model, x.firmware, x.serial, ${owner}, x.registration, x.vehicle_type
          FROM unnest(${sql.param(ready.map(() => newId()))}::char(24)[], ${sql.param(ready.map((r) => r.imei))}::text[],
            ${sql.param(ready.map((r) => r.make))}::text[], ${sql.param(ready.map((r) => r.model))}::text[],
            ${sql.param(ready.map((r) => r.firmware))}::text[], ${sql.param(ready.map((r) => r.serial))}::text[],
            ${sql.param(ready.map((r) => r.registration))}::text[], ${sql.param(ready.map((r) => r.vehicleType))}::text[])
            AS x(id, imei, make, model, firmware, serial, registration, vehicle_type)
          ON CONFLICT (imei) DO NOTHING
          RETURNING imei`);
        return new Set(made.map((m) => m.imei));
      });
      added += inserted.size;
      for (const r of ready) if (!inserted.has(r.imei)) refuse(r.row, r.imei, 'A device with this IMEI is already registered');
    };

    const endTurn = await parseLimiterOf(deps.config).acquire();
    try {
      let columns: Record<'imei' | 'make' | 'model' | 'firmware' | 'serial' | 'registration' | 'vehicleType', number> | null = null;
      let batch: TRow[] = [];
      for await (const record of fileRecords(file.tmpPath, format, {
        spreadsheet: { budgetBytes: deps.config.spreadsheetBudgetBytes, zip },
      })) {
        if (record.cells.every((c) => c.trim() === '')) continue;
        if (!columns) {
          const names = record.cells.map(columnName);
          columns = {
            imei: names.indexOf('imei'),
            make: names.indexOf('make'),
            model: names.indexOf('model'),
            firmware: names.indexOf('firmware_version'),
            serial: names.indexOf('serial'),
            registration: names.indexOf('vehicle_registration'),
            vehicleType: names.indexOf('vehicle_type'),
          };
          if (columns.imei < 0) throw fieldError('UNPROCESSABLE', 'file', 'The file needs a column imei');
          continue;
        }
        rows++;
        if (rows > DEVICE_UPLOAD_ROWS_MAX) {
          throw fieldError(
            'UNPROCESSABLE',
            'file',
            `The file holds more than ${DEVICE_UPLOAD_ROWS_MAX.toLocaleString('en-IN')} devices: split it`,
          );
        }
        const raw = cell(record.cells, columns.imei);
        const imei = raw.replace(/\s+/g, '');
        if (raw === LOST_DIGITS) {
          refuse(record.row, '', 'The IMEI was saved as a number and lost digits: format the column as text');
          continue;
        }
        const imeiIssue = imei ? imeiError(imei) : 'No IMEI in this row';
        if (imeiIssue) {
          refuse(record.row, imei, imeiIssue);
          continue;
        }
        if (seen.has(imei)) {
          refuse(record.row, imei, `Listed twice (first at row ${seen.get(imei)})`);
          continue;
        }
        seen.set(imei, record.row);
        const registration = cell(record.cells, columns.registration);
        const vehicleType = cell(record.cells, columns.vehicleType)
          .toUpperCase()
          .replace(/[\s-]+/g, '_');
        if (registration && registrationError(registration)) {
          refuse(record.row, imei, registrationError(registration)!);
          continue;
        }
        if (vehicleType && !(VEHICLE_TYPES as readonly string[]).includes(vehicleType)) {
          refuse(record.row, imei, `Vehicle type ${vehicleType} is not one of ${VEHICLE_TYPES.join(', ')}`);
          continue;
        }
        const text = (i: number, max: number) => cell(record.cells, i).slice(0, max) || null;
        batch.push({
          row: record.row,
          imei,
          make: text(columns.make, 80) ?? '',
          model: text(columns.model, 80) ?? '',
          firmware: text(columns.firmware, 40),
          serial: text(columns.serial, 64),
          registration: registration ? normaliseRegistration(registration) : null,
          vehicleType: registration ? vehicleType || 'OTHER' : null,
        });
        if (batch.length === BATCH) {
          await flush(batch);
          batch = [];
        }
      }
      await flush(batch);
    } finally {
      endTurn();
    }
    if (added === 0) {
      throw new AppError('UNPROCESSABLE', 'file: No device of the file could be added', {
        errors: [
          { path: 'file', message: 'No device of the file could be added' },
          ...rejected.slice(0, 20).map((r) => ({ path: `file.row.${r.row}`, message: `${r.imei ? `${r.imei}: ` : ''}${r.reason}` })),
        ],
      });
    }
    await recordAudit(deps.db, ctx, {
      action: 'device.upload',
      entityType: 'device',
      entityId: owner ?? 'stock',
      organizationId: owner,
      after: { fileName: file.fileName, rows, added, rejected: rejectedCount },
    });
    return { rows, added, rejectedCount, rejected: rejected.sort((a, b) => a.row - b.row) };
  } finally {
    await unlink(file.tmpPath).catch(() => {});
  }
}
