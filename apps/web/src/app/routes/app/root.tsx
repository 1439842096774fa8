import { Navigate, useLocation } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { isShellPath, ShellRoutes } from '@/app/shell-routes';
import { StatusPage } from '@/components/errors/status-page';
import { FullScreenSpinner } from '@/components/ui/full-screen-spinner';
import { paths } from '@/config/paths';
import { GlobalSearch } from '@/features/search/components/global-search';
import { ShellLayout } from '@/features/shell/components/shell-layout';
import { HeaderWallet } from '@/features/wallet/components/header-wallet';
import { useAuth } from '@/lib/auth';

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
    </QueryProvider>
  );
}
