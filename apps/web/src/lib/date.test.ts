import { describe, expect, it } from 'vitest';
import { displayDay, indiaDayOf, parseDay, startOfIndiaDay } from './date';

describe('days in Asia/Kolkata', () => {
  it('puts an instant on the day it is in India: 18:30 UTC is already the next day there', () => {
    expect(indiaDayOf('2026-11-24T18:29:59.999Z')).toBe('2026-11-24');
    expect(indiaDayOf('2026-11-24T18:30:00.000Z')).toBe('2026-11-25');
    expect(indiaDayOf('2026-12-31T18:30:00.000Z')).toBe('2027-01-01');
    expect(indiaDayOf(Date.UTC(2026, 1, 28, 20, 0))).toBe('2026-03-01');
  });

  it('starts an Indian day at 18:30 UTC the day before', () => {
    expect(startOfIndiaDay('2026-11-25')).toBe('2026-11-24T18:30:00.000Z');
    expect(startOfIndiaDay('2027-01-01')).toBe('2026-12-31T18:30:00.000Z');
    expect(indiaDayOf(startOfIndiaDay('2026-11-25'))).toBe('2026-11-25');
    expect(indiaDayOf(Date.parse(startOfIndiaDay('2026-11-25')) - 1)).toBe('2026-11-24');
  });

  it('reads a day typed as DD/MM/YYYY and writes it back', () => {
    expect(parseDay('25/11/2026')).toBe('2026-11-25');
    expect(parseDay('5/1/2027')).toBe('2027-01-05');
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('2026-11-25')).toBeNull();
    expect(displayDay('2026-11-25')).toBe('25/11/2026');
  });
});
