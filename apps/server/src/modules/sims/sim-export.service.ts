import { PassThrough, Readable } from 'node:stream';
import { SIM_EXPORT_COLUMNS, SIM_UPLOAD_COLUMNS } from '@tarang/shared/sims/sim.constants';
import type { TSimFilter } from '@tarang/shared/sims/sim.schemas';
import ExcelJS from 'exceljs';
import type { TDeps } from '../../app-deps';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { csvCell } from '../../lib/files/csv-cell';
import { recordAudit } from '../audit/audit.service';
import { listSimPage, type TResolvedFilter, type TSimRow } from './sims.repository';
import { resolveFilter } from './sims.service';

type TSimPage = Awaited<ReturnType<typeof listSimPage>>;

/**
 * Exports of the SIM list (every matching row, millions) with constant memory: keyset pages of EXPORT_BATCH rows
 * are written to the response one after the other, CSV as text and XLSX through exceljs's streaming writer.
 */

export const EXPORT_BATCH = 1000;
const CHUNK_ROWS = 250;

const iso = (text: string | null) => (text ? `${text.slice(0, 23)}Z` : '');

function exportValues(r: TSimRow): string[] {
  const [primary, provisioned] = r.profiles ?? [];
  return [
    primary?.i ?? r.primary_iccid,
    primary?.m ?? '',
    primary?.n ?? '',
    primary?.o ?? '',
    provisioned?.i ?? '',
    provisioned?.m ?? '',
    provisioned?.n ?? '',
    provisioned?.o ?? '',
    r.label ?? '',
    r.status,
    r.org_trade_name ?? '',
    r.plan_id ?? '',
    iso(r.activated_at),
    iso(r.expires_at),
    r.apn ?? '',
    r.static_ip ?? '',
    r.imei_lock ? 'true' : 'false',
    r.locked_imei ?? '',
    (r.tags ?? []).join(';'),
    iso(r.created_at),
  ];
}

/** The pages of an export after the first one, which was read before the response started. */
async function* pages(deps: TDeps, scope: TActor['scope'], f: TResolvedFilter, sort: string, first: TSimPage): AsyncGenerator<TSimRow[]> {
  let page = first;
  for (;;) {
    if (page.rows.length) yield page.rows;
    if (!page.next) return;
    page = await listSimPage(deps.db, scope, f, sort, page.next, EXPORT_BATCH);
  }
}

export async function exportSims(
  deps: TDeps,
  ctx: TRequestContext,
  q: TSimFilter & { sort: string; format: 'csv' | 'xlsx' },
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  const { sort, format, ...filter } = q;
  const actor = requireActor(ctx);
  const f = await resolveFilter(deps, actor, filter); // a filter out of reach is a 404 before anything is sent
  // The first page is read before the response starts: a filter the database refuses is an error answer, not a cut-off file.
  const first = await listSimPage(deps.db, actor.scope, f, sort, null, EXPORT_BATCH);
  await recordAudit(deps.db, ctx, {
    action: 'sim.export',
    entityType: 'sim_export',
    organizationId: actor.organizationId,
    after: { format, sort, filter },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === 'csv') {
    async function* lines() {
      yield `${SIM_EXPORT_COLUMNS.join(',')}\n`;
      for await (const rows of pages(deps, actor.scope, f, sort, first)) {
        // Chunks of a few hundred rows stay below V8's large-object size, so young-generation GC reclaims them.
        for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
          let chunk = '';
          for (const r of rows.slice(i, i + CHUNK_ROWS)) chunk += `${exportValues(r).map(csvCell).join(',')}\n`;
          yield chunk;
        }
      }
    }
    return { stream: Readable.from(lines()), contentType: 'text/csv; charset=utf-8', fileName: `sims-${stamp}.csv` };
  }
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('SIMs');
  void (async () => {
    try {
      sheet.addRow([...SIM_EXPORT_COLUMNS]).commit();
      for await (const rows of pages(deps, actor.scope, f, sort, first)) {
        for (const r of rows) sheet.addRow(exportValues(r)).commit();
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        if (out.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      deps.logger.error({ err: error }, 'SIM export failed');
      out.destroy(error as Error);
    }
  })();
  return {
    stream: out,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `sims-${stamp}.xlsx`,
  };
}

/** The bulk-upload template: the columns, and for XLSX every column formatted as text (ICCIDs keep their digits). */
export async function uploadTemplate(format: 'csv' | 'xlsx'): Promise<{ body: Buffer | string; contentType: string; fileName: string }> {
  if (format === 'csv') {
    return { body: `${SIM_UPLOAD_COLUMNS.join(',')}\n`, contentType: 'text/csv; charset=utf-8', fileName: 'sim-upload-template.csv' };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('SIMs');
  sheet.columns = SIM_UPLOAD_COLUMNS.map((c) => ({ header: c, key: c, width: c.includes('iccid') ? 24 : 18, style: { numFmt: '@' } }));
  const help = workbook.addWorksheet('Help');
  help.addRows([
    ['column', 'what to write'],
    ['iccid', 'Primary ICCID: 19 or 20 digits starting 89, with a valid check digit (required)'],
    ['imsi', 'Primary IMSI: 15 digits (required)'],
    ['msisdn', 'Primary MSISDN: +91 and 10 digits, or 13 digits for M2M numbers (optional)'],
    ['operator', 'AIRTEL, BSNL or VI (required)'],
    ['provisioned_*', 'The same for a fallback profile (optional; ICCID, IMSI and operator together)'],
    ['label', 'Free text, up to 100 characters (optional)'],
  ]);
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { body, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: 'sim-upload-template.xlsx' };
}
