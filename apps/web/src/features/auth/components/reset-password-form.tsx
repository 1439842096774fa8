import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tarang/shared/common/limits';
import { MESSAGES } from '@tarang/shared/common/messages';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { findPasswordRefusal, PasswordStrengthMeter, translatePasswordMessage } from '@/components/ui/password-strength-meter';
import { TextInput } from '@/components/ui/text-input';
import { paths } from '@/config/paths';
import { translateError, translateMessage } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { resetPassword } from '../api/reset-password';
import { PasswordField } from './password-field';

type TResetValues = { otp: string; newPassword: string; confirmPassword: string };

type TResetPasswordFormProps =
  /** After "forgot password": the handle from that request; the user types the code they received. */
  | { mode: 'otp'; otpToken: string }
  /** From an invitation or set-password link: the link's token. */
  | { mode: 'link'; token: string };

/** Sets a new password with a 6-digit code or a link token. The new password follows the change-password rules. */
export function ResetPasswordForm(props: TResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState<string | null>(null);
  const schema = useMemo(() => {
    const passwords = {
      newPassword: z.string().min(1, MESSAGES.newPasswordRequired).min(PASSWORD_MIN, MESSAGES.newPasswordTooShort).max(PASSWORD_MAX),
      confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired),
    };
    const otp =
      props.mode === 'otp'
        ? z
            .string()
            .trim()
            .regex(/^\d{6}$/, t('resetPassword.otpInvalid'))
        : z.string().optional();
    return z
      .object({ otp, ...passwords })
      .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: MESSAGES.confirmPasswordMismatch });
  }, [props.mode, t]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TResetValues>({ resolver: zodResolver(schema) as never, defaultValues: { otp: '', newPassword: '', confirmPassword: '' } });

  const newPassword = useWatch({ control, name: 'newPassword' });

  // Who the password belongs to is not known here; the server refuses the owner's name, e-mail and phone.
  const onSubmit = handleSubmit(async (values) => {
    const refusal = await findPasswordRefusal(values.newPassword);
    if (refusal) {
      setError('newPassword', { type: 'strength', message: refusal }, { shouldFocus: true });
      return;
    }
    try {
      const result =
        props.mode === 'otp'
          ? await resetPassword({ kind: 'otp', otpToken: props.otpToken, otp: values.otp.trim(), password: values.newPassword })
          : await resetPassword({ kind: 'link', token: props.token, password: values.newPassword });
      const message = translateMessage(result.message) || t('resetPassword.done');
      toast.success(message);
      setDone(message);
    } catch (error) {
      toast.error(translatePasswordMessage((error as { message?: string } | null)?.message) ?? translateError(error));
    }
  });

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
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('resetPassword.formLabel')}>
      <Stack spacing={2}>
        {props.mode === 'otp' && (
          <TextInput
            {...register('otp')}
            id="reset-otp"
            label={t('resetPassword.otp')}
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            error={Boolean(errors.otp)}
            helperText={errors.otp?.message ?? t('resetPassword.otpHelp')}
            inputProps={{ inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' }}
          />
        )}
        <PasswordField
          {...register('newPassword')}
          id="reset-new-password"
          label={t('changePassword.newPassword')}
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.newPassword)}
          helperText={translateMessage(errors.newPassword?.message)}
        />
        <PasswordStrengthMeter password={newPassword} hideReason={Boolean(errors.newPassword)} />
        <PasswordField
          {...register('confirmPassword')}
          id="reset-confirm-password"
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.confirmPassword)}
          helperText={translateMessage(errors.confirmPassword?.message)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
