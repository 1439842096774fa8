import { describe, expect, it } from 'vitest';
import { formatDataMb, wholeNumber } from './format';

const unit = (key: 'mb' | 'gb', value: string) => `${value} ${key.toUpperCase()}`;

describe('plan formats', () => {
  it('writes data in MB below 1 GB and in GB from there on', () => {
    expect(formatDataMb(200, unit)).toBe('200 MB');
    expect(formatDataMb(1023, unit)).toBe('1,023 MB');
    expect(formatDataMb(1024, unit)).toBe('1 GB');
    expect(formatDataMb(1536, unit)).toBe('1.5 GB');
    expect(formatDataMb(102_400, unit)).toBe('100 GB');
    expect(formatDataMb(10_000_000, unit)).toBe('9,765.63 GB');
  });

  it('reads whole numbers only', () => {
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber(' 1,536 ')).toBe(1536);
    expect(wholeNumber('1.5')).toBeNaN();
    expect(wholeNumber('-3')).toBeNaN();
  });
});
