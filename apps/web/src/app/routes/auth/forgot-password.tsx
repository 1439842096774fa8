import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthPage } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /auth/forgot-password: sends a code, then asks for it on /auth/reset-password/{otpToken}. */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthPage
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      back={{ to: paths.auth.login.getHref(), label: t('backToLogin') }}
    >
      <ForgotPasswordForm onSent={(otpToken) => navigate(paths.auth.resetPassword.getHref(otpToken))} />
    </AuthPage>
  );
}
