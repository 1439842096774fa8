import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { OPERATORS } from '@tarang/shared/sims/identifiers';
import { type ReactNode, useId } from 'react';
import { useFormField } from '@/components/form/fields/use-form-field';

type TOperatorsFieldProps = { name: string; label: string; hint?: ReactNode; required?: boolean };

/** The operators a plan works on: one box per operator, kept in the catalogue's order. */
export function OperatorsField({ name, label, hint, required }: TOperatorsFieldProps) {
  const id = useId();
  const { field, error, helperText, readOnly } = useFormField(name, hint);
  const chosen = new Set((field.value as string[] | undefined) ?? []);
  const toggle = (operator: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(operator);
    else next.delete(operator);
    field.onChange(OPERATORS.filter((o) => next.has(o)));
  };
  return (
    <FormControl
      component="fieldset"
      error={error}
      disabled={readOnly}
      required={required}
      aria-describedby={helperText ? `${id}-help` : undefined}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {OPERATORS.map((operator, index) => (
          <FormControlLabel
            key={operator}
            label={operator}
            control={
              <Checkbox
                name={field.name}
                checked={chosen.has(operator)}
                onChange={(event) => toggle(operator, event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
      {helperText && <FormHelperText id={`${id}-help`}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
