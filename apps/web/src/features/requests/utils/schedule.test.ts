import { describe, expect, it } from 'vitest';
import { indiaLocalToIso, isoToIndiaLocal } from './schedule';

describe('schedule times', () => {
  it('reads a typed date-time as India time, whatever the browser zone', () => {
    expect(indiaLocalToIso('2026-11-24T09:30')).toBe('2026-11-24T04:00:00.000Z');
    expect(isoToIndiaLocal('2026-11-24T04:00:00.000Z')).toBe('2026-11-24T09:30');
    expect(indiaLocalToIso('24/11/2026 09:30')).toBeNull();
  });
});
