import { describe, expect, it } from 'vitest';
import { DATE_RANGE, isInDateRange, isoDate, isoDateOrDateTime, isoDateTime } from './dates';

const IMPOSSIBLE = ['2026-02-30', '2023-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-5', '26-01-01', ''];
const OUT_OF_RANGE = ['0000-01-01', '1999-12-31', '2200-01-01', '9999-12-31'];
const NOT_DATES = ['+275760-09-13', '-000001-01-01', '2026-01-01\u0000', '2026-01-01\n', 'today', '1e999'];

describe('isoDate', () => {
  const date = isoDate('from');
  it('accepts real calendar dates inside the range, leap days included', () => {
    for (const value of [DATE_RANGE.min, DATE_RANGE.max, '2024-02-29', '2000-02-29', '2026-12-31']) {
      expect(date.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses impossible dates, dates outside the range and anything else, naming the field and the range', () => {
    for (const value of [...IMPOSSIBLE, ...OUT_OF_RANGE, ...NOT_DATES, '2026-01-01T00:00:00Z', 20260101, null]) {
      const result = date.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^from must be a calendar date/);
    }
    expect(date.safeParse('1999-12-31').error?.issues[0]?.message).toContain('between 2000-01-01 and 2199-12-31');
  });
});

describe('isoDateTime', () => {
  const at = isoDateTime('scheduledAt');
  it('accepts Z and offsets, with fractions up to microseconds', () => {
    for (const value of ['2026-03-01T10:00:00Z', '2026-03-01T10:00:00+05:30', '2026-03-01T10:00:00.123456Z', '2199-12-31T23:59:59-12:00']) {
      expect(at.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses impossible and out-of-range date-times, and a missing offset', () => {
    for (const value of [
      '2026-02-30T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2200-01-01T00:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:00:00',
      '2026-03-01',
      '2026-03-01T10:00:00Z\u0000',
    ]) {
      expect(at.safeParse(value).success, value).toBe(false);
    }
    expect(at.safeParse('2200-01-01T00:00:00Z').error?.issues[0]?.message).toMatch(
      /^scheduledAt must be .* between 2000-01-01 and 2199-12-31$/,
    );
  });
});

describe('isoDateOrDateTime (filter bounds)', () => {
  const bound = isoDateOrDateTime('expiresFrom');
  it('accepts either form', () => {
    expect(bound.parse('2026-03-01')).toBe('2026-03-01');
    expect(bound.parse('2026-03-01T10:00:00+05:30')).toBe('2026-03-01T10:00:00+05:30');
  });

  it('refuses the rest with one message that names the field and the range', () => {
    for (const value of [...IMPOSSIBLE, ...OUT_OF_RANGE, ...NOT_DATES, '2026-02-30T00:00:00Z']) {
      const result = bound.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('expiresFrom must be an ISO 8601 date or date-time between 2000-01-01 and 2199-12-31');
    }
  });
});

describe('isInDateRange', () => {
  it('compares the calendar day as written', () => {
    expect(isInDateRange('2000-01-01T00:00:00+05:30')).toBe(true);
    expect(isInDateRange('2199-12-31T23:59:59.999999Z')).toBe(true);
    expect(isInDateRange('1999-12-31T23:59:59Z')).toBe(false);
    expect(isInDateRange('2200-01-01')).toBe(false);
  });
});
