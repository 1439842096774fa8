import { ZForgotPasswordRequest } from '@tarang/shared/auth/auth.schemas';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { toast } from '@/lib/notify';
import { requestPasswordReset } from '../api/forgot-password';
import { AuthForm, UsernameField } from './auth-form';

type TForgotPasswordFormProps = {
  /** Called with the handle of the reset; the page then asks for the code. */
  onSent: (otpToken: string) => void;
};

/** Asks for the e-mail or phone number; the server sends a 6-digit code to it. */
export function ForgotPasswordForm({ onSent }: TForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const form = useSchemaForm(ZForgotPasswordRequest, { defaultValues: { username: '' } });
  return (
    <AuthForm
      form={form}
      label={t('forgotPassword.formLabel')}
      submitLabel={t('forgotPassword.submit')}
      onFailure={toast.error}
      onSubmit={async ({ username }) => {
        const { otpToken } = await requestPasswordReset(username);
        toast.success(t('forgotPassword.sent'));
        onSent(otpToken);
      }}
    >
      <UsernameField autoFocus />
    </AuthForm>
  );
}
