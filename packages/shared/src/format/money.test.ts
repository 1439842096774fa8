import { describe, expect, it } from 'vitest';
import { formatPaise } from './money';

describe('formatPaise (₹, two decimals, Indian grouping)', () => {
  it('shows paise as rupees with two decimals', () => {
    expect(formatPaise(0)).toBe('₹0.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(50)).toBe('₹0.50');
    expect(formatPaise(100)).toBe('₹1.00');
    expect(formatPaise(99_999)).toBe('₹999.99');
  });

  it('groups digits the Indian way: thousands, then lakhs and crores', () => {
    expect(formatPaise(100_000)).toBe('₹1,000.00');
    expect(formatPaise(1_234_567)).toBe('₹12,345.67');
    expect(formatPaise(10_000_000)).toBe('₹1,00,000.00');
    expect(formatPaise(123_456_789)).toBe('₹12,34,567.89');
    expect(formatPaise(1_000_000_000_00)).toBe('₹1,00,00,00,000.00');
  });

  it('puts the minus sign before the rupee sign', () => {
    expect(formatPaise(-150)).toBe('-₹1.50');
    expect(formatPaise(-5)).toBe('-₹0.05');
    expect(formatPaise(-123_456_789)).toBe('-₹12,34,567.89');
  });

  it('takes bigint beyond the safe integer range without losing a paisa', () => {
    expect(formatPaise(123_456_789_012_345_678_901n)).toBe('₹12,34,56,78,90,12,34,56,789.01');
    expect(formatPaise(-1n)).toBe('-₹0.01');
    expect(formatPaise(BigInt(Number.MAX_SAFE_INTEGER) + 2n)).toBe('₹9,00,71,99,25,47,409.93');
  });

  it('refuses fractions of a paisa rather than rounding money', () => {
    expect(() => formatPaise(1.5)).toThrow();
    expect(() => formatPaise(Number.NaN)).toThrow();
  });
});
