import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';

type TCodeDialogProps = {
  title: string;
  text: string;
  label: string;
  submitLabel: string;
  /** `password` for the password field; otherwise a code. */
  kind?: 'code' | 'password';
  danger?: boolean;
  /** Checks what was typed; rejects with the server's error. */
  onSubmit: (typed: string) => Promise<void>;
  onClose: () => void;
};

/** Asks for one value (the password, or a code) before a change to how the user signs in. */
export function CodeDialog({ title, text, label, submitLabel, kind = 'code', danger, onSubmit, onClose }: TCodeDialogProps) {
  const form = useForm({ defaultValues: { value: '' } });
  return (
    <FormDialog
      form={form}
      title={title}
      text={text}
      submitLabel={submitLabel}
      submitColor={danger ? 'error' : 'primary'}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async ({ value }) => {
        if (!value.trim()) {
          form.setError('root', { message: label });
          return;
        }
        await onSubmit(value);
      }}
    >
      <FormTextField
        name="value"
        label={label}
        type={kind === 'password' ? 'password' : 'text'}
        autoComplete={kind === 'password' ? 'current-password' : 'one-time-code'}
        autoFocus
        fullWidth
      />
    </FormDialog>
  );
}
