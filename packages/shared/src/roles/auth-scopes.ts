import { z } from 'zod';
import { text } from '../common/text';
import { getModule, MODULES } from '../modules/module-catalogue';

/**
 * authScopes maps each module id to `{ allowed, actions: { [actionKey]: boolean } }` (spec §3).
 * Permission ids: the module id for an allowed module, `<moduleId>.<actionKey>` for an allowed action.
 */
export const ZAuthScope = z
  .object({
    allowed: z.boolean(),
    actions: z.record(text().max(64), z.boolean()).default({}),
  })
  .strict();

export const ZAuthScopes = z.record(text().max(64), ZAuthScope).superRefine((scopes, ctx) => {
  for (const [moduleId, scope] of Object.entries(scopes)) {
    const mod = getModule(moduleId);
    if (!mod) {
      ctx.addIssue({ code: 'custom', path: [moduleId], message: `Unknown module "${moduleId}"` });
      continue;
    }
    for (const action of Object.keys(scope.actions)) {
      if (!mod.actions.some((x) => x.key === action)) {
        ctx.addIssue({
          code: 'custom',
          path: [moduleId, 'actions', action],
          message: `Unknown action "${action}" for module "${moduleId}"`,
        });
      }
    }
  }
});
export type TAuthScopes = z.infer<typeof ZAuthScopes>;

export type TPermission = string;

export function permissionId(moduleId: string, action?: string): TPermission {
  return action ? `${moduleId}.${action}` : moduleId;
}

/** The permission list of spec §6: allowed module ids plus every action flagged true (of an allowed module). */
export function permissionsFromScopes(scopes: TAuthScopes): TPermission[] {
  const out: TPermission[] = [];
  for (const mod of MODULES) {
    const scope = scopes[mod.id];
    if (!scope?.allowed) continue;
    out.push(mod.id);
    for (const action of mod.actions) if (scope.actions[action.key]) out.push(permissionId(mod.id, action.key));
  }
  return out;
}

export function hasPermission(scopes: TAuthScopes, moduleId: string, action?: string): boolean {
  const scope = scopes[moduleId];
  if (!scope?.allowed) return false;
  return action ? scope.actions[action] === true : true;
}

/** Every module allowed with every action: the Super Admin role. */
export function fullAuthScopes(): TAuthScopes {
  const out: TAuthScopes = {};
  for (const mod of MODULES) out[mod.id] = { allowed: true, actions: Object.fromEntries(mod.actions.map((x) => [x.key, true])) };
  return out;
}

/** Build scopes from a compact description: `{ moduleId: true | ['action', …] }` (true = every action). */
export function scopesFrom(spec: Record<string, true | readonly string[]>): TAuthScopes {
  const out: TAuthScopes = {};
  for (const [moduleId, grant] of Object.entries(spec)) {
    const mod = getModule(moduleId);
    if (!mod) throw new Error(`Unknown module ${moduleId}`);
    const keys = grant === true ? mod.actions.map((x) => x.key) : grant;
    out[moduleId] = { allowed: true, actions: Object.fromEntries(keys.map((k) => [k, true])) };
  }
  return out;
}

/** Whether `inner` grants nothing that `outer` does not (a role may not hand out more than its creator holds). */
export function isScopeSubset(inner: TAuthScopes, outer: TAuthScopes): boolean {
  for (const [moduleId, scope] of Object.entries(inner)) {
    if (!scope.allowed && !Object.values(scope.actions).some(Boolean)) continue;
    if (scope.allowed && !hasPermission(outer, moduleId)) return false;
    for (const [action, on] of Object.entries(scope.actions)) if (on && !hasPermission(outer, moduleId, action)) return false;
  }
  return true;
}
