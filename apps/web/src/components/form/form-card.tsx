import Alert from '@mui/material/Alert';
import Box, { type BoxProps } from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, type TFormProps } from './form';
import { FormAlert } from './form-alert';
import { useFormFrame } from './form-frame';
import { SubmitButton } from './submit-button';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

type TFormCardProps<TIn extends FieldValues, TOut> = TFormProps<TIn, TOut> & {
  /** Shown above the fields (why the form is read-only). */
  notice?: ReactNode;
  submitLabel: string;
  onCancel?: () => void;
};

/**
 * A page's form (add or edit a record): a bordered card with the sections of fields, the general error, and Cancel
 * and the submit button at the bottom. Leaving it with unsaved changes asks first.
 */
export function FormCard<TIn extends FieldValues, TOut>({ notice, submitLabel, onCancel, children, ...form }: TFormCardProps<TIn, TOut>) {
  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <Form {...form} sx={{ p: { xs: 2, md: 3 }, pb: 3 }}>
        <UnsavedChangesGuard />
        {notice && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {notice}
          </Alert>
        )}
        {children}
        <FormAlert sx={{ mt: 3 }} />
        <FormActions submitLabel={submitLabel} onCancel={onCancel} />
      </Form>
    </Card>
  );
}

type TFormActionsProps = {
  submitLabel: string;
  /** Leaves the form ("Cancel"; "Back" when the form is read-only). */
  onCancel?: () => void;
};

/** The bar under a page's form: Cancel (Back when read-only) and the submit button, which a read-only form has not. */
function FormActions({ submitLabel, onCancel }: TFormActionsProps) {
  const { t } = useTranslation('ui');
  const { readOnly, busy } = useFormFrame();
  return (
    <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: 'flex-end' }}>
      {onCancel && (
        <Button onClick={onCancel} disabled={busy}>
          {readOnly ? t('form.back') : t('cancel')}
        </Button>
      )}
      {!readOnly && <SubmitButton>{submitLabel}</SubmitButton>}
    </Stack>
  );
}

/**
 * The words of a page's form that adds or edits a record, by the features' convention (`form.addLabel` /
 * `form.editLabel`, `actions.create` / `actions.save`, `form.readOnly`): a `FormCard`'s label, submit label and notice.
 */
export function recordFormWords(t: (key: string) => string, editing: boolean, readOnly: boolean) {
  return {
    label: t(editing ? 'form.editLabel' : 'form.addLabel'),
    submitLabel: t(editing ? 'actions.save' : 'actions.create'),
    notice: readOnly ? t('form.readOnly') : undefined,
  };
}

/** Fields side by side on a wide screen, one under the other on a phone. */
export function FieldGrid(props: BoxProps) {
  return <Box {...props} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, ...props.sx }} />;
}

/** A field that takes the whole row of a `FieldGrid`. */
export const FULL_ROW = { gridColumn: { md: '1 / -1' } } as const;

type TFormSectionProps = {
  title: string;
  hint?: string;
  /** A line above the section (every section but the first). */
  divider?: boolean;
  /** The children are fields to lay out in a `FieldGrid` (the default), or a layout of their own. */
  grid?: boolean;
  children: ReactNode;
};

/** A titled group of fields in a `FormCard`. */
export function FormSection({ title, hint, divider = false, grid = true, children }: TFormSectionProps) {
  return (
    <>
      {divider && <Divider sx={{ my: 3 }} />}
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: hint ? 0.5 : 2 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      {grid ? <FieldGrid>{children}</FieldGrid> : children}
    </>
  );
}
