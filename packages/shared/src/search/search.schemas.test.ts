import { describe, expect, it } from 'vitest';
import { SEARCH_SCOPES, ZSearchQuery, ZSearchTerm } from './search.schemas';

describe('ZSearchTerm (spec §8)', () => {
  it('refuses an empty term with the spec message', () => {
    for (const term of ['', '   ']) {
      const result = ZSearchTerm.safeParse(term);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter a valid search term');
    }
  });

  it('trims a term and caps its length', () => {
    expect(ZSearchTerm.parse('  8991  ')).toBe('8991');
    expect(ZSearchTerm.safeParse('x'.repeat(100)).success).toBe(true);
    expect(ZSearchTerm.safeParse('x'.repeat(101)).success).toBe(false);
  });
});

describe('ZSearchQuery', () => {
  it('searches every scope by default, five results each', () => {
    expect(ZSearchQuery.parse({})).toEqual({ from: [...SEARCH_SCOPES], limit: 5 });
  });

  it('reads `from` as a comma list of scopes', () => {
    expect(ZSearchQuery.parse({ from: 'sims,users' }).from).toEqual(['sims', 'users']);
    expect(ZSearchQuery.parse({ from: ' orgs , jobs ,' }).from).toEqual(['orgs', 'jobs']);
  });

  it('refuses an unknown scope', () => {
    const result = ZSearchQuery.safeParse({ from: 'sims,devices' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('from must be a comma list of sims, jobs, orgs, users');
  });

  it('reads limit from the query string and bounds it', () => {
    expect(ZSearchQuery.parse({ limit: '12' }).limit).toBe(12);
    expect(ZSearchQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ZSearchQuery.safeParse({ limit: '21' }).success).toBe(false);
    expect(ZSearchQuery.safeParse({ limit: 'ten' }).success).toBe(false);
  });

  it('refuses unknown parameters', () => {
    expect(ZSearchQuery.safeParse({ q: 'x' }).success).toBe(false);
  });
});
