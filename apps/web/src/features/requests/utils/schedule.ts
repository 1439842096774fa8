import { DISPLAY_TIMEZONE } from '@tarang/shared/common/limits';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A schedule time typed in a date-time field ("2026-11-24T09:30") is India time (spec §9), whatever the browser's
 * own zone: as the API takes it, an ISO 8601 instant. Null when the text is not a date-time.
 */
export function indiaLocalToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const parsed = dayjs.tz(value, DISPLAY_TIMEZONE);
  return parsed.isValid() ? parsed.toISOString() : null;
}

/** An instant as the date-time field shows it, in India time. */
export function isoToIndiaLocal(iso: string | number | Date): string {
  return dayjs(iso).tz(DISPLAY_TIMEZONE).format('YYYY-MM-DDTHH:mm');
}
