import { describe, expect, it } from 'vitest';
import { calendarDay, calendarRange, fromCalendarDate, toCalendarDate } from './india-time';

describe('calendar times in India', () => {
  it('draws 23:30 in India (18:00 UTC) on that Indian day, not on the UTC one before or the next', () => {
    const drawn = toCalendarDate('2026-11-24T18:00:00.000Z');
    expect(calendarDay(drawn)).toBe('2026-11-24');
    expect(drawn.getUTCHours()).toBe(23);
    expect(drawn.getUTCMinutes()).toBe(30);
  });

  it('draws 00:15 in India (18:45 UTC the day before) on the Indian day', () => {
    const drawn = toCalendarDate('2026-11-30T18:45:00.000Z');
    expect(calendarDay(drawn)).toBe('2026-12-01');
    expect([drawn.getUTCHours(), drawn.getUTCMinutes()]).toEqual([0, 15]);
  });

  it('turns a drop at 09:30 on the calendar into the instant 04:00 UTC', () => {
    expect(fromCalendarDate(new Date('2026-12-03T09:30:00.000Z'))).toBe('2026-12-03T04:00:00.000Z');
    // A drop just after midnight in India is still the day before in UTC.
    expect(fromCalendarDate(new Date('2026-12-03T01:00:00.000Z'))).toBe('2026-12-02T19:30:00.000Z');
  });

  it('gives back the instant it drew, a day moved in month view keeping the time', () => {
    const at = '2026-11-24T18:00:00.000Z';
    expect(fromCalendarDate(toCalendarDate(at))).toBe(at);
    const threeDaysLater = new Date(toCalendarDate(at).getTime() + 3 * 86_400_000);
    expect(fromCalendarDate(threeDaysLater)).toBe('2026-11-27T18:00:00.000Z');
  });

  it('reads the days a view shows, the last one included', () => {
    // A month view of December 2026, weeks from Monday: 30 November to 10 January (exclusive end 11 January).
    expect(calendarRange(new Date('2026-11-30T00:00:00.000Z'), new Date('2027-01-11T00:00:00.000Z'))).toEqual({
      from: '2026-11-30',
      to: '2027-01-10',
    });
    // A day view.
    expect(calendarRange(new Date('2026-12-03T00:00:00.000Z'), new Date('2026-12-04T00:00:00.000Z'))).toEqual({
      from: '2026-12-03',
      to: '2026-12-03',
    });
  });
});
