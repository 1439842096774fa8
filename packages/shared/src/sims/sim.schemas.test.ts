import { describe, expect, it } from 'vitest';
import { profileLabel } from './sim.constants';
import { parseSimSearch, ZSimAllocate, ZSimImeiLock, ZSimListQuery, ZSimUpdate } from './sim.schemas';

describe('SIM schemas', () => {
  it('reads list filters from a query string: comma lists, booleans, defaults', () => {
    const q = ZSimListQuery.parse({ status: 'ACTIVE, BARRED', operator: 'VI', imeiLock: 'false', search: '+919876' });
    expect(q).toMatchObject({
      status: ['ACTIVE', 'BARRED'],
      operator: ['VI'],
      imeiLock: false,
      search: '+919876',
      limit: 25,
      sort: 'iccid',
    });
    expect(ZSimListQuery.safeParse({ status: 'ACTIVE,LOST' }).success).toBe(false);
    expect(ZSimListQuery.safeParse({ sort: '-expiresAt' }).success).toBe(true);
    expect(ZSimListQuery.safeParse({ sort: 'imsi' }).success).toBe(false);
    expect(ZSimListQuery.safeParse({ limit: '501' }).success).toBe(false);
    expect(ZSimListQuery.safeParse({ search: '8991ab' }).success).toBe(false);
    expect(ZSimListQuery.safeParse({ expiresFrom: '2026-12-01' }).success).toBe(true);
    expect(ZSimListQuery.safeParse({ expiresFrom: 'tomorrow' }).success).toBe(false);
  });

  it('a batch names its SIMs by ICCIDs or by a filter, not both and not neither', () => {
    const org = '0123456789abcdef01234567';
    expect(ZSimAllocate.safeParse({ iccids: ['8991100000000000019'], organizationId: org }).success).toBe(true);
    expect(ZSimAllocate.safeParse({ filter: { status: ['IN_STOCK'] }, limit: 100, organizationId: org }).success).toBe(true);
    expect(ZSimAllocate.safeParse({ organizationId: org }).success).toBe(false);
    expect(ZSimAllocate.safeParse({ iccids: ['8991100000000000019'], filter: {}, organizationId: org }).success).toBe(false);
    expect(ZSimAllocate.safeParse({ iccids: Array(10_001).fill('8991100000000000019'), organizationId: org }).success).toBe(false);
  });

  it('a static IP goes on one SIM; IMEIs are checked', () => {
    expect(ZSimUpdate.safeParse({ iccids: ['8991100000000000019'], staticIp: '10.1.2.3' }).success).toBe(true);
    expect(ZSimUpdate.safeParse({ iccids: ['8991100000000000019', '8991100000000000027'], staticIp: '10.1.2.3' }).success).toBe(false);
    expect(ZSimUpdate.safeParse({ iccids: ['8991100000000000019'] }).success).toBe(false);
    expect(ZSimImeiLock.safeParse({ lock: true, sims: [{ iccid: '8991100000000000019', imei: '490154203237518' }] }).success).toBe(true);
    expect(ZSimImeiLock.safeParse({ lock: true, sims: [{ iccid: '8991100000000000019', imei: '490154203237519' }] }).success).toBe(false);
  });

  it('derives the profile label and reads search text', () => {
    expect(profileLabel(['AIRTEL', 'BSNL'])).toBe('AIRTEL+BSNL');
    expect(profileLabel(['VI'])).toBe('VI');
    expect(parseSimSearch(' +919876 ')).toEqual({ digits: '919876', plus: true });
    expect(parseSimSearch('123456')).toEqual({ digits: '123456', plus: false });
  });
});
