import CircularProgress from '@mui/material/CircularProgress';
import type { TTwoFactorChallenge, TTwoFactorLoginResponseData } from '@tarang/shared/auth/two-factor.schemas';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { AuthPage } from '@/components/layouts/auth-layout';
import { safeRedirectTarget } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { saveSignIn, useAuth } from '@/lib/auth';
import { tMessage } from '@/lib/i18n/i18n';
import { setFlash } from '@/lib/notify';

// Setting up two-factor sign-in (QR code) loads only when a staff sign-in needs it, never with the sign-in page.
const SignInEnrolment = lazy(() =>
  import('@/features/two-factor/components/sign-in-enrolment').then((m) => ({ default: m.SignInEnrolment })),
);

/** /auth/login: after sign-in the page reloads into the console, where the user was going. */
export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirectTo = safeRedirectTarget(params.get('redirectTo'));
  const { state } = useAuth();
  const [enrolment, setEnrolment] = useState<TTwoFactorChallenge | null>(null);
  if (state.status === 'authenticated') return <Navigate to={redirectTo} replace />;
  const enter = async (data: TTwoFactorLoginResponseData) => {
    await saveSignIn(data);
    setFlash({ kind: 'success', message: tMessage('loggedIn') });
    window.location.assign(redirectTo);
  };
  return (
    <AuthPage title={t('login.title')} subtitle={t('login.subtitle')}>
      {enrolment ? (
        <Suspense fallback={<CircularProgress />}>
          <SignInEnrolment challenge={enrolment} onSignedIn={enter} onRestart={() => setEnrolment(null)} />
        </Suspense>
      ) : (
        <LoginForm onSuccess={() => window.location.assign(redirectTo)} onEnrolmentRequired={setEnrolment} />
      )}
    </AuthPage>
  );
}
