import { z } from 'zod';
import { ZCursor } from '../common/api';
import { commaList } from '../common/comma-list';
import { isoDate } from '../common/dates';
import { trimmedText, ZId } from '../common/text';
import type { TReportDeclaration, TReportFilter } from './report-catalogue';

/**
 * The query schemas of a report, made from its declaration: its filters (saved by schedules and alerts, and written in
 * its files), its grid's query (filters, a keyset page) and its export's (filters, format, language). Unknown
 * parameters are refused (400 naming them), like every query of the API.
 */

export const REPORT_PAGE_MAX = 500;
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TReportFileFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_LANGUAGES = ['en', 'hi'] as const;
export type TReportLanguage = (typeof REPORT_LANGUAGES)[number];

/** A filter's values as the API hands them to a report's source. */
export type TReportFilterValues = Record<string, string | number | string[] | undefined>;

function filterSchema(f: TReportFilter): z.ZodType {
  switch (f.kind) {
    case 'organization':
    case 'id':
      return ZId;
    case 'day':
      return isoDate(f.key);
    case 'digits':
      return trimmedText()
        .max(f.maxLength)
        .regex(/^\+?\d+$/, `${f.key} must be digits (a leading + for an MSISDN)`);
    case 'text':
      return trimmedText().min(1).max(f.maxLength);
    case 'number':
      return z.coerce.number().int().min(f.min).max(f.max);
    case 'select': {
      const one = z.enum(f.values as unknown as [string, ...string[]], { error: `${f.key} must be one of ${f.values.join(', ')}` });
      return f.multiple ? commaList(one, f.key) : one;
    }
  }
}

function filterShape(report: TReportDeclaration): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of report.filters) shape[f.key] = f.kind === 'number' ? filterSchema(f).default(f.default) : filterSchema(f).optional();
  return shape;
}

/** The filters alone: what a schedule or an alert saves. */
export function reportFilterSchema(report: TReportDeclaration) {
  return z.object(filterShape(report)).strict();
}

/** GET /report/{id}: the filters and a keyset page. */
export function reportPageQuerySchema(report: TReportDeclaration) {
  return z
    .object({
      ...filterShape(report),
      limit: z.coerce.number().int().min(1).max(REPORT_PAGE_MAX).default(50),
      cursor: ZCursor.optional(),
    })
    .strict();
}

/** GET /report/{id}/export: the filters, the file's format and the language of its headers. */
export function reportExportQuerySchema(report: TReportDeclaration) {
  return z
    .object({
      ...filterShape(report),
      format: z.enum(REPORT_FORMATS, { error: 'format must be csv or xlsx' }).default('csv'),
      lang: z.enum(REPORT_LANGUAGES, { error: 'lang must be en or hi' }).default('en'),
    })
    .strict();
}

/** A row of a report: one value per column key. */
export const ZReportRow = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TReportRow = z.infer<typeof ZReportRow>;
