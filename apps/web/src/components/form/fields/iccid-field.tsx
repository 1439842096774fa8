import { iccidError } from '@tarang/shared/sims/identifiers';
import { z } from 'zod';
import { FormTextField, type TFormTextFieldProps } from './form-text-field';

/** What the form holds for typed or pasted text: its digits (spaces and dashes of a printed ICCID dropped). */
export const iccidValue = (text: string): string => text.replace(/\D/g, '');

/** A form's ICCID: 19 or 20 digits from 89 with the right check digit, with the shared validator's messages. */
export const ZIccidInput = z.string().superRefine((value, ctx) => {
  const problem = iccidError(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** An ICCID, typed or pasted as printed (spaces kept on screen, digits in the form), checked by `ZIccidInput`. */
export function IccidField(props: Omit<TFormTextFieldProps, 'parse' | 'format'>) {
  return (
    <FormTextField
      autoComplete="off"
      {...props}
      parse={iccidValue}
      inputProps={{ ...props.inputProps, inputMode: 'numeric', spellCheck: false }}
    />
  );
}
