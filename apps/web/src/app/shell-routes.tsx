import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { SHELL_ROUTES } from './module-routes';
import { ModulePage } from './routes/app/module-page';
import { MODULE_PAGES } from './routes/app/module-pages';

/**
 * The routes inside the console shell, from the shared module catalogue (spec §2). They load with
 * the shell, not with the sign-in page.
 */
const GroupRoute = lazy(() => import('./routes/app/group'));
const ModuleComingSoonRoute = lazy(() => import('./routes/app/coming-soon'));

const pageComponents = new Map<string, LazyExoticComponent<ComponentType>>();
/** The component for a shell path: its screen when there is one, else the module's coming-soon page. */
function shellPage(path: string): LazyExoticComponent<ComponentType> {
  let component = pageComponents.get(path);
  if (!component) {
    const load = MODULE_PAGES[path];
    component = load ? lazy(load) : ModuleComingSoonRoute;
    pageComponents.set(path, component);
  }
  return component;
}

/** Whether a path is one of the shell's pages (else it is not found). */
export function isShellPath(pathname: string): boolean {
  if (pathname === paths.home.path) return true;
  return SHELL_ROUTES.some((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

export function ShellRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={paths.dashboard.getHref()} replace />} />
      {SHELL_ROUTES.map((route) =>
        route.kind === 'group' ? (
          <Route key={route.path} path={route.path} element={<ModulePage handle={{ groupId: route.group.id }} component={GroupRoute} />} />
        ) : (
          <Route
            key={route.path}
            path={route.path}
            element={<ModulePage handle={{ moduleId: route.module.id, sub: route.sub }} component={shellPage(route.path)} />}
          />
        ),
      )}
    </Routes>
  );
}
