import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { unstable_HistoryRouter as HistoryRouter, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { FullScreenSpinner } from '@/components/ui/full-screen-spinner';
import { paths } from '@/config/paths';
import { inspectStoredSession } from '@/lib/auth-session';
import { createGuardedBrowserHistory } from '@/lib/navigation-guard';

/**
 * Every route of the console (spec §2). Each page is its own chunk, loaded when first shown, so the
 * sign-in page does not download the console shell. The shell's own routes (from the shared module
 * catalogue) are in `shell-routes.tsx` and load with the shell.
 */
const LoginRoute = lazy(() => import('./routes/auth/login'));
const ForgotPasswordRoute = lazy(() => import('./routes/auth/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/auth/reset-password'));
const ChangePasswordRoute = lazy(() => import('./routes/auth/change-password'));
const TermOfUseRoute = lazy(() => import('./routes/public/term-of-use'));
const PrivacyRoute = lazy(() => import('./routes/public/privacy'));
const NotFoundRoute = lazy(() => import('./routes/status/not-found'));
const ServerErrorRoute = lazy(() => import('./routes/status/server-error'));
const MaintenanceRoute = lazy(() => import('./routes/status/maintenance'));
const ComingSoonRoute = lazy(() => import('./routes/status/coming-soon'));
/** The shell's code, once the words and page it opens with are there too (routes/app/root.tsx `ready`). */
const loadAppRoot = () =>
  import('./routes/app/root').then(async (module) => {
    await module.ready;
    return module;
  });
const AppRootLazy = lazy(loadAppRoot);
let appRootLoaded: ComponentType | null = null;

/**
 * With a session stored and a console page in the address bar, the shell's code (and the page's, see
 * routes/app/root.tsx) starts loading beside the session check instead of after it; once loaded it
 * renders without suspending (a suspended page is revealed no sooner than 300 ms after its spinner).
 * The sign-in and public pages never load it.
 */
function preloadAppRoot(pathname: string) {
  if (['/auth/', '/public/', '/status'].some((prefix) => pathname.startsWith(prefix))) return;
  const session = inspectStoredSession().kind;
  if (session !== 'access-valid' && session !== 'access-expired') return;
  loadAppRoot().then(
    (module) => {
      appRootLoaded = module.default;
    },
    () => {
      /* AppRootLazy tries again and shows the error page */
    },
  );
}
if (typeof window !== 'undefined') preloadAppRoot(window.location.pathname);

function AppRoot() {
  const Root = appRootLoaded ?? AppRootLazy;
  return <Root />;
}

function ServerErrorFallback() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <ServerErrorRoute />
    </Suspense>
  );
}

/** A page: a spinner while its code loads, the error page if it fails. */
function Load({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={<ServerErrorFallback />}>
      <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={paths.auth.login.path}
        element={
          <Load>
            <LoginRoute />
          </Load>
        }
      />
      <Route
        path={paths.auth.forgotPassword.path}
        element={
          <Load>
            <ForgotPasswordRoute />
          </Load>
        }
      />
      <Route
        path={paths.auth.resetPassword.path}
        element={
          <Load>
            <ResetPasswordRoute />
          </Load>
        }
      />
      <Route
        path={paths.auth.changePassword.path}
        element={
          <Load>
            <ChangePasswordRoute />
          </Load>
        }
      />
      <Route
        path={paths.public.termOfUse.path}
        element={
          <Load>
            <TermOfUseRoute />
          </Load>
        }
      />
      <Route
        path={paths.public.privacy.path}
        element={
          <Load>
            <PrivacyRoute />
          </Load>
        }
      />
      <Route
        path={paths.status.root.path}
        element={
          <Load>
            <NotFoundRoute />
          </Load>
        }
      />
      <Route
        path={paths.status.notFound.path}
        element={
          <Load>
            <NotFoundRoute />
          </Load>
        }
      />
      <Route
        path={paths.status.serverError.path}
        element={
          <Load>
            <ServerErrorRoute />
          </Load>
        }
      />
      <Route
        path={paths.status.maintenance.path}
        element={
          <Load>
            <MaintenanceRoute />
          </Load>
        }
      />
      <Route
        path={paths.status.comingSoon.path}
        element={
          <Load>
            <ComingSoonRoute />
          </Load>
        }
      />
      {/* Everything else: the shell's pages, or not found (decided by the shell's route list). */}
      <Route
        path="*"
        element={
          <Load>
            <AppRoot />
          </Load>
        }
      />
    </Routes>
  );
}

/**
 * The router runs on a history a page can hold back (lib/navigation-guard.ts): a form with unsaved changes asks
 * before it is left.
 */
export function AppRouter() {
  const [history] = useState(createGuardedBrowserHistory);
  return (
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  );
}
