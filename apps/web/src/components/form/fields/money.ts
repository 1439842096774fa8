import { z } from 'zod';

/** The message of an amount that is not rupees with at most two decimals. */
export const AMOUNT_INVALID = 'Enter an amount in rupees with at most two decimals';

/** Rupees as typed: whole rupees (up to 11 digits, more than any balance) and at most two decimals, no sign. */
const RUPEES = /^\d{1,11}(\.\d{1,2})?$/;

/**
 * Money typed in rupees as the integer paise it is kept in (spec §9): "12.34" → 1234, "12.5" → 1250, blank → null.
 * NaN for anything that is not such an amount (three decimals, a sign, letters), which `ZPaiseInput` refuses.
 */
export function rupeesToPaise(text: string): number | null {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return null;
  if (!RUPEES.test(value)) return Number.NaN;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise as the rupees a money field shows: 1234 → "12.34", 150000 → "1500", null → "". */
export function paiseToRupees(paise: number | null | undefined): string {
  if (paise === null || paise === undefined || !Number.isFinite(paise)) return '';
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** A money field's value: whole, non-negative paise, or null when left blank. */
export const ZPaiseInput = z.number({ error: AMOUNT_INVALID }).int(AMOUNT_INVALID).nonnegative(AMOUNT_INVALID).nullable();
