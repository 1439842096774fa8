import { MODULE_GROUPS, MODULES, SIDEBAR_ORDER, type TModule, type TModuleGroup } from '@tarang/shared/modules/module-catalogue';
import { hasPermission, type TAuthScopes } from '@tarang/shared/roles/auth-scopes';

export type TScopeSection = { group: TModuleGroup | null; modules: TModule[] };

const byName = (a: TModule, b: TModule) => a.name.localeCompare(b.name);

/**
 * The matrix's rows, grouped like the sidebar: the top-level modules first (in the sidebar's order,
 * then those reached from other pages), then each group of MODULE_GROUPS with its modules by name.
 */
export function scopeSections(): TScopeSection[] {
  const order = SIDEBAR_ORDER as readonly string[];
  const rank = (m: TModule) => (order.includes(m.id) ? order.indexOf(m.id) : order.length);
  // Modules only the built-in Super Admin holds are never offered: no role the editor saves may grant them.
  const editable = MODULES.filter((m) => !m.builtInOnly);
  const top = editable.filter((m) => m.group === null).sort((a, b) => rank(a) - rank(b) || byName(a, b));
  return [
    { group: null, modules: top },
    ...MODULE_GROUPS.map((group) => ({ group, modules: editable.filter((m) => m.group === group.id).sort(byName) })),
  ];
}

/** What the editor may hand out (undefined = everything). */
export type TGrantable = TAuthScopes | undefined;

export const canGrant = (grantable: TGrantable, moduleId: string, action?: string) =>
  grantable === undefined || hasPermission(grantable, moduleId, action);

function scopeOf(scopes: TAuthScopes, moduleId: string) {
  const scope = scopes[moduleId];
  return { allowed: scope?.allowed ?? false, actions: { ...(scope?.actions ?? {}) } };
}

/** Module allowed or not; taking a module away also takes its actions. */
export function setAllowed(scopes: TAuthScopes, moduleId: string, allowed: boolean): TAuthScopes {
  const scope = scopeOf(scopes, moduleId);
  return { ...scopes, [moduleId]: { allowed, actions: allowed ? scope.actions : {} } };
}

/** One action on or off; an action given also gives its module. */
export function setAction(scopes: TAuthScopes, moduleId: string, action: string, on: boolean): TAuthScopes {
  const scope = scopeOf(scopes, moduleId);
  return { ...scopes, [moduleId]: { allowed: scope.allowed || on, actions: { ...scope.actions, [action]: on } } };
}

/** The row's "all" toggle: the module and every action (that the editor may grant) on, or everything off. */
export function setRow(scopes: TAuthScopes, module: TModule, on: boolean, grantable?: TGrantable): TAuthScopes {
  const scope = scopeOf(scopes, module.id);
  if (!on) return { ...scopes, [module.id]: { allowed: false, actions: {} } };
  const actions = { ...scope.actions };
  for (const a of module.actions) if (canGrant(grantable, module.id, a.key)) actions[a.key] = true;
  return { ...scopes, [module.id]: { allowed: scope.allowed || canGrant(grantable, module.id), actions } };
}

/** Whether the module and all its actions are on. */
export function rowState(scopes: TAuthScopes, module: TModule): 'all' | 'some' | 'none' {
  const scope = scopes[module.id];
  if (!scope?.allowed) return 'none';
  return module.actions.every((a) => scope.actions[a.key]) ? 'all' : 'some';
}

/**
 * What is sent to the server: every allowed module of the catalogue with each of its actions as
 * true or false; modules not allowed and unknown keys are left out.
 */
export function normalizeScopes(scopes: TAuthScopes): TAuthScopes {
  const out: TAuthScopes = {};
  for (const m of MODULES) {
    const scope = scopes[m.id];
    if (!scope?.allowed) continue;
    out[m.id] = { allowed: true, actions: Object.fromEntries(m.actions.map((a) => [a.key, scope.actions[a.key] === true])) };
  }
  return out;
}
