/**
 * The end user's identity document behind an M2M SIM's device (the DoT's KYC instructions for M2M SIMs ask the
 * provider to keep the end user's name, contact and an identity document). Numbers are checked by their document's
 * format; an Aadhaar number also by its Verhoeff check digit. Roles without the device module's View KYC see them
 * masked, in lists and exports alike.
 */

export const KYC_ID_TYPES = ['AADHAAR', 'PAN', 'PASSPORT', 'DRIVING_LICENCE', 'VOTER_ID', 'GSTIN'] as const;
export type TKycIdType = (typeof KYC_ID_TYPES)[number];

// Verhoeff's tables: multiplication in the dihedral group D5, the permutation, and the inverse.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Whether a string of digits ends in its Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const rev = digits.split('').reverse();
  for (let i = 0; i < rev.length; i++) c = D[c]![P[i % 8]![Number(rev[i])]!]!;
  return c === 0;
}

/** The number as it is stored: capitals, no spaces or hyphens. */
export const normaliseKycNumber = (value: string): string => value.toUpperCase().replace(/[\s-]/g, '');

const FORMATS: Record<TKycIdType, { pattern: RegExp; says: string }> = {
  AADHAAR: { pattern: /^[2-9]\d{11}$/, says: 'An Aadhaar number is 12 digits, not starting with 0 or 1' },
  PAN: { pattern: /^[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]$/, says: 'A PAN is five letters, four digits and a letter (ABCPE1234F)' },
  PASSPORT: { pattern: /^[A-Z]\d{7}$/, says: 'An Indian passport number is a letter and seven digits (J8369854)' },
  DRIVING_LICENCE: { pattern: /^[A-Z]{2}\d{13}$/, says: 'A driving licence number is the state code and 13 digits (MH1420110062821)' },
  VOTER_ID: { pattern: /^[A-Z]{3}\d{7}$/, says: 'A voter ID (EPIC) is three letters and seven digits (ABC1234567)' },
  GSTIN: {
    pattern: /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
    says: 'A GSTIN is 15 characters: state, PAN, entity, Z and a check character',
  },
};

/** Why a document number is not one of its type, or null. */
export function kycNumberError(type: TKycIdType, value: string): string | null {
  const v = normaliseKycNumber(value);
  const format = FORMATS[type];
  if (!format.pattern.test(v)) return format.says;
  if (type === 'AADHAAR' && !verhoeffValid(v)) return 'This Aadhaar number’s check digit is wrong';
  return null;
}

/** A document number as a role without View KYC sees it: its last four characters. */
export function maskKycNumber(value: string | null): string | null {
  if (value === null) return null;
  return `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
}

/** A phone number as a role without View KYC sees it: its prefix and last three digits. */
export function maskPhone(value: string | null): string | null {
  if (value === null) return null;
  const prefix = value.startsWith('+91') ? '+91' : '';
  const rest = value.slice(prefix.length);
  return `${prefix}${'•'.repeat(Math.max(0, rest.length - 3))}${rest.slice(-3)}`;
}
