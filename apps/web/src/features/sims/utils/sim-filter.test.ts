import { describe, expect, it } from 'vitest';
import { displayDay, parseDay } from '@/lib/date';
import { activeFilterCount, parseSimFilters, simFilterBody, simFilterQuery } from './sim-filter';

const none = {
  status: undefined,
  operator: undefined,
  organizationId: undefined,
  inStock: undefined,
  planId: undefined,
  expiresFrom: undefined,
  expiresTo: undefined,
  imeiLock: undefined,
  tag: undefined,
  label: undefined,
};

describe('SIM filters', () => {
  it('keeps only what the API accepts from the address bar', () => {
    const f = parseSimFilters(
      { ...none, status: 'ACTIVE,LOST,BARRED', operator: 'VI,JIO', organizationId: 'nope', imeiLock: 'false', expiresTo: '2027-02-30x' },
      '+9150',
    );
    expect(f).toMatchObject({ status: ['ACTIVE', 'BARRED'], operator: ['VI'], imeiLock: false, search: '+9150' });
    expect(f.organizationId).toBeUndefined();
    expect(f.expiresTo).toBeUndefined();
    expect(parseSimFilters(none, '12ab').search).toBeUndefined();
  });

  it('writes comma lists for the query and arrays for an allocation by filter', () => {
    const f = parseSimFilters({ ...none, status: 'ALLOCATED', operator: 'AIRTEL,BSNL', inStock: 'true', tag: ' meters ' }, '000076');
    expect(simFilterQuery(f)).toMatchObject({
      status: 'ALLOCATED',
      operator: 'AIRTEL,BSNL',
      inStock: 'true',
      tag: 'meters',
      search: '000076',
    });
    expect(simFilterBody(f)).toEqual({
      status: ['ALLOCATED'],
      operator: ['AIRTEL', 'BSNL'],
      inStock: true,
      tag: 'meters',
      search: '000076',
    });
    expect(activeFilterCount(f)).toBe(4);
  });

  it('reads days as DD/MM/YYYY and refuses days that do not exist', () => {
    expect(parseDay('1/2/2027')).toBe('2027-02-01');
    expect(parseDay('29/02/2027')).toBeNull();
    expect(parseDay('2027-02-01')).toBeNull();
    expect(displayDay('2027-02-01')).toBe('01/02/2027');
  });
});
