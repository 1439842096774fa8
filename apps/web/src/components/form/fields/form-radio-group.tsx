import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useFormField } from './use-form-field';

type TFormRadioGroupProps = { name: string; label: string; options: readonly { value: string; label: string }[] };

/** One of a few choices, side by side, as radio buttons under their label. */
export function FormRadioGroup({ name, label, options }: TFormRadioGroupProps) {
  const id = useId();
  const { field, readOnly } = useFormField(name);
  return (
    <FormControl disabled={readOnly}>
      <FormLabel id={`${id}-label`}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={`${id}-label`}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
