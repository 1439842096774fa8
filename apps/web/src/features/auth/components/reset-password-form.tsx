import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tarang/shared/common/limits';
import { MESSAGES } from '@tarang/shared/common/messages';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { OneTimeCodeField } from '@/components/form/fields/one-time-code-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { resetPassword } from '../api/reset-password';
import { AuthForm } from './auth-form';
import { NewPasswordFields, PASSWORD_FAILURES, refuseWeakPassword } from './new-password-fields';

type TResetPasswordFormProps =
  /** After "forgot password": the handle from that request; the user types the code they received. */
  | { mode: 'otp'; otpToken: string }
  /** From an invitation or set-password link: the link's token. */
  | { mode: 'link'; token: string };

/** Sets a new password with a 6-digit code or a link token. The new password follows the change-password rules. */
export function ResetPasswordForm(props: TResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState(false);
  const schema = useMemo(() => {
    const otp =
      props.mode === 'otp'
        ? z
            .string()
            .trim()
            .regex(/^\d{6}$/, t('resetPassword.otpInvalid'))
        : z.string();
    return z
      .object({
        otp,
        newPassword: z.string().min(1, MESSAGES.newPasswordRequired).min(PASSWORD_MIN, MESSAGES.newPasswordTooShort).max(PASSWORD_MAX),
        confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired),
      })
      .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: MESSAGES.confirmPasswordMismatch });
  }, [props.mode, t]);
  const form = useSchemaForm(schema, { defaultValues: { otp: '', newPassword: '', confirmPassword: '' } });

  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('resetPassword.done')}
        </Alert>
        <Button component={RouterLink} to={paths.auth.login.getHref()} variant="contained" size="large" fullWidth>
          {t('resetPassword.goToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <AuthForm
      form={form}
      label={t('resetPassword.formLabel')}
      submitLabel={t('resetPassword.submit')}
      messages={PASSWORD_FAILURES}
      onFailure={toast.error}
      // Who the password belongs to is not known here; the server refuses the owner's name, e-mail and phone.
      check={(values) => refuseWeakPassword(values.newPassword)}
      onSubmit={async (values) => {
        const result =
          props.mode === 'otp'
            ? await resetPassword({ kind: 'otp', otpToken: props.otpToken, otp: values.otp, password: values.newPassword })
            : await resetPassword({ kind: 'link', token: props.token, password: values.newPassword });
        toast.success(translateMessage(result.message) || t('resetPassword.done'));
        setDone(true);
      }}
    >
      {props.mode === 'otp' && (
        <OneTimeCodeField
          name="otp"
          label={t('resetPassword.otp')}
          hint={t('resetPassword.otpHelp')}
          numeric
          autoFocus
          inputProps={{ maxLength: 6, pattern: '[0-9]*' }}
        />
      )}
      <NewPasswordFields />
    </AuthForm>
  );
}
