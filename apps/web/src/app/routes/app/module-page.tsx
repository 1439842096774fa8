import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import type { TShellRouteHandle } from '@/app/module-routes';
import { ShellRouteProvider } from '@/app/shell-route';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { StatusPage } from '@/components/errors/status-page';
import { useAuth } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

function PageSpinner() {
  const { t } = useTranslation('common');
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

/**
 * One page inside the shell: the module must be visible to the user (their own profile always is),
 * the page loads on first use, and a failure shows the error page inside the shell.
 */
export function ModulePage({ handle, component: Page }: { handle: TShellRouteHandle; component: ComponentType }) {
  const { state } = useAuth();
  const { id } = useParams();
  const { pathname } = useLocation();
  const visible = useCan(handle.moduleId ?? 'dashboard');
  const ownProfile = handle.moduleId === 'user' && state.status === 'authenticated' && id === state.user.id;
  if (handle.moduleId && !visible && !ownProfile) return <StatusPage kind="forbidden" embedded />;
  return (
    <ShellRouteProvider handle={handle}>
      <ErrorBoundary resetKey={pathname} fallback={<StatusPage kind="serverError" embedded />}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </ErrorBoundary>
    </ShellRouteProvider>
  );
}
