import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';
import { I18nextProvider } from 'react-i18next';
import { FullScreenSpinner } from '@/components/ui/full-screen-spinner';
import { AuthProvider, useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import { isSnackbarHostWanted, subscribeSnackbarHost } from '@/lib/notify';
import { AppThemeProvider } from '@/lib/theme/theme-provider';

const SnackbarHost = lazy(() => import('@/components/ui/snackbar-host'));

/** Mounts the snackbar stack once the first snackbar is asked for. */
function Snackbars() {
  const wanted = useSyncExternalStore(subscribeSnackbarHost, isSnackbarHostWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  ) : null;
}

/** A full-screen spinner until authentication initialisation has finished (spec §2). */
function AuthGate({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  return state.status === 'initialising' ? <FullScreenSpinner /> : children;
}

/** Everything every page relies on: theme, translations, notices and the session. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <Suspense fallback={<FullScreenSpinner />}>
          <Toaster position="top-center" toastOptions={{ duration: 4000 }} />
          <Snackbars />
          <AuthProvider>
            <AuthGate>{children}</AuthGate>
          </AuthProvider>
        </Suspense>
      </AppThemeProvider>
    </I18nextProvider>
  );
}
