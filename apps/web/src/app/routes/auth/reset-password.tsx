import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AuthPage } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/**
 * /auth/reset-password/{otpToken}: the code from "forgot password" and a new password.
 * Invitation and set-password mails link to /auth/reset-password/{token}?link=1 instead.
 */
export default function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const { otpToken = '' } = useParams();
  const [params] = useSearchParams();
  const isLink = params.get('link') === '1';
  return (
    <AuthPage
      title={t(isLink ? 'resetPassword.linkTitle' : 'resetPassword.title')}
      subtitle={t(isLink ? 'resetPassword.linkSubtitle' : 'resetPassword.subtitle')}
      back={{ to: paths.auth.login.getHref(), label: t('backToLogin') }}
    >
      {isLink ? <ResetPasswordForm mode="link" token={otpToken} /> : <ResetPasswordForm mode="otp" otpToken={otpToken} />}
    </AuthPage>
  );
}
