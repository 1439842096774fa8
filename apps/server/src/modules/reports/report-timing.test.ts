import { describe, expect, it } from 'vitest';
import { nextScheduleRun } from './report-timing';

describe('nextScheduleRun', () => {
  it('runs daily at the hour in India, strictly after the time given', () => {
    const daily = { frequency: 'DAILY' as const, weekday: null, hour: 6 };
    // 00:29 UTC is 05:59 in India: 06:00 India (00:30 UTC) the same day.
    expect(nextScheduleRun(daily, new Date('2026-11-25T00:29:00Z')).toISOString()).toBe('2026-11-25T00:30:00.000Z');
    // Exactly at the run: the next day's.
    expect(nextScheduleRun(daily, new Date('2026-11-25T00:30:00Z')).toISOString()).toBe('2026-11-26T00:30:00.000Z');
    // 20:00 UTC on the 25th is 01:30 on the 26th in India: that day's 06:00.
    expect(nextScheduleRun(daily, new Date('2026-11-25T20:00:00Z')).toISOString()).toBe('2026-11-26T00:30:00.000Z');
    // Midnight in India is 18:30 UTC the day before.
    expect(nextScheduleRun({ ...daily, hour: 0 }, new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-11-25T18:30:00.000Z');
  });

  it('runs weekly on the ISO weekday in India, across a month and a year end', () => {
    // 2026-11-25 is a Wednesday (3). Monday 09:00 India is 03:30 UTC.
    const monday = { frequency: 'WEEKLY' as const, weekday: 1, hour: 9 };
    expect(nextScheduleRun(monday, new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-11-30T03:30:00.000Z');
    expect(nextScheduleRun(monday, new Date('2026-11-30T03:30:00Z')).toISOString()).toBe('2026-12-07T03:30:00.000Z');
    // Sunday 23:00 India is 17:30 UTC the same day.
    const sunday = { frequency: 'WEEKLY' as const, weekday: 7, hour: 23 };
    expect(nextScheduleRun(sunday, new Date('2026-12-29T00:00:00Z')).toISOString()).toBe('2027-01-03T17:30:00.000Z');
    // Wednesday 10:00 India on a Wednesday at 04:29 UTC (09:59 India): the same day.
    expect(nextScheduleRun({ frequency: 'WEEKLY', weekday: 3, hour: 10 }, new Date('2026-11-25T04:29:00Z')).toISOString()).toBe(
      '2026-11-25T04:30:00.000Z',
    );
  });
});
