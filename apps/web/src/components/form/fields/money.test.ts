import { describe, expect, it } from 'vitest';
import { AMOUNT_INVALID, paiseToRupees, rupeesToPaise, ZPaiseInput } from './money';

describe('money in rupees ⇄ integer paise', () => {
  it('reads rupees with up to two decimals as paise', () => {
    expect(rupeesToPaise('12.34')).toBe(1234);
    expect(rupeesToPaise('12.5')).toBe(1250);
    expect(rupeesToPaise('12')).toBe(1200);
    expect(rupeesToPaise(' 0.07 ')).toBe(7);
    expect(rupeesToPaise('1,50,000.50')).toBe(15_000_050);
    expect(rupeesToPaise('')).toBeNull();
    expect(rupeesToPaise('   ')).toBeNull();
  });

  it('refuses three decimals, a sign and what is no number (NaN, which the schema refuses)', () => {
    for (const text of ['12.345', '-1', '-0.50', '+5', 'abc', 'NaN', '1e3', '12.', '.5', '₹12']) {
      expect(rupeesToPaise(text), text).toBeNaN();
    }
  });

  it('writes paise back as the rupees typed', () => {
    expect(paiseToRupees(1234)).toBe('12.34');
    expect(paiseToRupees(1250)).toBe('12.50');
    expect(paiseToRupees(150_000)).toBe('1500');
    expect(paiseToRupees(7)).toBe('0.07');
    expect(paiseToRupees(null)).toBe('');
    expect(paiseToRupees(Number.NaN)).toBe('');
    for (const paise of [0, 1, 99, 100, 1234, 250_075]) expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
  });

  it('checks the value the field holds: whole non-negative paise or none', () => {
    expect(ZPaiseInput.parse(1234)).toBe(1234);
    expect(ZPaiseInput.parse(null)).toBeNull();
    for (const bad of [Number.NaN, -100, 12.5]) {
      const result = ZPaiseInput.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(AMOUNT_INVALID);
    }
  });
});
