import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ZChangePasswordForm, ZUsername } from '@tarang/shared/auth/auth.schemas';
import type { TPasswordOwner } from '@tarang/shared/auth/password-rules';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { findPasswordRefusal, PasswordStrengthMeter, translatePasswordMessage } from '@/components/ui/password-strength-meter';
import { TextInput } from '@/components/ui/text-input';
import { paths } from '@/config/paths';
import { tMessage, translateError, translateMessage } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { changePassword } from '../api/change-password';
import { PasswordField } from './password-field';

type TChangePasswordValues = { username: string; currentPassword: string; newPassword: string; confirmPassword: string };

/** Signed in, the username is the user's own; otherwise the form asks for it like the sign-in form. */
const ZWithUsername = z.intersection(z.object({ username: ZUsername }), ZChangePasswordForm);

type TChangePasswordFormProps = {
  /** The signed-in user's e-mail or phone; null when nobody is signed in. */
  username: string | null;
  /** The signed-in user's details, which the new password must not contain. */
  owner?: TPasswordOwner;
};

/** What a typed username says about its owner. */
const ownerOfUsername = (username: string): TPasswordOwner => (username.includes('@') ? { email: username } : { phone: username });

/**
 * Change password (spec §4, §5): currentPassword, newPassword, confirmPassword with the spec's messages.
 * Success shows the server's message as a toast and a dialog with links to sign-in and the dashboard;
 * failure shows the server's message as an error toast and keeps the form as it was.
 */
export function ChangePasswordForm({ username, owner }: TChangePasswordFormProps) {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TChangePasswordValues>({
    resolver: zodResolver(username ? ZChangePasswordForm : ZWithUsername) as never,
    defaultValues: { username: '', currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const newPassword = useWatch({ control, name: 'newPassword' });
  const typedUsername = useWatch({ control, name: 'username' });
  const passwordOwner = owner ?? ownerOfUsername(username ?? typedUsername);

  const onSubmit = handleSubmit(async (values) => {
    const refusal = await findPasswordRefusal(values.newPassword, owner ?? ownerOfUsername(username ?? values.username));
    if (refusal) {
      setError('newPassword', { type: 'strength', message: refusal }, { shouldFocus: true });
      return;
    }
    try {
      const result = await changePassword({
        username: username ?? values.username,
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      toast.success(translateMessage(result.message) || t('changePassword.changed'));
      reset();
      setDone(true);
    } catch (error) {
      toast.error(translatePasswordMessage((error as { message?: string } | null)?.message) ?? translateError(error));
    }
  });

  return (
    <>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('changePassword.formLabel')}>
        <Stack spacing={2}>
          {!username && (
            <TextInput
              {...register('username')}
              id="change-username"
              label={t('login.username')}
              autoComplete="username"
              fullWidth
              error={Boolean(errors.username)}
              helperText={translateMessage(errors.username?.message)}
            />
          )}
          <PasswordField
            {...register('currentPassword')}
            id="change-current-password"
            label={t('changePassword.currentPassword')}
            autoComplete="current-password"
            fullWidth
            error={Boolean(errors.currentPassword)}
            helperText={translateMessage(errors.currentPassword?.message)}
          />
          <PasswordField
            {...register('newPassword')}
            id="change-new-password"
            label={t('changePassword.newPassword')}
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.newPassword)}
            helperText={translateMessage(errors.newPassword?.message)}
          />
          <PasswordStrengthMeter password={newPassword} owner={passwordOwner} hideReason={Boolean(errors.newPassword)} />
          <PasswordField
            {...register('confirmPassword')}
            id="change-confirm-password"
            label={t('changePassword.confirmPassword')}
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.confirmPassword)}
            helperText={translateMessage(errors.confirmPassword?.message)}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
            {t('changePassword.submit')}
          </Button>
        </Stack>
      </Box>
      <Dialog open={done} onClose={() => setDone(false)} aria-labelledby="password-changed-title" aria-describedby="password-changed-text">
        <DialogTitle id="password-changed-title">{t('changePassword.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="password-changed-text">{tMessage('passwordChangedDialog')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} to={paths.auth.login.getHref()}>
            {t('changePassword.goToLogin')}
          </Button>
          <Button component={RouterLink} to={paths.dashboard.getHref()} variant="contained">
            {t('changePassword.goToDashboard')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
