import { MODULE_GROUPS, MODULES, type TModule, type TModuleGroup } from '@tarang/shared/modules/module-catalogue';

/**
 * The routes of the console shell (spec §2), derived from the shared module catalogue: each module's
 * path, the add/edit/… pages below it, and one landing page per group (/requests, /report, …).
 * Which component a route shows is decided in `routes/app/module-pages.ts`; `router.tsx` turns the
 * list into routes.
 */

export type TSubRouteKind = 'add' | 'edit' | 'edit-settings' | 'share' | 'share-edit' | 'view';

/** Pages below a module's path, by module id (spec §2). */
export const MODULE_SUB_ROUTES: Readonly<Record<string, readonly { path: string; kind: TSubRouteKind }[]>> = {
  request: [
    { path: 'add', kind: 'add' },
    { path: ':id', kind: 'view' },
  ],
  job: [{ path: ':id', kind: 'view' }],
  activation: [{ path: 'add', kind: 'add' }],
  plans: [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
    { path: 'share/:blueprintId', kind: 'share' },
    { path: 'share/edit/:id', kind: 'share-edit' },
  ],
  device: [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
  ],
  'device-inventory': [{ path: 'add', kind: 'add' }],
  tickets: [{ path: 'add', kind: 'add' }],
  termination: [{ path: 'add', kind: 'add' }],
  user: [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
  ],
  organisation: [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
    { path: 'edit-settings/:id', kind: 'edit-settings' },
  ],
  role: [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
  ],
  'ip-group': [{ path: 'add', kind: 'add' }],
  'number-group': [{ path: 'add', kind: 'add' }],
  'whitelist-ip': [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
  ],
  'whitelist-numbers': [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
  ],
};

export type TShellRoute =
  | { kind: 'module'; path: string; module: TModule; sub: TSubRouteKind | null }
  | { kind: 'group'; path: string; group: TModuleGroup };

export function buildShellRoutes(): TShellRoute[] {
  const out: TShellRoute[] = [];
  for (const module of MODULES) {
    out.push({ kind: 'module', path: module.path, module, sub: null });
    for (const sub of MODULE_SUB_ROUTES[module.id] ?? []) {
      out.push({ kind: 'module', path: `${module.path}/${sub.path}`, module, sub: sub.kind });
    }
  }
  for (const group of MODULE_GROUPS) out.push({ kind: 'group', path: group.path, group });
  return out;
}

export const SHELL_ROUTES = buildShellRoutes();

/** What the shell needs to know about the page on screen (permission check, title). */
export type TShellRouteHandle = { moduleId?: string; groupId?: string; sub?: TSubRouteKind | null };
