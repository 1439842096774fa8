import { z } from 'zod';

/**
 * Money in the API is integer paise (spec §9: hundredths of a rupee). One amount is at most ₹1,000,00,00,000.00
 * (10^12 paise): far above any single movement, and far below 2^53, so a JavaScript number holds every amount and
 * every balance exactly. No floating point touches money (issue 14).
 */
export const MAX_AMOUNT_PAISE = 1_000_000_000_000;

/**
 * Marks a schema issue that is a 422 (the value is well formed JSON but not an amount the ledger can move), not the
 * 400 of other schema failures (docs/decisions/025-money-ledger.md).
 */
export const UNPROCESSABLE_ISSUE = { unprocessable: true } as const;

export function isUnprocessableIssue(params: unknown): boolean {
  const inner = (params as { params?: { unprocessable?: unknown } } | null)?.params;
  return inner?.unprocessable === true;
}

function amountSchema(field: string, signed: boolean) {
  const message = signed
    ? `${field} must be whole paise, not 0, between -${MAX_AMOUNT_PAISE} and ${MAX_AMOUNT_PAISE}`
    : `${field} must be whole paise, more than 0 and at most ${MAX_AMOUNT_PAISE}`;
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const ok =
        typeof value === 'number' &&
        Number.isSafeInteger(value) &&
        value !== 0 &&
        Math.abs(value) <= MAX_AMOUNT_PAISE &&
        (signed || value > 0);
      if (!ok) ctx.addIssue({ code: 'custom', message, params: UNPROCESSABLE_ISSUE });
    })
    .transform((value) => value as number)
    .meta({
      type: 'integer',
      minimum: signed ? -MAX_AMOUNT_PAISE : 1,
      maximum: MAX_AMOUNT_PAISE,
      description: signed ? 'Integer paise, signed, not 0' : 'Integer paise, more than 0',
    });
}

/** An amount to move: integer paise, > 0 and ≤ 10^12. Anything else is a 422 naming the field. */
export function paiseAmount(field = 'amount') {
  return amountSchema(field, false);
}

/** A signed amount (a manual adjustment): integer paise, ≠ 0, |amount| ≤ 10^12. */
export function signedPaiseAmount(field = 'amount') {
  return amountSchema(field, true);
}

/** Rupees with two decimals as PayU writes them ("1234.50"), from paise, without floating point. */
export function paiseToRupeeString(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Paise from a rupee string with at most two decimals ("1234.5", "1234.50", "1234"); null when it is not one. */
export function rupeeStringToPaise(value: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}
