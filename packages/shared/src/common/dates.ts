import { z } from 'zod';
import { singleLine } from './text';

/**
 * The one date and date-time type of the contract (docs/decisions/019-input-contract.md): a real calendar date
 * (2026-02-30 is refused) inside DATE_RANGE. The range keeps every date a client sends storable and comparable by
 * PostgreSQL and JavaScript alike (PostgreSQL has no year 0; JavaScript stops at +275760) and is wide enough for any
 * SIM's life. A date-time is checked on the calendar date it is written with.
 */
export const DATE_RANGE = { min: '2000-01-01', max: '2199-12-31' } as const;

const RANGE_TEXT = `between ${DATE_RANGE.min} and ${DATE_RANGE.max}`;

/** Whether an ISO 8601 date or date-time (already well formed) falls on a day inside DATE_RANGE. */
export function isInDateRange(value: string): boolean {
  const day = value.slice(0, 10);
  return day >= DATE_RANGE.min && day <= DATE_RANGE.max;
}

/** A calendar date, YYYY-MM-DD. */
export function isoDate(name: string) {
  const message = `${name} must be a calendar date (YYYY-MM-DD) ${RANGE_TEXT}`;
  return singleLine(z.iso.date({ error: message })).refine(isInDateRange, message);
}

/** An ISO 8601 date-time with Z or an offset (fractions of a second up to microseconds). */
export function isoDateTime(name: string) {
  const message = `${name} must be an ISO 8601 date-time with offset ${RANGE_TEXT}`;
  return singleLine(z.iso.datetime({ offset: true, error: message })).refine(isInDateRange, message);
}

/** A filter bound: a calendar date or a date-time. */
export function isoDateOrDateTime(name: string) {
  return z.union([isoDateTime(name), isoDate(name)], { error: `${name} must be an ISO 8601 date or date-time ${RANGE_TEXT}` });
}
