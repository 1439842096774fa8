import { DATE_FORMAT, DISPLAY_TIMEZONE, TIME_FORMAT } from '@tarang/shared/common/limits';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in Asia/Kolkata as DD/MM/YYYY and hh:mm A (spec §9). */
export function formatDate(value: string | number | Date): string {
  return dayjs(value).tz(DISPLAY_TIMEZONE).format(DATE_FORMAT);
}

export function formatTime(value: string | number | Date): string {
  return dayjs(value).tz(DISPLAY_TIMEZONE).format(TIME_FORMAT);
}

export function formatDateTime(value: string | number | Date): string {
  return dayjs(value).tz(DISPLAY_TIMEZONE).format(`${DATE_FORMAT} ${TIME_FORMAT}`);
}

/** A day typed as DD/MM/YYYY (spec §9), as the API takes it (YYYY-MM-DD); null when it is not a real day. */
export function parseDay(text: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** YYYY-MM-DD (as the API and the address bar hold a day) as DD/MM/YYYY. */
export function displayDay(iso: string | undefined): string {
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in India: 18:30 UTC is already the next day there. */
export function indiaDayOf(instant: string | number | Date): string {
  return dayjs(instant).tz(DISPLAY_TIMEZONE).format('YYYY-MM-DD');
}

/** The instant (ISO 8601, UTC) an Indian calendar day (YYYY-MM-DD) begins: midnight in India, 18:30 UTC the day before. */
export function startOfIndiaDay(day: string): string {
  return dayjs.tz(day, DISPLAY_TIMEZONE).toISOString();
}
