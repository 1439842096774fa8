import { MODULE_GROUPS, MODULES, type TModule, type TModuleGroup } from './module-catalogue';

/**
 * The pages below each module's path (spec §2: `/management/user/add`, `/plans/share/{blueprintId}`, …). With the
 * modules' and groups' own paths they are every route of the console; the console builds its router from them and the
 * browser tests visit each one.
 */

export type TSubRouteKind = 'add' | 'edit' | 'edit-settings' | 'share' | 'share-edit' | 'view';

/** Pages below a module's path, by module id. */
export const MODULE_SUB_ROUTES: Readonly<Record<string, readonly { path: string; kind: TSubRouteKind }[]>> = {
  request: [
    { path: 'add', kind: 'add' },
    { path: ':id', kind: 'view' },
  ],
  job: [{ path: ':id', kind: 'view' }],
  activation: [
    { path: 'add', kind: 'add' },
    { path: ':id', kind: 'view' },
  ],
  plans: [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
    { path: 'share/:blueprintId', kind: 'share' },
    { path: 'share/edit/:id', kind: 'share-edit' },
  ],
  wallet: [{ path: ':id', kind: 'view' }],
  device: [
    { path: 'add', kind: 'add' },
    { path: 'edit/:id', kind: 'edit' },
  ],
  'device-inventory': [{ path: 'add', kind: 'add' }],
  tickets: [
    { path: 'add', kind: 'add' },
    { path: ':id', kind: 'view' },
  ],
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

/** Every route of the console's shell: each module's path, the pages below it, and each group's landing page. */
export const SHELL_ROUTES: readonly TShellRoute[] = [
  ...MODULES.flatMap((module): TShellRoute[] => [
    { kind: 'module', path: module.path, module, sub: null },
    ...(MODULE_SUB_ROUTES[module.id] ?? []).map(
      (sub): TShellRoute => ({ kind: 'module', path: `${module.path}/${sub.path}`, module, sub: sub.kind }),
    ),
  ]),
  ...MODULE_GROUPS.map((group): TShellRoute => ({ kind: 'group', path: group.path, group })),
];
