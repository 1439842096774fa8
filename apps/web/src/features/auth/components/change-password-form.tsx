import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ZChangePasswordForm, ZUsername } from '@tarang/shared/auth/auth.schemas';
import type { TPasswordOwner } from '@tarang/shared/auth/password-rules';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '@/components/form/fields/password-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { paths } from '@/config/paths';
import { tMessage, translateMessage } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { changePassword } from '../api/change-password';
import { AuthForm, UsernameField } from './auth-form';
import { NewPasswordFields, PASSWORD_FAILURES, refuseWeakPassword } from './new-password-fields';

/** Signed in, the username is the user's own; otherwise the form asks for it like the sign-in form. */
const ZWithUsername = z.intersection(z.object({ username: z.string() }), ZChangePasswordForm);
const ZAskingUsername = z.intersection(z.object({ username: ZUsername }), ZChangePasswordForm);

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
  const form = useSchemaForm(username ? ZWithUsername : ZAskingUsername, {
    defaultValues: { username: '', currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const typedUsername = useWatch({ control: form.control, name: 'username' });
  const passwordOwner = owner ?? ownerOfUsername(username ?? typedUsername);

  return (
    <>
      <AuthForm
        form={form}
        label={t('changePassword.formLabel')}
        submitLabel={t('changePassword.submit')}
        messages={PASSWORD_FAILURES}
        onFailure={toast.error}
        check={(values) => refuseWeakPassword(values.newPassword, owner ?? ownerOfUsername(username ?? values.username))}
        onSubmit={async (values) => {
          const result = await changePassword({
            username: username ?? values.username,
            currentPassword: values.currentPassword,
            newPassword: values.newPassword,
          });
          toast.success(translateMessage(result.message) || t('changePassword.changed'));
          form.reset();
          setDone(true);
        }}
      >
        {!username && <UsernameField />}
        <PasswordField name="currentPassword" label={t('changePassword.currentPassword')} autoComplete="current-password" fullWidth />
        <NewPasswordFields owner={passwordOwner} />
      </AuthForm>
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
