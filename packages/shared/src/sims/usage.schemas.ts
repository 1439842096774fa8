import { z } from 'zod';
import { isoDate } from '../common/dates';
import { text } from '../common/text';

/**
 * Usage per SIM per day (issue 16, docs/decisions/029-sim-usage.md): what the operators report each SIM used on each
 * India day — data up and down in bytes, SMS sent and received —, ingested once a day by a queue job, shown on SIM
 * details as a chart and against the plan's allowance, and checked by the diagnosis.
 */

/** The chart on SIM details covers this many days, ending yesterday (India). */
export const USAGE_CHART_DAYS = 30;
/** The most days one read returns. */
export const USAGE_DAYS_MAX = 92;
/** The plan's data allowance is in MB of 1,048,576 bytes (as the operators count). */
export const BYTES_PER_MB = 1_048_576;
/** Used at or past this share of the allowance, the diagnosis warns. */
export const ALLOWANCE_WARN_SHARE = 0.8;
/** Days the daily ingest catches up by itself after a pause (older days are asked for by staff). */
export const USAGE_CATCH_UP_DAYS = 7;

/** One SIM profile's use on one day, as an operator reports it. */
export type TProfileDayUsage = {
  iccid: string;
  bytesUp: number;
  bytesDown: number;
  smsMo: number;
  smsMt: number;
};

export const ZUsageDay = z.object({
  day: z.string(),
  bytesUp: z.number().int(),
  bytesDown: z.number().int(),
  smsMo: z.number().int(),
  smsMt: z.number().int(),
  /** false: nothing reported for the day (not ingested yet, or the SIM was off the network). */
  reported: z.boolean(),
});
export type TUsageDay = z.infer<typeof ZUsageDay>;

export const ZUsageAllowance = z.object({
  planId: z.string(),
  planName: z.string(),
  /** The plan's current period: from its start (expiry − validity, or activation when later) to its expiry. */
  periodStart: z.string(),
  periodEnd: z.string(),
  dataMb: z.number().int(),
  smsCount: z.number().int(),
  usedBytes: z.number().int(),
  /** SMS sent (mobile originated): what the allowance counts. */
  usedSms: z.number().int(),
  overLimitAction: z.string(),
});
export type TUsageAllowance = z.infer<typeof ZUsageAllowance>;

/** GET /sim/usage: a SIM's usage per day, and against its plan's allowance. */
export const ZSimUsage = z.object({
  simId: z.string(),
  iccid: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(ZUsageDay),
  /** null: the SIM has no plan, or its plan has no expiry to count a period from. */
  allowance: ZUsageAllowance.nullable(),
  /** The last day whose ingest finished (null: none yet). */
  ingestedThrough: z.string().nullable(),
});
export type TSimUsage = z.infer<typeof ZSimUsage>;

export const ZSimUsageQuery = z
  .object({
    iccid: text().regex(/^\d{18,22}$/, 'iccid must be 18 to 22 digits'),
    /** The last day shown (default: yesterday, India). */
    to: isoDate('to').optional(),
    days: z.coerce.number().int().min(1).max(USAGE_DAYS_MAX).default(USAGE_CHART_DAYS),
  })
  .strict();
export type TSimUsageQuery = z.infer<typeof ZSimUsageQuery>;

/** POST /sim/usage/ingest (staff): ingest one day now, again if it was (the same day twice counts once). */
export const ZUsageIngestStart = z.object({ day: isoDate('day') }).strict();
export type TUsageIngestStart = z.infer<typeof ZUsageIngestStart>;

/** One day's ingest: how far it got and what it found. */
export const ZUsageIngest = z.object({
  day: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  sims: z.number().int(),
  profiles: z.number().int(),
  /** Profiles whose operator did not answer (their day is ingested again when the day is asked for again). */
  skipped: z.number().int(),
});
export type TUsageIngest = z.infer<typeof ZUsageIngest>;
