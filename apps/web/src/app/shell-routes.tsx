import { type ComponentType, lazy } from 'react';
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

const pageComponents = new Map<string, ComponentType>();
/** The component for a shell path: its screen when there is one, else the module's coming-soon page. */
function shellPage(path: string): ComponentType {
  let component = pageComponents.get(path);
  if (!component) {
    const load = MODULE_PAGES[path];
    component = load ? lazy(load) : ModuleComingSoonRoute;
    pageComponents.set(path, component);
  }
  return component;
}

/**
 * Loads the page at `pathname` (if it has one) before the shell first renders, so that the page the
 * console opens on arrives with the shell's own code and shows without a spinner of its own.
 */
export async function preloadShellPage(pathname: string): Promise<void> {
  const route = SHELL_ROUTES.find((r) => r.kind === 'module' && matchPath({ path: r.path, end: true }, pathname) !== null);
  const load = route ? MODULE_PAGES[route.path] : undefined;
  if (!route || !load || pageComponents.has(route.path)) return;
  try {
    const page = await load();
    await page.ready;
    if (!pageComponents.has(route.path)) pageComponents.set(route.path, page.default);
  } catch {
    /* the page's lazy() tries again and shows the error when it renders */
  }
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
