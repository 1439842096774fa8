/**
 * Validators for SIM and device identifiers (product.md): each returns null when valid, or the
 * message a person should see. The server, the bulk upload and the forms all use these.
 */

/** The Luhn check digit for a digit string that lacks one. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  let double = true;
  for (let i = body.length - 1; i >= 0; i--) {
    let d = body.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Luhn check over a string of digits (the last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  return digits.length > 0 && luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}

const DIGITS = /^\d+$/;

/** ICCID (ITU-T E.118): 19 or 20 digits, starting 89 (telecom), valid Luhn check digit. */
export function iccidError(value: string): string | null {
  if (!DIGITS.test(value)) return 'ICCID must contain digits only';
  if (value.length < 19 || value.length > 20) return 'ICCID must be 19 or 20 digits';
  if (!value.startsWith('89')) return 'ICCID must start with 89';
  if (!luhnValid(value)) return 'ICCID check digit is wrong';
  return null;
}

/** IMSI: 15 digits; Indian networks use MCC 404 or 405. */
export function imsiError(value: string): string | null {
  if (!DIGITS.test(value)) return 'IMSI must contain digits only';
  if (value.length !== 15) return 'IMSI must be 15 digits';
  return null;
}

/** MSISDN in E.164: +91 and 10 digits, or the 13-digit M2M numbers (DoT, 2018). */
export function msisdnError(value: string): string | null {
  if (!/^\+91(\d{10}|\d{13})$/.test(value)) return 'MSISDN must be +91 followed by 10 digits (or 13 for M2M numbers)';
  return null;
}

/** IMEI: 15 digits with a Luhn check digit. */
export function imeiError(value: string): string | null {
  if (!DIGITS.test(value)) return 'IMEI must contain digits only';
  if (value.length !== 15) return 'IMEI must be 15 digits';
  if (!luhnValid(value)) return 'IMEI check digit is wrong';
  return null;
}

export const OPERATORS = ['AIRTEL', 'BSNL', 'VI'] as const;
export type TOperator = (typeof OPERATORS)[number];

export function operatorError(value: string): string | null {
  return (OPERATORS as readonly string[]).includes(value) ? null : `Operator must be one of ${OPERATORS.join(', ')}`;
}
