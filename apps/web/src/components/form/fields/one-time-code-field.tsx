import { FormTextField, type TFormTextFieldProps } from './form-text-field';

type TOneTimeCodeFieldProps = Omit<TFormTextFieldProps, 'autoComplete' | 'parse' | 'format'> & {
  /** Digits only (a 6-digit code): the phone shows its number pad. A recovery code has letters too. */
  numeric?: boolean;
};

/** A code sent by SMS or shown by an authenticator app (or a recovery code): the browser may fill it in from the message. */
export function OneTimeCodeField({ numeric = false, ...props }: TOneTimeCodeFieldProps) {
  return (
    <FormTextField
      fullWidth
      {...props}
      autoComplete="one-time-code"
      inputProps={{ spellCheck: false, autoCapitalize: 'off', ...(numeric ? { inputMode: 'numeric' } : {}), ...props.inputProps }}
    />
  );
}
