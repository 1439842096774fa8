import { IST_OFFSET_MS } from '@tarang/shared/common/india-days';

/**
 * When a schedule runs next: at the start of its hour in India (Asia/Kolkata keeps +05:30 all year, no daylight
 * saving), every day, or on its ISO weekday (1 Monday … 7 Sunday) every week; always strictly after `after`.
 */

const DAY_MS = 86_400_000;

export function nextScheduleRun(schedule: { frequency: 'DAILY' | 'WEEKLY'; weekday: number | null; hour: number }, after: Date): Date {
  // India's calendar day of `after`, at the schedule's hour, as an instant.
  const india = new Date(after.getTime() + IST_OFFSET_MS);
  let at = Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate(), schedule.hour) - IST_OFFSET_MS;
  for (let i = 0; i < 9; i++, at += DAY_MS) {
    if (at <= after.getTime()) continue;
    if (schedule.frequency === 'DAILY') return new Date(at);
    const isoWeekday = ((new Date(at + IST_OFFSET_MS).getUTCDay() + 6) % 7) + 1;
    if (isoWeekday === schedule.weekday) return new Date(at);
  }
  throw new Error('A weekly schedule needs a weekday of 1 to 7');
}
