import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

type TSettledTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  /** Called with the trimmed text once typing has settled (and the text is valid). */
  onSettled: (value: string) => void;
  /** Returns an error text for a value that must not be used, or null. */
  validate?: (value: string) => string | null;
};

/**
 * A text filter that changes the list only when typing stops, and only with a valid value. The address changing
 * (a link from global search, a cleared filter) retypes the box; typing does not wait for the address.
 */
export function SettledTextField({ value, onSettled, validate, helperText, ...props }: TSettledTextFieldProps) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), 350);
  const error = settled && validate ? validate(settled) : null;
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text settles, not when the address changes
  useEffect(() => {
    if (!error && settled !== value) onSettled(settled);
  }, [settled, error]);
  return (
    <TextField {...props} value={text} onChange={(e) => setText(e.target.value)} error={Boolean(error)} helperText={error ?? helperText} />
  );
}
