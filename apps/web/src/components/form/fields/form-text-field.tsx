import { type ReactNode, useEffect, useId, useState } from 'react';
import { TextInput, type TTextInputProps } from './text-input';
import { useFormField } from './use-form-field';

export type TFormTextFieldProps = Omit<TTextInputProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'helperText'> & {
  /** The form value it edits. */
  name: string;
  id?: string;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  /** A line under the hint that depends on the value (the paise an amount makes). */
  note?: (value: unknown) => ReactNode;
  /** What the form holds for the typed text (digits only, paise for rupees); the text itself by default. */
  parse?: (text: string) => unknown;
  /** What the input shows for a value set from outside (the defaults, a reset); the value itself by default. */
  format?: (value: unknown) => string;
};

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const same = (text: string): unknown => text;

/**
 * A text field of the form: its value, its error or hint, disabled when the form is read-only. With `parse`, the
 * input keeps the text as typed ("12." on the way to "12.50") while the form holds what it means.
 */
export function FormTextField({ name, id, hint, note, parse = same, format = asText, disabled, ...props }: TFormTextFieldProps) {
  const ownId = useId();
  const { field, error, helperText, readOnly } = useFormField(name, hint);
  const [text, setText] = useState(() => format(field.value));
  // A value from outside shows in its own form; the one typing made leaves the text as typed.
  useEffect(() => {
    setText((typed) => (Object.is(parse(typed), field.value) ? typed : format(field.value)));
  }, [field.value, parse, format]);
  const extra = !error && note ? note(field.value) : null;
  return (
    <TextInput
      {...props}
      id={id ?? ownId}
      ref={field.ref}
      name={field.name}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(parse(event.target.value));
      }}
      onBlur={field.onBlur}
      error={error}
      helperText={
        extra ? (
          <>
            {helperText}
            {helperText && <br />}
            {extra}
          </>
        ) : (
          helperText
        )
      }
      disabled={disabled || readOnly}
    />
  );
}
