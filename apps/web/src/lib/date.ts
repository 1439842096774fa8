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
