import { describe, expect, it } from 'vitest';
import { isEmail, normalizeUsername } from './username';

describe('normalizeUsername (spec §5: +91 unless an email or already prefixed)', () => {
  it('prefixes a bare phone number with +91', () => {
    expect(normalizeUsername('9876543210')).toBe('+919876543210');
  });

  it('removes spaces and dashes from a phone number', () => {
    expect(normalizeUsername(' 98765 43210 ')).toBe('+919876543210');
    expect(normalizeUsername('98765-43210')).toBe('+919876543210');
    expect(normalizeUsername('+91 98765-43210')).toBe('+919876543210');
  });

  it('keeps a number that already has +91', () => {
    expect(normalizeUsername('+919876543210')).toBe('+919876543210');
    expect(normalizeUsername('+915551234567890')).toBe('+915551234567890');
  });

  it('adds +91 to anything else that is not an email, as the spec says', () => {
    expect(normalizeUsername('919876543210')).toBe('+91919876543210');
  });

  it('lower-cases and trims an email, never prefixing it', () => {
    expect(normalizeUsername('  Ops.Team@Tarang.IN ')).toBe('ops.team@tarang.in');
    expect(normalizeUsername('a+b@example.com')).toBe('a+b@example.com');
  });

  it('is idempotent', () => {
    for (const raw of ['9876543210', 'Ops@Tarang.in', '+91 98765 43210']) {
      expect(normalizeUsername(normalizeUsername(raw))).toBe(normalizeUsername(raw));
    }
  });
});

describe('isEmail', () => {
  it('tells emails from phone numbers', () => {
    expect(isEmail('ops@tarang.in')).toBe(true);
    expect(isEmail('+919876543210')).toBe(false);
    expect(isEmail('ops@tarang')).toBe(false);
    expect(isEmail('ops tarang@x.in')).toBe(false);
  });
});
