import { type FeedbackType, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { INDIAN_DICTIONARY } from './indian-dictionary';
import {
  findLengthReason,
  findPersonalReason,
  levelOfScore,
  ownerWords,
  PASSWORD_MIN_SCORE,
  type TPasswordAssessment,
  type TPasswordOwner,
  type TPasswordReason,
  type TPasswordScore,
} from './password-rules';

/**
 * The password strength estimator (zxcvbn-ts) with the common-password list (~50,000 leaked passwords and the
 * diceware words), keyboard layouts and the Indian names and password words of `indian-dictionary.ts`. Server
 * and console call the same `assessPassword`; the console imports this module lazily because its dictionaries
 * are large.
 */
let estimator: ZxcvbnFactory | null = null;

/** How much of a password the estimator reads. */
export const ESTIMATED_LENGTH = 64;

function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, ...INDIAN_DICTIONARY },
    graphs: adjacencyGraphs,
    // Bounded work for any input (the estimator's cost grows fast with length and with l33t-looking
    // characters): a longer password is judged by its first 64 characters, and at most 8 characters are
    // tried as l33t substitutions. Measured here: a few milliseconds a check instead of up to 2 s at 255.
    maxLength: ESTIMATED_LENGTH,
    l33tMaxSubstitutions: 8,
  });
  return estimator;
}

/** zxcvbn's warnings and suggestions (keys, since no translation is loaded) as our reasons. */
const REASON_OF_FEEDBACK: Record<string, TPasswordReason> = {
  topTen: 'common',
  topHundred: 'common',
  common: 'common',
  similarToCommon: 'common',
  pwned: 'common',
  wordByItself: 'commonWord',
  namesByThemselves: 'commonWord',
  commonNames: 'commonWord',
  userInputs: 'personal',
  simpleRepeat: 'repeated',
  extendedRepeat: 'repeated',
  repeated: 'repeated',
  sequences: 'sequence',
  straightRow: 'keyboard',
  keyPattern: 'keyboard',
  longerKeyboardPattern: 'keyboard',
  recentYears: 'dates',
  dates: 'dates',
  associatedYears: 'dates',
};

function reasonOfFeedback(feedback: FeedbackType): TPasswordReason {
  for (const key of [feedback.warning, ...feedback.suggestions]) {
    const reason = key ? REASON_OF_FEEDBACK[key] : undefined;
    if (reason) return reason;
  }
  return 'guessable';
}

/**
 * Scores a password and decides whether it may be chosen: long enough and not too long, nothing of the
 * owner's e-mail, name or phone in it, and a zxcvbn score of at least 3 with the owner's details counted as
 * words an attacker knows.
 */
export function assessPassword(password: string, owner: TPasswordOwner = {}): TPasswordAssessment {
  const result = getEstimator().check(password, ownerWords(owner));
  const score = result.score as TPasswordScore;
  const ruleReason = findLengthReason(password) ?? findPersonalReason(password, owner);
  const reason = ruleReason ?? (score < PASSWORD_MIN_SCORE ? reasonOfFeedback(result.feedback) : null);
  // A refused password never shows as good or strong; one refused for its length or the owner's details, as weak.
  const shown = (ruleReason ? Math.min(score, 1) : score) as TPasswordScore;
  return { score: shown, level: levelOfScore(shown), acceptable: reason === null, reason };
}
