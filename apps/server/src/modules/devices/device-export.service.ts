import { PassThrough, Readable } from 'node:stream';
import { DEVICE_EXPORT_COLUMNS, type TDevice, type TDeviceExportQuery } from '@tarang/shared/devices/device.schemas';
import ExcelJS from 'exceljs';
import type { TDeps } from '../../app-deps';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { csvCell } from '../../lib/files/csv-cell';
import { recordAudit } from '../audit/audit.service';
import { deviceExportPage, deviceFilters, toDevice } from './devices.repository';
import { canViewKyc } from './devices.service';

/**
 * The device list as a file (decision 031): every device the filters find, CSV or XLSX, in pages of 1,000 by id so a
 * file of any length takes constant memory; the end user's phone and document masked as in the list for a role
 * without View KYC.
 */

const BATCH = 1000;

function values(d: TDevice): string[] {
  return [
    d.imei,
    d.make,
    d.model,
    d.firmwareVersion ?? '',
    d.serial ?? '',
    d.organization?.tradeName ?? '',
    d.sim?.iccid ?? '',
    d.sim?.status ?? '',
    d.vehicle?.registration ?? '',
    d.vehicle?.type ?? '',
    d.endUser?.name ?? '',
    d.endUser?.phone ?? '',
    d.endUser?.kycIdType ?? '',
    d.endUser?.kycIdNumber ?? '',
    d.createdAt,
  ];
}

export async function exportDevices(deps: TDeps, ctx: TRequestContext, q: TDeviceExportQuery) {
  const actor = requireActor(ctx);
  const { format, ...filters } = q;
  const where = deviceFilters(actor.scope, filters);
  const showKyc = canViewKyc(actor);
  // The first page is read before the answer starts: a failing read is an error answer, not a cut-off file.
  const first = await deviceExportPage(deps.db, where, null, BATCH);
  await recordAudit(deps.db, ctx, {
    action: 'device.export',
    entityType: 'device_export',
    organizationId: actor.organizationId,
    after: { format, filters, kycMasked: !showKyc },
  });
  async function* pages() {
    let page = first;
    for (;;) {
      if (page.length) yield page.map((r) => toDevice(r, showKyc));
      if (page.length < BATCH) return;
      page = await deviceExportPage(deps.db, where, page[page.length - 1]!.id, BATCH);
    }
  }
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === 'csv') {
    async function* lines() {
      yield `${DEVICE_EXPORT_COLUMNS.join(',')}\n`;
      for await (const devices of pages()) yield devices.map((d) => `${values(d).map(csvCell).join(',')}\n`).join('');
    }
    return { stream: Readable.from(lines()), contentType: 'text/csv; charset=utf-8', fileName: `devices-${stamp}.csv` };
  }
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Devices');
  void (async () => {
    try {
      sheet.addRow([...DEVICE_EXPORT_COLUMNS]).commit();
      for await (const devices of pages()) {
        for (const d of devices) sheet.addRow(values(d)).commit();
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        if (out.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      deps.logger.error({ err: error }, 'device export failed');
      out.destroy(error as Error);
    }
  })();
  return {
    stream: out,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `devices-${stamp}.xlsx`,
  };
}
