/**
 * India calendar days as `YYYY-MM-DD` (India keeps one offset, UTC+05:30, all year): the day a moment falls on there,
 * days before and after, and the month a day belongs to. Usage is counted per India day.
 */

/** India's offset from UTC, all year. */
export const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** A moment as India's wall-clock time, "2026-03-05 14:30:12". */
export function indiaDateTime(at: Date | string): string {
  return new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The India day a moment falls on. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before, when n < 0). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (0 when equal; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The first day of the day's month. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The day of the month, 1–31. */
export const dayOfMonth = (day: string): number => Number(day.slice(8, 10));

/** The first day of the month after the day's month. */
export function nextMonth(day: string): string {
  const d = new Date(`${monthOf(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

/** The moment an India day starts. */
export const indiaDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
