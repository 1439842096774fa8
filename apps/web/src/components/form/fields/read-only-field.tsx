import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, useId } from 'react';
import { TextInput } from './text-input';

/** A value the user may not change here, shown like a disabled field (their own role, a built-in role's kind). */
export function ReadOnlyField({ label, value, hint, sx }: { label: string; value: string; hint?: ReactNode; sx?: SxProps<Theme> }) {
  const id = useId();
  return <TextInput id={id} label={label} value={value} helperText={hint} disabled readOnly sx={sx} />;
}
