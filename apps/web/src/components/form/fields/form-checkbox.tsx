import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactNode } from 'react';
import { useToggleField } from './use-form-field';

/** A box to tick (the terms accepted), its error under it. */
export function FormCheckbox({ name, label, hint }: { name: string; label: ReactNode; hint?: ReactNode }) {
  const { control, under } = useToggleField(name, hint);
  return (
    <Box>
      <FormControlLabel label={label} control={<Checkbox {...control} />} />
      {under}
    </Box>
  );
}
