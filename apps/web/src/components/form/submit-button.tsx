import Button, { type ButtonProps } from '@mui/material/Button';
import { useFormFrame } from './form-frame';

/** The form's submit button: busy (a spinner, disabled) while the submission is on its way. */
export function SubmitButton({ children, ...props }: Omit<ButtonProps, 'type' | 'loading'>) {
  const { busy } = useFormFrame();
  return (
    <Button type="submit" variant="contained" loading={busy} {...props}>
      {children}
    </Button>
  );
}
