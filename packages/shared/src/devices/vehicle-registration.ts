/**
 * Indian vehicle registration numbers (Central Motor Vehicles Rules, rule 50, and the BH series of 2021), written without
 * spaces or hyphens in capitals:
 *  - state series: the state or union territory's code, the district (RTO) number of one or two digits, up to three
 *    series letters, and a number of one to four digits — MH12AB1234, DL3CAF0001, KA01A9;
 *  - BH series: the year's last two digits, BH, four digits and one or two letters — 22BH1234AA.
 */

/** The registration codes of the states and union territories (OR and UA, the codes before Odisha and Uttarakhand, still run). */
export const REGISTRATION_STATE_CODES = [
  'AN',
  'AP',
  'AR',
  'AS',
  'BR',
  'CG',
  'CH',
  'DD',
  'DL',
  'DN',
  'GA',
  'GJ',
  'HP',
  'HR',
  'JH',
  'JK',
  'KA',
  'KL',
  'LA',
  'LD',
  'MH',
  'ML',
  'MN',
  'MP',
  'MZ',
  'NL',
  'OD',
  'OR',
  'PB',
  'PY',
  'RJ',
  'SK',
  'TN',
  'TR',
  'TS',
  'UA',
  'UK',
  'UP',
  'WB',
] as const;

const STATE_SERIES = /^([A-Z]{2})(\d{1,2})([A-Z]{0,3})(\d{1,4})$/;
const BH_SERIES = /^(\d{2})BH(\d{4})([A-Z]{1,2})$/;

/** The number as it is stored: capitals, no spaces, dots or hyphens. */
export const normaliseRegistration = (value: string): string => value.toUpperCase().replace(/[\s.-]/g, '');

/** Why a registration number is not one, or null. */
export function registrationError(value: string): string | null {
  const v = normaliseRegistration(value);
  if (v === '') return 'Give the registration number';
  if (BH_SERIES.test(v)) return null;
  const m = STATE_SERIES.exec(v);
  if (!m) return 'Not an Indian registration number: state code, district, series and number (MH12AB1234), or the BH series (22BH1234AA)';
  if (!(REGISTRATION_STATE_CODES as readonly string[]).includes(m[1]!)) return `${m[1]} is not a state or union territory code`;
  if (Number(m[2]) === 0) return 'The district number cannot be 0';
  if (Number(m[4]) === 0) return 'The number cannot be 0';
  return null;
}
