import { describe, expect, it } from 'vitest';
import { auditActionMatch, auditBoundInstant, ZAuditQuery, ZAuditVerifyRange, ZAuditVerifyRequest } from './audit.schemas';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('auditActionMatch', () => {
  it('reads an action, a family ending in "." and a prefix ending in "*"', () => {
    expect(auditActionMatch('sim.allocate')).toEqual({ exact: 'sim.allocate' });
    expect(auditActionMatch('sim.')).toEqual({ prefix: 'sim.' });
    expect(auditActionMatch('sim.all*')).toEqual({ prefix: 'sim.all' });
    expect(auditActionMatch('*')).toEqual({ prefix: '' });
  });
});

describe('auditBoundInstant', () => {
  it('reads a day in India time (its start, or its last millisecond as an end) and a date-time as it is', () => {
    expect(new Date(auditBoundInstant('2026-03-01', false)).toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(new Date(auditBoundInstant('2026-03-01', true)).toISOString()).toBe('2026-03-01T18:29:59.999Z');
    expect(new Date(auditBoundInstant('2026-03-01T10:00:00+05:30', false)).toISOString()).toBe('2026-03-01T04:30:00.000Z');
  });
});

describe('ZAuditQuery', () => {
  it('takes one day as both ends, and a date-time inside that day', () => {
    expect(ZAuditQuery.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
    expect(ZAuditQuery.safeParse({ from: '2026-03-01T23:00:00+05:30', to: '2026-03-01' }).success).toBe(true);
  });

  it('refuses an end before the start, an impossible day and a star inside an action, naming the field', () => {
    expect(paths(ZAuditQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual(['to']);
    expect(paths(ZAuditQuery.safeParse({ from: '2026-03-01T00:00:00Z', to: '2026-03-01T05:29:59+05:30' }))).toEqual(['to']);
    expect(paths(ZAuditQuery.safeParse({ from: '2026-02-30' }))).toContain('from');
    expect(paths(ZAuditQuery.safeParse({ action: 'sim.*.x' }))).toEqual(['action']);
  });
});

describe('ZAuditVerifyRequest', () => {
  it('takes one end or both in order; an empty body names no range and is refused (the form may leave both empty)', () => {
    for (const body of [{ fromSeq: 1 }, { toSeq: 9 }, { fromSeq: 4, toSeq: 4 }])
      expect(ZAuditVerifyRequest.safeParse(body).success).toBe(true);
    expect(paths(ZAuditVerifyRequest.safeParse({}))).toEqual(['fromSeq']);
    expect(ZAuditVerifyRange.safeParse({}).success).toBe(true);
  });

  it('refuses what is not a whole number of at least 1, ends out of order and unknown keys', () => {
    expect(paths(ZAuditVerifyRequest.safeParse({ fromSeq: 0 }))).toEqual(['fromSeq']);
    expect(paths(ZAuditVerifyRequest.safeParse({ toSeq: 2.5 }))).toEqual(['toSeq']);
    expect(paths(ZAuditVerifyRequest.safeParse({ fromSeq: '3' }))).toEqual(['fromSeq']);
    expect(paths(ZAuditVerifyRequest.safeParse({ fromSeq: 5, toSeq: 4 }))).toEqual(['toSeq']);
    expect(ZAuditVerifyRequest.safeParse({ from: '2026-01-01' }).success).toBe(false);
  });
});
