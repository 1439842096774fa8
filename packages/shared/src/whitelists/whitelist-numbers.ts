/**
 * Whitelisted numbers: the phone numbers an M2M SIM may call, text or be reached from. Operators accept Indian mobile
 * numbers and the 13-digit M2M numbers of DoT's M2M numbering plan. A number is normalised from whatever a person
 * typed (spaces, dashes, dots, brackets, +91, 91 or a trunk 0) to one stored form:
 *
 * - an Indian mobile number as E.164: '+91' and 10 digits starting 6, 7, 8 or 9 ('+919876543210');
 * - an M2M number as its 13 digits, first digit not 0 ('5912345678901').
 */

import { hasControlCharacter } from '../common/text';

export type TNumberResult = { number: string } | { error: string };

const ONLY_INDIAN = 'Only Indian numbers (+91) and 13-digit M2M numbers can be whitelisted';
const MOBILE_FIRST_DIGIT = 'Indian mobile numbers start with 6, 7, 8 or 9';
const M2M_FIRST_DIGIT = '13-digit M2M numbers do not start with 0';

function wrongLength(digits: number): string {
  return `A number needs 10 digits (a mobile number, optionally after +91, 91 or 0) or 13 digits (an M2M number); this one has ${digits}`;
}

/** Ten national digits of a mobile number → the stored form. */
function mobile(national: string): TNumberResult {
  if (!/^[6-9]/.test(national)) return { error: MOBILE_FIRST_DIGIT };
  return { number: `+91${national}` };
}

/** Thirteen digits of an M2M number → the stored form. */
function m2m(digits: string): TNumberResult {
  if (digits.startsWith('0')) return { error: M2M_FIRST_DIGIT };
  return { number: digits };
}

/** Digits after an international prefix ('+' or '00'): only India's country code, 91, is accepted. */
function international(digits: string): TNumberResult {
  if (!digits.startsWith('91')) return { error: ONLY_INDIAN };
  const national = digits.slice(2);
  if (national.length === 10) return mobile(national);
  // A SIM's own M2M number is often written +91 and 13 digits (E.164); the whitelist stores the 13 digits.
  if (national.length === 13) return m2m(national);
  return { error: wrongLength(national.length) };
}

/** Normalises one number as typed: '+91 98765 43210', '098765-43210', '9876543210' → '+919876543210'; 13-digit M2M numbers stay 13 digits. */
export function normaliseWhitelistNumber(text: string): TNumberResult {
  if (typeof text !== 'string') return { error: 'Enter a phone number' };
  if (hasControlCharacter(text)) return { error: 'The number contains a control character; type it again without it' };
  const compact = text.replace(/[\s.()-]/g, '');
  if (compact === '') return { error: 'Enter a phone number' };
  if (/\p{L}/u.test(compact)) return { error: 'A phone number has digits only: remove the letters' };
  const plus = compact.startsWith('+');
  const digits = plus ? compact.slice(1) : compact;
  if (digits === '') return { error: 'Enter a phone number after the +' };
  if (!/^[0-9]+$/.test(digits)) {
    return { error: 'A phone number has digits only, with an optional + at the start (spaces, dashes, dots and brackets are fine)' };
  }
  if (plus) return international(digits);
  if (digits.startsWith('00')) return international(digits.slice(2));

  switch (digits.length) {
    case 10:
      return mobile(digits);
    case 11:
      // A trunk 0 before the 10-digit mobile number.
      return digits.startsWith('0') ? mobile(digits.slice(1)) : { error: wrongLength(11) };
    case 12:
      return digits.startsWith('91') ? mobile(digits.slice(2)) : { error: wrongLength(12) };
    case 13:
      return m2m(digits);
    default:
      return { error: wrongLength(digits.length) };
  }
}

/**
 * A stored number for people: mobile numbers as '+91 98765 43210'; M2M numbers in groups of 5, 4 and 4
 * ('59123 4567 8901'), short enough to read out and check digit by digit. Anything else is shown as stored.
 */
export function formatWhitelistNumber(number: string): string {
  const mobileMatch = /^\+91(\d{5})(\d{5})$/.exec(number);
  if (mobileMatch) return `+91 ${mobileMatch[1]} ${mobileMatch[2]}`;
  const m2mMatch = /^(\d{5})(\d{4})(\d{4})$/.exec(number);
  if (m2mMatch) return `${m2mMatch[1]} ${m2mMatch[2]} ${m2mMatch[3]}`;
  return number;
}
