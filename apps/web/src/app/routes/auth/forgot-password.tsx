import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AuthHeading } from './auth-heading';
import { AUTH_NAMESPACES } from './login';

/** /auth/forgot-password: sends a code, then asks for it on /auth/reset-password/{otpToken}. */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <Page title={t('forgotPassword.title')} namespaces={AUTH_NAMESPACES}>
        <AuthHeading title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')} />
        <ForgotPasswordForm onSent={(otpToken) => navigate(paths.auth.resetPassword.getHref(otpToken))} />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link to={paths.auth.login.getHref()} variant="body2" sx={{ fontWeight: 600 }}>
            {t('backToLogin')}
          </Link>
        </Box>
      </Page>
    </AuthLayout>
  );
}
