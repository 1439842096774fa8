import { describe, expect, it } from 'vitest';
import { addDays, dayOfMonth, daysBetween, indiaDateTime, indiaDay, indiaDayStart, monthOf, nextMonth } from './india-days';

describe('India days', () => {
  it('puts a moment on the India day it falls on', () => {
    expect(indiaDay(new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31');
    expect(indiaDay(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
    expect(indiaDayStart('2026-04-01').toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });

  it('counts days across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2026-01-05', '2026-01-01')).toBe(-4);
  });

  it('names the month of a day and the month after it', () => {
    expect(monthOf('2026-11-25')).toBe('2026-11-01');
    expect(dayOfMonth('2026-11-25')).toBe(25);
    expect(nextMonth('2026-12-31')).toBe('2027-01-01');
    expect(nextMonth('2026-01-31')).toBe('2026-02-01');
  });
});

describe('indiaDateTime', () => {
  it("writes a moment as India's wall clock, across the day's end", () => {
    expect(indiaDateTime('2026-01-15T20:00:00Z')).toBe('2026-01-16 01:30:00');
    expect(indiaDateTime(new Date('2026-02-20T09:00:00.999Z'))).toBe('2026-02-20 14:30:00');
  });
});
