import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Page } from '@/components/ui/page';
import { safeRedirectTarget } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/lib/auth';
import { AuthHeading } from './auth-heading';

export const AUTH_NAMESPACES = ['auth', 'common', 'messages', 'errors'] as const;

/** /auth/login: after sign-in the page reloads into the console, where the user was going. */
export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirectTo = safeRedirectTarget(params.get('redirectTo'));
  const { state } = useAuth();
  if (state.status === 'authenticated') return <Navigate to={redirectTo} replace />;
  return (
    <AuthLayout>
      <Page title={t('login.title')} namespaces={AUTH_NAMESPACES}>
        <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
        <LoginForm onSuccess={() => window.location.assign(redirectTo)} />
      </Page>
    </AuthLayout>
  );
}
