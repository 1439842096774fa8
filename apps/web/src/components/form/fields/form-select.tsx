import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useFormField } from './use-form-field';

export type TSelectOption = { value: string; label: string; description?: string; disabled?: boolean };

type TFormSelectProps = {
  name: string;
  label: string;
  options: readonly TSelectOption[];
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The one line of an empty menu ("No roles fit"). */
  emptyText?: string;
  /** Called with the chosen value after the form has it (to clear a field that no longer fits). */
  onValueChange?: (value: string) => void;
  sx?: SxProps<Theme>;
};

/** One value from a list; a value the list does not hold shows as none. */
export function FormSelect({ name, label, options, hint, required, disabled, emptyText, onValueChange, sx }: TFormSelectProps) {
  const { field, error, helperText, readOnly } = useFormField(name, hint);
  const value = options.some((o) => o.value === field.value) ? (field.value as string) : '';
  return (
    <TextField
      select
      label={label}
      required={required}
      disabled={disabled || readOnly}
      name={field.name}
      value={value}
      onChange={(event) => {
        field.onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
      helperText={helperText}
      sx={sx}
    >
      {options.length === 0 && emptyText && (
        <MenuItem value="" disabled>
          {emptyText}
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.description ? <ListItemText primary={option.label} secondary={option.description} /> : option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
