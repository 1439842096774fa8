import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { forwardRef, type ReactNode } from 'react';

export type TTextInputProps = Omit<OutlinedInputProps, 'label' | 'inputRef' | 'id' | 'sx'> & {
  id: string;
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  /** Styles of the whole field (label, input and helper text), e.g. its place in a grid. */
  sx?: SxProps<Theme>;
};

/**
 * The outlined text input every text field of the console is drawn with: a label, the input, a helper or error
 * text. Lighter than MUI's TextField (which also brings the select menu), so the sign-in page stays small.
 */
export const TextInput = forwardRef<HTMLInputElement, TTextInputProps>(function TextInput(
  { id, label, helperText, error, fullWidth, required, disabled, sx, ...rest },
  ref,
) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} required={required} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...rest}
        id={id}
        label={label}
        inputRef={ref}
        inputProps={{ ...rest.inputProps, 'aria-describedby': helperId, 'aria-invalid': error || undefined }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
