import { normaliseWhitelistNumber } from '@tarang/shared/whitelists/whitelist-numbers';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { serverErrorSetter, throwPlacedErrors } from './server-errors';

/** A number as typed, with the line of the box it is on (1-based) and its place among the numbers (0-based). */
export type TNumberItem = { line: number; index: number; value: string };
/** A number the rules refuse, by its line. */
export type TNumberProblem = TNumberItem & { message: string };

export const NUMBERS_REQUIRED = 'Enter at least one number';
export const NUMBERS_REFUSED = 'Correct the numbers on the lines listed under the box';
/** The form's alert after the server refused some numbers (they are listed by line). */
export const NUMBERS_REFUSED_ON_SAVE = 'Some numbers were refused: correct the listed lines and save again';

/** The numbers of the box: one a line, or several on a line separated by commas or semicolons; blanks are skipped. */
export function numberItems(text: string): TNumberItem[] {
  const items = text.split(/\r?\n/).flatMap((content, i) =>
    content
      .split(/[,;]/)
      .map((value) => value.trim())
      .filter(Boolean)
      .map((value) => ({ line: i + 1, value })),
  );
  return items.map((item, index) => ({ ...item, index }));
}

/** Each number in the stored form ('+91 98765 43210' → '+919876543210'), or the refused ones by line. */
export function checkNumbers(items: readonly TNumberItem[]): { numbers: string[]; problems: TNumberProblem[] } {
  const numbers: string[] = [];
  const problems: TNumberProblem[] = [];
  for (const item of items) {
    const result = normaliseWhitelistNumber(item.value);
    if ('error' in result) problems.push({ ...item, message: result.error });
    else numbers.push(result.number);
  }
  return { numbers, problems };
}

/** The box of numbers, checked with the shared rules (`required`: at least one number). */
export const numbersText = (required: boolean) =>
  z.string().superRefine((text, ctx) => {
    const items = numberItems(text);
    if (items.length === 0) {
      if (required) ctx.addIssue({ code: 'custom', message: NUMBERS_REQUIRED });
      return;
    }
    if (checkNumbers(items).problems.length) ctx.addIssue({ code: 'custom', message: NUMBERS_REFUSED });
  });

/** The numbers a save sends, in the stored form, one for each item (so the server's `numbers.2` is the third item). */
export function numbersOfText(text: string): string[] {
  return numberItems(text).map((item) => {
    const result = normaliseWhitelistNumber(item.value);
    return 'number' in result ? result.number : item.value;
  });
}

/** A refusal of the server without the number it repeats at its end ('… (+915876543210)'): the line shows the number. */
export function withoutSentValue(message: string, sent: string | undefined): string {
  const suffix = sent === undefined ? null : ` (${sent.slice(0, 40)})`;
  return suffix && message.endsWith(suffix) ? message.slice(0, -suffix.length) : message;
}

/** The box's field for a server path: 'numbers.2' → the third item's refusal, 'numbers' → the box itself. */
export function numberFieldOf(name: string, path: string): string | null {
  const match = /^(?:body\.)?numbers(?:\.(\d+))?$/.exec(path);
  if (!match) return null;
  return match[1] === undefined ? name : refusedField(name, Number(match[1]));
}

/** Where the server's refusal of the item at `index` is kept in the form's errors. */
export const refusedField = (name: string, index?: number) => (index === undefined ? `${name}Refused` : `${name}Refused.${index}`);

/**
 * After a refused save: the server's refusals of numbers by item under the box `name` (listed by line, the box marked),
 * a refusal of the whole list on the box, the rest for the form.
 */
export function throwNumberErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, name: string): never {
  const set = serverErrorSetter(setError);
  return throwPlacedErrors(
    error,
    NUMBERS_REFUSED_ON_SAVE,
    (path) => numberFieldOf(name, path),
    (field, message, focus) => {
      if (field !== name) set(field, message, false);
      set(name, field === name ? message : NUMBERS_REFUSED, focus);
    },
  );
}
