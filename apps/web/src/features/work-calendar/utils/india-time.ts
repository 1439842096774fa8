/**
 * The calendar draws everything in India time, whatever the browser's zone. FullCalendar runs with `timeZone: 'UTC'`
 * and is given each instant moved forward by India's offset, so its UTC wall clock reads as the time in India; what it
 * gives back (a drop, the visible range) is moved back the same way. India has had no daylight saving since 1945, so
 * the offset is one constant.
 */
export const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

const DAY_MS = 86_400_000;

/** An instant as the calendar draws it: the India wall time, written as UTC. */
export function toCalendarDate(instant: string | number | Date): Date {
  return new Date(new Date(instant).getTime() + INDIA_OFFSET_MS);
}

/** What the calendar gives back (an India wall time written as UTC) as the instant it names, ISO 8601 as the API takes it. */
export function fromCalendarDate(date: Date): string {
  return new Date(date.getTime() - INDIA_OFFSET_MS).toISOString();
}

/** The calendar day (YYYY-MM-DD) of a calendar date: its India day. */
export function calendarDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The India days a view shows, as `GET /work-calendar` reads them: FullCalendar's range starts at the first day's
 * midnight and ends at the midnight after the last day (exclusive); `from` and `to` are both included.
 */
export function calendarRange(start: Date, end: Date): { from: string; to: string } {
  return { from: calendarDay(start), to: calendarDay(new Date(end.getTime() - DAY_MS)) };
}
