import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { displayDay, parseDay } from '@/lib/date';
import { FormTextField, type TFormTextFieldProps } from './form-text-field';

/** The message of a date that is not a real day written DD/MM/YYYY. */
export const DAY_INVALID = 'Enter a date as DD/MM/YYYY';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the form holds for the typed text: the day (YYYY-MM-DD), blank, or the text itself while it is not a day. */
export const dayValue = (text: string): string => (text.trim() === '' ? '' : (parseDay(text) ?? text));

/** A date field's value: an Indian calendar day as the API takes it (YYYY-MM-DD), or null when left blank. */
export const ZDayInput = z
  .string()
  .refine((value) => value === '' || ISO_DAY.test(value), DAY_INVALID)
  .transform((value) => (value === '' ? null : value));

/** A day as the input shows it: DD/MM/YYYY, or the text that is not a day yet. */
const dayText = (value: unknown): string =>
  typeof value === 'string' && ISO_DAY.test(value) ? displayDay(value) : ((value as string) ?? '');

/**
 * A date typed as DD/MM/YYYY (spec §9), kept by the form as the day it names in India (YYYY-MM-DD); `indiaDayOf` and
 * `startOfIndiaDay` (lib/date) turn instants into such days and back. Check it with `ZDayInput`.
 */
export function DateField(props: Omit<TFormTextFieldProps, 'parse' | 'format'>) {
  const { t } = useTranslation('ui');
  return (
    <FormTextField
      autoComplete="off"
      placeholder={t('form.dayPlaceholder')}
      {...props}
      parse={dayValue}
      format={dayText}
      inputProps={{ ...props.inputProps, inputMode: 'numeric' }}
    />
  );
}
