import { indiaDateTime, indiaDay } from '@tarang/shared/common/india-days';
import { paiseToRupeeString } from '@tarang/shared/money/amount';
import type { TReportColumn, TReportDeclaration } from '@tarang/shared/reports/report-catalogue';
import type { TReportFileFormat, TReportFilterValues, TReportLanguage, TReportRow } from '@tarang/shared/reports/report-query';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TActor } from '../../http/request-context';
import { type TTableCell, type TTableColumn, type TTableFile, tableFile } from '../../lib/files/table-file';
import type { TReportSource } from './report-source';

/** Rows read per statement while a file streams, unless the source says otherwise. */
const EXPORT_BATCH = 2000;

const WORDS = {
  en: {
    report: 'Report',
    rows: 'Rows',
    at: 'Exported at (IST)',
    by: 'Exported by',
    filter: 'Filter',
    none: 'none',
    paise: 'paise',
    ist: 'IST',
  },
  hi: {
    report: 'रिपोर्ट',
    rows: 'पंक्तियाँ',
    at: 'निर्यात समय (IST)',
    by: 'निर्यातकर्ता',
    filter: 'फ़िल्टर',
    none: 'कोई नहीं',
    paise: 'पैसे',
    ist: 'IST',
  },
} as const;

/** A declared column as the file's column(s): money as rupees with two decimals and as paise; times in India time. */
function fileColumns(column: TReportColumn, lang: TReportLanguage): TTableColumn[] {
  const label = column.label[lang];
  const width = column.width;
  switch (column.format) {
    case 'paise':
      return [
        { header: `${label} (₹)`, kind: 'fixed', width },
        { header: `${label} (${WORDS[lang].paise})`, kind: 'integer', width },
      ];
    case 'datetime':
      return [{ header: `${label} (${WORDS[lang].ist})`, kind: 'fixed', width }];
    case 'integer':
    case 'bytes':
      return [{ header: label, kind: 'integer', width }];
    case 'text':
      return [{ header: label, kind: 'text', width }];
    default:
      return [{ header: label, kind: 'fixed', width }];
  }
}

function fileCells(column: TReportColumn, value: TReportRow[string] | undefined): TTableCell[] {
  const v = value ?? null;
  switch (column.format) {
    case 'paise':
      return v === null ? [null, null] : [paiseToRupeeString(Number(v)), Number(v)];
    case 'datetime':
      return [v === null ? null : indiaDateTime(String(v))];
    case 'boolean':
      return [v === null ? null : v ? 'true' : 'false'];
    case 'integer':
    case 'bytes':
      return [v === null ? null : Number(v)];
    default:
      return [v === null ? null : String(v)];
  }
}

/** What the file says about itself: the report, its rows, when and by whom, and each filter given. */
async function aboutRows(
  deps: TDeps,
  report: TReportDeclaration,
  filter: TReportFilterValues,
  lang: TReportLanguage,
  by: string,
  at: Date,
): Promise<[string, string][]> {
  const w = WORDS[lang];
  const rows: [string, string][] = [
    [w.report, report.title[lang]],
    [w.rows, report.rows[lang]],
    [w.at, indiaDateTime(at)],
    [w.by, by],
  ];
  let given = 0;
  for (const f of report.filters) {
    const value = filter[f.key];
    if (value === undefined || (Array.isArray(value) && !value.length)) continue;
    given += 1;
    let text = Array.isArray(value) ? value.join(', ') : String(value);
    if (f.kind === 'organization') {
      const { rows: found } = await deps.db.execute<{ trade_name: string }>(sql`SELECT trade_name FROM organizations WHERE id = ${text}`);
      if (found[0]) text = `${found[0].trade_name} (${text})`;
    }
    rows.push([`${w.filter}: ${f.label[lang]}`, text]);
  }
  if (!given) rows.push([w.filter, w.none]);
  return rows;
}

/**
 * A report as a CSV or XLSX file, streamed: pages of the source one after the other (the next read while the file
 * takes the current one), so memory stays flat for millions of rows. The first page is read before the answer starts,
 * so a filter out of reach is a 404 and bad input a 400, never a cut-off file.
 */
export async function reportFile(
  deps: TDeps,
  actor: TActor,
  report: TReportDeclaration,
  source: TReportSource,
  options: { filter: TReportFilterValues; format: TReportFileFormat; lang: TReportLanguage; at?: Date },
): Promise<TTableFile & { fileName: string }> {
  const { filter, format, lang } = options;
  const at = options.at ?? new Date();
  const limit = source.exportBatch ?? EXPORT_BATCH;
  const read = (cursor?: string) => source.read(deps, actor, filter, { cursor, limit });
  const first = await read();
  const columns = report.columns.flatMap((c) => fileColumns(c, lang));
  const cells = (row: TReportRow) => report.columns.flatMap((c) => fileCells(c, row[c.key]));

  async function* batches(): AsyncGenerator<TTableCell[][]> {
    let page = first;
    for (;;) {
      const next = page.nextCursor ? read(page.nextCursor) : null;
      // A download given up meanwhile leaves that read unawaited: its failure must not go unhandled.
      next?.catch(() => {});
      if (page.rows.length) yield page.rows.map(cells);
      if (!next) return;
      page = await next;
    }
  }

  const file = tableFile(format, {
    sheet: report.title.en,
    columns,
    batches: batches(),
    logger: deps.logger,
    what: `Report export (${report.id})`,
    about: await aboutRows(deps, report, filter, lang, actor.label, at),
  });
  const stamp = indiaDay(at);
  return { ...file, fileName: `${report.id}-${stamp}.${format}` };
}
