import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useAuth } from '@/lib/auth';
import { AuthHeading } from './auth-heading';
import { AUTH_NAMESPACES } from './login';

/** /auth/change-password: for the signed-in user, or anyone who knows their current password. */
export default function ChangePasswordRoute() {
  const { t } = useTranslation('auth');
  const { state } = useAuth();
  const username = state.status === 'authenticated' ? (state.user.email ?? state.user.phone) : null;
  return (
    <AuthLayout>
      <Page title={t('changePassword.title')} namespaces={AUTH_NAMESPACES}>
        <AuthHeading
          title={t('changePassword.title')}
          subtitle={username ? t('changePassword.subtitleFor', { username }) : t('changePassword.subtitle')}
        />
        <ChangePasswordForm username={username} owner={state.status === 'authenticated' ? state.user : undefined} />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          {state.status === 'authenticated' ? (
            <Link to={paths.dashboard.getHref()} variant="body2" sx={{ fontWeight: 600 }}>
              {t('backToDashboard')}
            </Link>
          ) : (
            <Link to={paths.auth.login.getHref()} variant="body2" sx={{ fontWeight: 600 }}>
              {t('backToLogin')}
            </Link>
          )}
        </Box>
      </Page>
    </AuthLayout>
  );
}
