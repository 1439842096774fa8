import type { TReportFilterValues, TReportRow } from '@tarang/shared/reports/report-query';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TActor } from '../../http/request-context';

/** One keyset page of a report: its rows (one value per column key) and the cursor of the next page. */
export type TReportPage = { rows: TReportRow[]; nextCursor: string | null };

/**
 * Where a declared report's rows come from (packages/shared/src/reports/report-catalogue.ts declares the columns and
 * filters). `read` answers one keyset page inside the caller's reach, in the report's fixed order; the grid asks for
 * one page, an export for every page in turn, an alert for enough rows to compare with its threshold. A filter naming
 * something out of reach is a 404 naming the filter, thrown by the first page (before a file starts).
 */
export type TReportSource = {
  read: (deps: TDeps, actor: TActor, filter: TReportFilterValues, page: { cursor?: string; limit: number }) => Promise<TReportPage>;
  /** Rows per page when exporting (a source whose page is SIMs, each one row per profile, reads fewer). */
  exportBatch?: number;
};

/** Filter values the declaration's schema has checked, read with the type the filter's kind gives. */
export const filterText = (f: TReportFilterValues, key: string) => f[key] as string | undefined;
export const filterList = <T extends string>(f: TReportFilterValues, key: string) => f[key] as T[] | undefined;

/** `column IN (values)` for a multiple-choice filter; nothing when none is chosen. */
export const inList = (column: SQL, values: readonly string[] | undefined): SQL | undefined =>
  values?.length
    ? sql`${column} IN (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : undefined;
