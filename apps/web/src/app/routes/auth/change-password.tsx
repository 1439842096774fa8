import { useTranslation } from 'react-i18next';
import { AuthPage } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useAuth } from '@/lib/auth';

/** /auth/change-password: for the signed-in user, or anyone who knows their current password. */
export default function ChangePasswordRoute() {
  const { t } = useTranslation('auth');
  const { state } = useAuth();
  const signedIn = state.status === 'authenticated' ? state.user : null;
  const username = signedIn ? (signedIn.email ?? signedIn.phone) : null;
  return (
    <AuthPage
      title={t('changePassword.title')}
      subtitle={username ? t('changePassword.subtitleFor', { username }) : t('changePassword.subtitle')}
      back={
        signedIn
          ? { to: paths.dashboard.getHref(), label: t('backToDashboard') }
          : { to: paths.auth.login.getHref(), label: t('backToLogin') }
      }
    >
      <ChangePasswordForm username={username} owner={signedIn ?? undefined} />
    </AuthPage>
  );
}
