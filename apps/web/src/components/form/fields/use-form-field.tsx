import FormHelperText from '@mui/material/FormHelperText';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { useController } from 'react-hook-form';
import { useFormFrame } from '../form-frame';

/**
 * One field of the form around it: its value and handlers, whether it is in error, and the text under it (the
 * translated error, else the hint). Disabled when the form is read-only.
 */
export function useFormField(name: string, hint?: ReactNode) {
  const { field, fieldState } = useController({ name });
  const { translate, readOnly } = useFormFrame();
  // An object field (a permission matrix) may carry its error on itself or, from an array rule, on `root`.
  const message = fieldState.error?.message ?? fieldState.error?.root?.message;
  return {
    field,
    error: Boolean(message),
    helperText: message ? translate(message) : hint,
    readOnly,
  };
}

/** A yes/no field (a switch, a checkbox): the props of its control, and the hint or error to show under it. */
export function useToggleField(name: string, hint?: ReactNode) {
  const helperId = useId();
  const { field, error, helperText, readOnly } = useFormField(name, hint);
  return {
    control: {
      name: field.name,
      checked: Boolean(field.value),
      onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.checked),
      onBlur: field.onBlur,
      disabled: readOnly,
      slotProps: { input: { ref: field.ref, 'aria-describedby': helperText ? helperId : undefined } },
    },
    under: helperText ? (
      <FormHelperText id={helperId} error={error}>
        {helperText}
      </FormHelperText>
    ) : null,
  };
}
