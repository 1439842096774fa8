import Alert, { type AlertProps } from '@mui/material/Alert';
import { useFormState } from 'react-hook-form';

/** Why the last submission failed, when no field is about it (the form's `root` error). */
export function FormAlert(props: Omit<AlertProps, 'severity' | 'role' | 'children'>) {
  const { errors } = useFormState();
  const message = errors.root?.message;
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" {...props}>
      {message}
    </Alert>
  );
}
