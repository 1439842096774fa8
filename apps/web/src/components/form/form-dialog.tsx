import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, type TFormProps } from './form';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';

type TFormDialogProps<TIn extends FieldValues, TOut> = Omit<TFormProps<TIn, TOut>, 'label'> & {
  title: string;
  /** What the dialog does, above the fields. */
  text?: string;
  submitLabel: string;
  /** The submit button's colour: `error` for what cannot be undone, `warning` for what takes something back. */
  submitColor?: 'primary' | 'error' | 'warning';
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
};

/**
 * A form in a dialog (edit a SIM, a gateway, a code to confirm): the title, the fields, the general error, and
 * Cancel and the submit button. It cannot be closed while its submission is on its way.
 */
export function FormDialog<TIn extends FieldValues, TOut>({
  title,
  text,
  submitLabel,
  submitColor = 'primary',
  onClose,
  maxWidth = 'sm',
  children,
  ...form
}: TFormDialogProps<TIn, TOut>) {
  const { t } = useTranslation('ui');
  const id = useId();
  const busy = form.form.formState.isSubmitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth={maxWidth} fullWidth>
      <Form {...form} label={title}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {text && <DialogContentText>{text}</DialogContentText>}
            {children}
            <FormAlert />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <SubmitButton color={submitColor}>{submitLabel}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
