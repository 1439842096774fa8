import type { ComponentType } from 'react';

type TPageModule = { default: ComponentType };

/**
 * The page each shell route shows, by route path (as in `app/module-routes.ts`). Routes without an
 * entry show the module's coming-soon page inside the shell. Add a screen by adding its path here
 * and a route file that composes the feature, e.g.
 *   '/management/user': () => import('./management/users'),
 */
export const MODULE_PAGES: Readonly<Record<string, () => Promise<TPageModule>>> = {
  '/dashboard': () => import('./dashboard'),
  '/management/user': () => import('./management/users'),
  '/management/user/add': () => import('./management/user-add'),
  '/management/user/edit/:id': () => import('./management/user-edit'),
  '/management/organisation': () => import('./management/organisations'),
  '/management/organisation/add': () => import('./management/organisation-add'),
  '/management/organisation/edit/:id': () => import('./management/organisation-edit'),
  '/management/organisation/edit-settings/:id': () => import('./management/organisation-settings'),
  '/management/role': () => import('./management/roles'),
  '/management/role/add': () => import('./management/role-add'),
  '/management/role/edit/:id': () => import('./management/role-edit'),
};
