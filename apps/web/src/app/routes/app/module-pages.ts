import type { ComponentType } from 'react';

/** A page's module: the component, and optionally what it needs before it first renders (its words). */
type TPageModule = { default: ComponentType; ready?: Promise<unknown> };

/**
 * The page each shell route shows, by route path (as in `app/module-routes.ts`). Routes without an
 * entry show the module's coming-soon page inside the shell. Add a screen by adding its path here
 * and a route file that composes the feature, e.g.
 *   '/management/user': () => import('./management/users'),
 */
export const MODULE_PAGES: Readonly<Record<string, () => Promise<TPageModule>>> = {
  '/dashboard': () => import('./dashboard'),
  '/sim-inventory': () => import('./sim-inventory'),
  '/sim-details': () => import('./sim-details'),
  '/sim-diagnosis': () => import('./sim-diagnosis'),
  '/sim-actions': () => import('./sim-actions'),
  '/work-calendar': () => import('./work-calendar'),
  '/replace-sim': () => import('./replace-sim'),
  '/request': () => import('./requests/requests'),
  '/request/add': () => import('./requests/request-add'),
  '/request/:id': () => import('./requests/request-view'),
  '/job': () => import('./requests/jobs'),
  '/job/:id': () => import('./requests/job-view'),
  '/termination': () => import('./requests/terminations'),
  '/termination/add': () => import('./requests/termination-add'),
  '/activation': () => import('./activation/activations'),
  '/activation/add': () => import('./activation/activation-add'),
  '/activation/:id': () => import('./activation/activation-view'),
  '/plans': () => import('./plans/plans'),
  '/plans/add': () => import('./plans/plan-add'),
  '/plans/edit/:id': () => import('./plans/plan-edit'),
  '/plans/share/:blueprintId': () => import('./plans/plan-share'),
  '/plans/share/edit/:id': () => import('./plans/plan-share-edit'),
  '/wallet': () => import('./wallet/wallet'),
  '/wallet/:id': () => import('./wallet/wallet-view'),
  '/all-wallet': () => import('./wallet/all-wallets'),
  '/report/mno-job-report': () => import('./reports/mno-job-report'),
  '/report/transactions': () => import('./reports/transactions'),
  '/white-listing/group': () => import('./white-listing/ip-groups'),
  '/white-listing/group/add': () => import('./white-listing/ip-group-add'),
  '/white-listing/number': () => import('./white-listing/number-groups'),
  '/white-listing/number/add': () => import('./white-listing/number-group-add'),
  '/white-listing/ip': () => import('./white-listing/sim-whitelists'),
  '/white-listing/ip/add': () => import('./white-listing/sim-whitelist-add'),
  '/white-listing/ip/edit/:id': () => import('./white-listing/sim-whitelist-edit'),
  '/white-listing/numbers': () => import('./white-listing/sim-whitelists'),
  '/white-listing/numbers/add': () => import('./white-listing/sim-whitelist-add'),
  '/white-listing/numbers/edit/:id': () => import('./white-listing/sim-whitelist-edit'),
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
