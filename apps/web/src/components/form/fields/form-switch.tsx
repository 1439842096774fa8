import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useToggleField } from './use-form-field';

type TFormSwitchProps = {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** `error` for a switch that stops something (an outage). */
  color?: 'primary' | 'error';
  sx?: SxProps<Theme>;
};

/** A yes/no setting as a switch (public API access, an outage), its hint or error under it. */
export function FormSwitch({ name, label, hint, color, sx }: TFormSwitchProps) {
  const { control, under } = useToggleField(name, hint);
  return (
    <Box sx={sx}>
      <FormControlLabel label={label} control={<Switch {...control} color={color} />} />
      {under}
    </Box>
  );
}
