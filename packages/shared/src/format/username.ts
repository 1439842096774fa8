import { PHONE_DEFAULT_PREFIX } from '../common/limits';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** E.164 Indian numbers: +91 and 10 digits, or the 13-digit M2M numbers. */
export const INDIAN_PHONE_PATTERN = /^\+91(\d{10}|\d{13})$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Spec §5: a username that is not an email and has no +91 gets the +91 prefix. */
export function normalizeUsername(raw: string): string {
  const value = raw.trim();
  if (isEmail(value)) return value.toLowerCase();
  const compact = value.replace(/[\s-]/g, '');
  if (compact.startsWith(PHONE_DEFAULT_PREFIX)) return compact;
  return `${PHONE_DEFAULT_PREFIX}${compact}`;
}
