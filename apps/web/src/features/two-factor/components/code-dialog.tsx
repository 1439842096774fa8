import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { translateError } from '@/lib/i18n/i18n';

type TCodeDialogProps = {
  open: boolean;
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
export function CodeDialog({ open, title, text, label, submitLabel, kind = 'code', danger, onSubmit, onClose }: TCodeDialogProps) {
  const { t } = useTranslation('ui');
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    setValue('');
    setProblem(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setProblem(label);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit(value);
      setValue('');
    } catch (error) {
      setProblem(translateError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{text}</DialogContentText>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput
              id={`${id}-value`}
              label={label}
              type={kind === 'password' ? 'password' : 'text'}
              autoComplete={kind === 'password' ? 'current-password' : 'one-time-code'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={Boolean(problem)}
              autoFocus
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
