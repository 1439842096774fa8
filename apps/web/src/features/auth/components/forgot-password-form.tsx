import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ZForgotPasswordRequest } from '@tarang/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { translateError, translateMessage } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { requestPasswordReset } from '../api/forgot-password';

type TForgotPasswordFormProps = {
  /** Called with the handle of the reset; the page then asks for the code. */
  onSent: (otpToken: string) => void;
};

/** Asks for the e-mail or phone number; the server sends a 6-digit code to it. */
export function ForgotPasswordForm({ onSent }: TForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ username: string }>({ resolver: zodResolver(ZForgotPasswordRequest) as never, defaultValues: { username: '' } });

  const onSubmit = handleSubmit(async ({ username }) => {
    try {
      const { otpToken } = await requestPasswordReset(username);
      toast.success(t('forgotPassword.sent'));
      onSent(otpToken);
    } catch (error) {
      toast.error(translateError(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('forgotPassword.formLabel')}>
      <Stack spacing={2}>
        <TextInput
          {...register('username')}
          id="forgot-username"
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          fullWidth
          error={Boolean(errors.username)}
          helperText={translateMessage(errors.username?.message)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {t('forgotPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
