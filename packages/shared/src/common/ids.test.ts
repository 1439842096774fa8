import { describe, expect, it } from 'vitest';
import { ID_PATTERN, isId, newId } from './ids';

describe('newId (spec §9: 12 random bytes as 24 hex characters)', () => {
  it('is 24 lowercase hex characters', () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId()));
    expect(ids.size).toBe(10_000);
  });

  it('uses every hex digit (the bytes are random, not a counter)', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newId()).join(''));
    expect(seen.size).toBe(16);
  });
});

describe('isId', () => {
  it('accepts only 24 lowercase hex characters', () => {
    expect(isId(newId())).toBe(true);
    expect(isId('ffffffffffffffffffffffff')).toBe(true);
    expect(isId('FFFFFFFFFFFFFFFFFFFFFFFF')).toBe(false);
    expect(isId('fffffffffffffffffffffff')).toBe(false);
    expect(isId('fffffffffffffffffffffffff')).toBe(false);
    expect(isId('gggggggggggggggggggggggg')).toBe(false);
    expect(isId(123)).toBe(false);
    expect(isId(null)).toBe(false);
    expect(ID_PATTERN.test(` ${newId()}`)).toBe(false);
  });
});
