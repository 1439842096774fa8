import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { AuthHeading } from './auth-heading';
import { AUTH_NAMESPACES } from './login';

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
    <AuthLayout>
      <Page title={t(isLink ? 'resetPassword.linkTitle' : 'resetPassword.title')} namespaces={AUTH_NAMESPACES}>
        <AuthHeading
          title={t(isLink ? 'resetPassword.linkTitle' : 'resetPassword.title')}
          subtitle={t(isLink ? 'resetPassword.linkSubtitle' : 'resetPassword.subtitle')}
        />
        {isLink ? <ResetPasswordForm mode="link" token={otpToken} /> : <ResetPasswordForm mode="otp" otpToken={otpToken} />}
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link to={paths.auth.login.getHref()} variant="body2" sx={{ fontWeight: 600 }}>
            {t('backToLogin')}
          </Link>
        </Box>
      </Page>
    </AuthLayout>
  );
}
