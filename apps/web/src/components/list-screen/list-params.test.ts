import { describe, expect, it } from 'vitest';
import type { TFilter } from './filters';
import { listIdentity, patchListParams, readListParams } from './list-params';

const FILTERS: TFilter[] = [
  { kind: 'text', key: 'search', label: 'Search', validate: (v) => (/^\d+$/.test(v) ? null : 'digits') },
  { kind: 'select', key: 'status', label: 'Status', anyLabel: 'Any', options: [{ value: 'ACTIVE', label: 'Active' }] },
  {
    kind: 'select',
    key: 'operator',
    label: 'Operator',
    anyLabel: 'Any',
    multiple: true,
    options: ['AIRTEL', 'BSNL'].map((v) => ({ value: v, label: v })),
  },
  { kind: 'organization', key: 'organizationId', label: 'Organisation', extra: { key: 'inStock', value: 'true', label: 'Stock' } },
  { kind: 'day', key: 'from', label: 'From' },
];
const OPTIONS = { defaultSort: '-createdAt', sortable: ['createdAt', 'name'], filters: FILTERS };
const read = (query: string) => readListParams(new URLSearchParams(query), OPTIONS);

describe('the address of a list', () => {
  it('falls back to the defaults for anything out of range', () => {
    expect(read('page=0&limit=7&sort=password&_id=nope&cursor=')).toEqual({
      pageIndex: 0,
      limit: 25,
      sort: '-createdAt',
      id: undefined,
      cursor: null,
      filter: { search: undefined, status: undefined, operator: undefined, organizationId: undefined, inStock: undefined, from: undefined },
    });
    expect(read(`page=3&limit=50&sort=-name&_id=${'a'.repeat(24)}&cursor=c2`)).toMatchObject({
      pageIndex: 2,
      limit: 50,
      sort: '-name',
      id: 'a'.repeat(24),
      cursor: 'c2',
    });
  });

  it('keeps of each declared filter only what the filter allows', () => {
    expect(read(`search=+12ab&status=LOST&operator=VI,BSNL,AIRTEL&organizationId=x&inStock=yes&from=2027-02-3`).filter).toEqual({
      search: undefined,
      status: undefined,
      operator: 'BSNL,AIRTEL',
      organizationId: undefined,
      inStock: undefined,
      from: undefined,
    });
    expect(read(`search= 0076 &status=ACTIVE&organizationId=${'b'.repeat(24)}&inStock=true&from=2027-02-03`).filter).toEqual({
      search: '0076',
      status: 'ACTIVE',
      operator: undefined,
      organizationId: 'b'.repeat(24),
      inStock: 'true',
      from: '2027-02-03',
    });
  });

  it('goes back to the first page on any change but of the page itself', () => {
    const before = new URLSearchParams('page=3&cursor=c2&status=ACTIVE&limit=50');
    expect(patchListParams(before, { status: null }).toString()).toBe('limit=50');
    expect(patchListParams(before, { page: 4, cursor: 'c3' }).toString()).toBe('page=4&cursor=c3&status=ACTIVE&limit=50');
  });

  it('names what decides the rows apart from the page', () => {
    expect(listIdentity(read('page=2&cursor=c1&status=ACTIVE'))).toBe(listIdentity(read('status=ACTIVE')));
    expect(listIdentity(read('status=ACTIVE'))).not.toBe(listIdentity(read('status=ACTIVE&limit=50')));
  });
});
