import { PASSWORD_MAX, PASSWORD_MIN } from '../common/limits';
import { MESSAGES } from '../common/messages';

/**
 * The rule for a newly chosen password, in words: 8 to 255 characters compared as typed, a strength estimate
 * of at least PASSWORD_MIN_SCORE (zxcvbn's 0–4 scale), and nothing of the owner's e-mail address, name or
 * phone number in it. This module holds what is cheap (reasons, levels, the personal-data check); the
 * estimator itself, with its dictionaries, is `password-strength.ts`, which the console loads only on the
 * forms where a password is chosen.
 */
export const PASSWORD_MIN_SCORE = 3;

/** Why a password is refused, with the English text the server answers and the console translates. */
export const PASSWORD_REASONS = {
  tooShort: MESSAGES.newPasswordTooShort,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  containsEmail: 'The password must not contain your e-mail address',
  containsName: 'The password must not contain your name',
  containsPhone: 'The password must not contain your phone number',
  personal: 'The password is too close to your name, e-mail address or phone number',
  common: 'This password is too common; choose another',
  commonWord: 'A single word or name is easy to guess; add more words',
  repeated: 'Repeated characters such as "aaa" or "abcabc" are easy to guess',
  sequence: 'Sequences such as "abcd" or "1234" are easy to guess',
  keyboard: 'Keyboard patterns such as "qwerty" are easy to guess',
  dates: 'Dates and years are easy to guess',
  guessable: 'This password is too easy to guess; add more words or characters',
} as const;
export type TPasswordReason = keyof typeof PASSWORD_REASONS;

/** The console's meter: zxcvbn scores 0–1 weak, 2 fair, 3 good, 4 strong; good and strong are accepted. */
export const PASSWORD_LEVELS = ['weak', 'fair', 'good', 'strong'] as const;
export type TPasswordLevel = (typeof PASSWORD_LEVELS)[number];

export type TPasswordScore = 0 | 1 | 2 | 3 | 4;

export type TPasswordAssessment = {
  score: TPasswordScore;
  level: TPasswordLevel;
  acceptable: boolean;
  /** Why it is refused; null when it is accepted. */
  reason: TPasswordReason | null;
};

/** Whose password it is: what it must not contain. */
export type TPasswordOwner = {
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

export function levelOfScore(score: TPasswordScore): TPasswordLevel {
  return score <= 1 ? 'weak' : score === 2 ? 'fair' : score === 3 ? 'good' : 'strong';
}

/** The reason whose English text this is (a server answer), or null. */
export function passwordReasonOfMessage(message: string | null | undefined): TPasswordReason | null {
  if (!message) return null;
  const found = (Object.entries(PASSWORD_REASONS) as [TPasswordReason, string][]).find(([, text]) => text === message);
  return found ? found[0] : null;
}

/**
 * Parts shorter than this are not refused on their own ("Raj" inside "Rajasthan…"); the estimator still
 * counts them as known words, so a password made mostly of one scores low anyway.
 */
const MIN_PART = 4;

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

function emailParts(email: string | null | undefined): { whole: string; local: string; pieces: string[] } {
  const whole = lower(email);
  const local = whole.includes('@') ? whole.slice(0, whole.lastIndexOf('@')) : '';
  const pieces = local.split(/[^\p{L}\p{N}]+/u).filter((p) => p.length >= MIN_PART);
  return { whole, local, pieces };
}

function nameParts(owner: TPasswordOwner): string[] {
  return [owner.firstName, owner.lastName]
    .flatMap((name) => lower(name).split(/[^\p{L}\p{N}]+/u))
    .filter((part) => part.length >= MIN_PART);
}

/** The national number of a phone (the last 10 digits of an Indian number; all digits of a shorter one). */
function phoneDigits(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/** Words the estimator should treat as known to an attacker who targets this owner. */
export function ownerWords(owner: TPasswordOwner): string[] {
  const email = emailParts(owner.email);
  const phone = (owner.phone ?? '').replace(/\D/g, '');
  const names = [owner.firstName, owner.lastName].flatMap((name) => lower(name).split(/[^\p{L}\p{N}]+/u));
  return [
    ...new Set([email.whole, email.local, ...email.local.split(/[^\p{L}\p{N}]+/u), ...names, phone, phoneDigits(owner.phone)]),
  ].filter((word) => word.length >= 2);
}

/**
 * Refuses a password that contains the owner's e-mail address, its local part (or a word of it), a name of
 * theirs or their phone number, ignoring case and the separators people put in phone numbers.
 */
export function findPersonalReason(password: string, owner: TPasswordOwner): TPasswordReason | null {
  const typed = password.toLowerCase();
  const email = emailParts(owner.email);
  if (email.whole && (typed.includes(email.whole) || (email.local.length >= MIN_PART && typed.includes(email.local))))
    return 'containsEmail';
  if (nameParts(owner).some((part) => typed.includes(part))) return 'containsName';
  if (email.pieces.some((piece) => typed.includes(piece))) return 'containsEmail';
  const phone = phoneDigits(owner.phone);
  if (phone.length >= 6 && password.replace(/[\s().+-]/g, '').includes(phone)) return 'containsPhone';
  return null;
}

/** The length part of the rule; the same check the forms' schemas make. */
export function findLengthReason(password: string): TPasswordReason | null {
  if (password.length < PASSWORD_MIN) return 'tooShort';
  if (password.length > PASSWORD_MAX) return 'tooLong';
  return null;
}
