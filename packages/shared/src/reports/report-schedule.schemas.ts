import { z } from 'zod';
import { text, trimmedText, ZId } from '../common/text';
import { REPORT_IDS } from './report-catalogue';
import { REPORT_FORMATS, REPORT_LANGUAGES } from './report-query';

/**
 * Schedules and alerts of the declared reports (spec §7 `report`, `report/alert`; docs/decisions/035-reports.md).
 * Filters are saved as the report's address holds them — text values, lists comma-separated — and checked against the
 * report's declaration when saved (400 naming `filters.<key>`).
 */

export const REPORT_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;
export const ALERT_CHECK_MINUTES = [15, 60, 360, 1440] as const;
/** The largest threshold an alert compares with: a check reads at most this many rows and one more. */
export const ALERT_THRESHOLD_MAX = 10_000;

const ZReportId = z.enum(REPORT_IDS as unknown as [string, ...string[]], { error: `reportId must be one of ${REPORT_IDS.join(', ')}` });
const ZName = trimmedText().min(1, 'name is required').max(100);
/** A report's filters as text, at most one value per key (lists comma-separated). */
export const ZSavedFilters = z.record(text().max(40), text().max(500)).refine((v) => Object.keys(v).length <= 20, 'at most 20 filters');

const scheduleFields = {
  name: ZName,
  filters: ZSavedFilters,
  format: z.enum(REPORT_FORMATS),
  lang: z.enum(REPORT_LANGUAGES),
  frequency: z.enum(REPORT_FREQUENCIES),
  /** ISO weekday of a weekly schedule: 1 Monday … 7 Sunday. */
  weekday: z.number().int().min(1).max(7).nullable(),
  /** The hour in India (Asia/Kolkata). */
  hour: z.number().int().min(0).max(23),
  enabled: z.boolean(),
};

const weeklyNeedsDay = (v: { frequency?: string; weekday?: number | null }) => v.frequency !== 'WEEKLY' || (v.weekday ?? null) !== null;
const weeklyNeedsDayIssue = { message: 'weekday is required for a weekly schedule', path: ['weekday'] };

export const ZReportScheduleCreate = z
  .object({
    reportId: ZReportId,
    ...scheduleFields,
    weekday: scheduleFields.weekday.default(null),
    enabled: scheduleFields.enabled.default(true),
    lang: scheduleFields.lang.default('en'),
    format: scheduleFields.format.default('xlsx'),
    filters: ZSavedFilters.default({}),
    /** Staff only: the organisation whose subtree the report covers and whose users receive it (none: staff). */
    organizationId: ZId.nullable().optional(),
  })
  .strict()
  .refine(weeklyNeedsDay, weeklyNeedsDayIssue);
export type TReportScheduleCreate = z.infer<typeof ZReportScheduleCreate>;

export const ZReportScheduleUpdate = z.object(scheduleFields).partial().strict().refine(weeklyNeedsDay, weeklyNeedsDayIssue);
export type TReportScheduleUpdate = z.infer<typeof ZReportScheduleUpdate>;

const ZOrgRef = z.object({ id: z.string(), tradeName: z.string() }).nullable();

export const ZReportRun = z.object({
  id: z.string(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  rows: z.number(),
  bytes: z.number(),
  fileName: z.string(),
  recipients: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type TReportRun = z.infer<typeof ZReportRun>;

export const ZReportSchedule = z.object({
  id: z.string(),
  reportId: z.string(),
  organization: ZOrgRef,
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  format: z.enum(REPORT_FORMATS),
  lang: z.enum(REPORT_LANGUAGES),
  frequency: z.enum(REPORT_FREQUENCIES),
  weekday: z.number().nullable(),
  hour: z.number(),
  enabled: z.boolean(),
  nextRunAt: z.string(),
  lastRun: ZReportRun.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TReportSchedule = z.infer<typeof ZReportSchedule>;

const alertFields = {
  name: ZName,
  filters: ZSavedFilters,
  /** The alert is true when the report's rows number more than this. */
  threshold: z.number().int().min(0).max(ALERT_THRESHOLD_MAX),
  checkEveryMinutes: z
    .number()
    .int()
    .refine(
      (v) => (ALERT_CHECK_MINUTES as readonly number[]).includes(v),
      `checkEveryMinutes must be one of ${ALERT_CHECK_MINUTES.join(', ')}`,
    ),
  enabled: z.boolean(),
};

export const ZReportAlertCreate = z
  .object({
    reportId: ZReportId,
    ...alertFields,
    filters: ZSavedFilters.default({}),
    threshold: alertFields.threshold.default(0),
    checkEveryMinutes: alertFields.checkEveryMinutes.default(60),
    enabled: alertFields.enabled.default(true),
    organizationId: ZId.nullable().optional(),
  })
  .strict();
export type TReportAlertCreate = z.infer<typeof ZReportAlertCreate>;

export const ZReportAlertUpdate = z.object(alertFields).partial().strict();
export type TReportAlertUpdate = z.infer<typeof ZReportAlertUpdate>;

export const ZReportAlert = z.object({
  id: z.string(),
  reportId: z.string(),
  organization: ZOrgRef,
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  threshold: z.number(),
  checkEveryMinutes: z.number(),
  enabled: z.boolean(),
  state: z.enum(['OK', 'TRIGGERED']),
  lastCount: z.number().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastTriggeredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextCheckAt: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TReportAlert = z.infer<typeof ZReportAlert>;

/** GET /report/schedule and /report/alert: optionally one report's. */
export const ZReportSavedQuery = z.object({ reportId: ZReportId.optional() }).strict();
