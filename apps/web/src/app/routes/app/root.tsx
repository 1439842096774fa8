import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { isShellPath, preloadShellPage, ShellRoutes } from '@/app/shell-routes';
import { StatusPage } from '@/components/errors/status-page';
import { FullScreenSpinner } from '@/components/ui/full-screen-spinner';
import { paths } from '@/config/paths';
import { GlobalSearch } from '@/features/search/components/global-search';
import { ShellLayout } from '@/features/shell/components/shell-layout';
import { RequireTwoFactor } from '@/features/two-factor/components/require-two-factor';
import { HeaderWallet } from '@/features/wallet/components/header-wallet';
import { useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';

/**
 * The header's and menu's words and the page the console opens on (its code and words), loaded side by
 * side with the shell; `router.tsx` renders the shell once they are there. One after another, as each part
 * first rendered and suspended, they cost a round trip and a spinner each (docs/decisions/014-sim-screens.md).
 * (A promise the router waits for, not a top-level await: that would split the sign-in page's code into
 * more, worse-compressed files.)
 */
export const ready: Promise<void> = Promise.all([
  i18n.loadNamespaces(['shell', 'search', 'wallet']),
  typeof window === 'undefined' ? null : preloadShellPage(window.location.pathname),
]).then(
  () => undefined,
  () => {
    /* whatever did not load suspends where it is used, as before */
  },
);

/** Says when a request the user started finishes, on whatever page they are (loads after the shell). */
const RequestWatcher = lazy(() => import('@/features/requests/components/request-watcher'));

/**
 * Every signed-in page. An unknown path shows the not-found page; visitors who are not signed in go
 * to the sign-in page and come back to where they were going.
 */
export default function AppRoot() {
  const { state } = useAuth();
  const location = useLocation();
  if (!isShellPath(location.pathname)) return <StatusPage kind="notFound" />;
  if (state.status === 'initialising') return <FullScreenSpinner />;
  if (state.status === 'unauthenticated') {
    return <Navigate to={paths.auth.login.getHref(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return (
    <QueryProvider>
      <ShellLayout search={<GlobalSearch />} wallet={<HeaderWallet organizationId={state.user.organization?.id ?? null} />}>
        <ShellRoutes />
      </ShellLayout>
      <RequireTwoFactor userId={state.user.id} staff={state.user.organization === null} />
      <Suspense fallback={null}>
        <RequestWatcher />
      </Suspense>
    </QueryProvider>
  );
}
