import InputAdornment from '@mui/material/InputAdornment';
import { PHONE_DEFAULT_PREFIX } from '@tarang/shared/common/limits';
import { FormTextField, type TFormTextFieldProps } from './form-text-field';

const PREFIX = new RegExp(`^\\s*\\${PHONE_DEFAULT_PREFIX}`);

/** The input shows the number without its +91 (which sits before it); blank for none. */
export const phoneText = (value: unknown): string => (typeof value === 'string' ? value.replace(PREFIX, '') : '');

/** What is typed after the +91 (a pasted +91 once), as the form holds it: with the prefix, or blank. */
export const phoneValue = (text: string): string => (text.trim() ? `${PHONE_DEFAULT_PREFIX}${text.replace(PREFIX, '')}` : '');

/**
 * An Indian phone number (spec §9): +91 is shown before the input and is part of the value, so what the user types
 * is the 10 digits (or the 13 of an M2M number). The schema drops spaces and checks the number (`ZPhone`).
 */
export function PhoneField(props: Omit<TFormTextFieldProps, 'type' | 'startAdornment' | 'parse' | 'format'>) {
  return (
    <FormTextField
      autoComplete="tel-national"
      {...props}
      type="tel"
      parse={phoneValue}
      format={phoneText}
      startAdornment={<InputAdornment position="start">{PHONE_DEFAULT_PREFIX}</InputAdornment>}
    />
  );
}
