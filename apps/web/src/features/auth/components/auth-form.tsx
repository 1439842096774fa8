import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type TFormTextFieldProps } from '@/components/form/fields/form-text-field';
import { Form, type TFormProps } from '@/components/form/form';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';

type TAuthFormProps<TIn extends FieldValues, TOut> = TFormProps<TIn, TOut> & {
  submitLabel: string;
  /** The test id of the error above the fields (a sign-in's refusal). */
  alertTestId?: string;
  /** Under the submit button (a way back). */
  after?: ReactNode;
};

/**
 * A form of the password pages and of the sign-in's second step: a failure above, the fields one under the other, a
 * wide submit button.
 */
export function AuthForm<TIn extends FieldValues, TOut>({ submitLabel, alertTestId, after, children, ...form }: TAuthFormProps<TIn, TOut>) {
  return (
    <Form {...form}>
      <Stack spacing={2}>
        <FormAlert data-testid={alertTestId} />
        {children}
        <SubmitButton size="large" fullWidth>
          {submitLabel}
        </SubmitButton>
        {after}
      </Stack>
    </Form>
  );
}

/** The e-mail or phone number a person signs in with. */
export function UsernameField(props: Omit<TFormTextFieldProps, 'name' | 'label'>) {
  const { t } = useTranslation('auth');
  return (
    <FormTextField
      name="username"
      label={t('login.username')}
      placeholder={t('login.usernamePlaceholder')}
      autoComplete="username"
      fullWidth
      {...props}
    />
  );
}
