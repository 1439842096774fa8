import { getModule, isModuleAction } from '@tarang/shared/modules/module-catalogue';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './app-error';
import type { TActor } from './request-context';

/**
 * The one guard. Every /api route declares, next to its schema, who may call it:
 *  - `public`: anyone (sign-in, password reset, health);
 *  - `signedIn`: any signed-in user, acting on themselves only (profile, change password, search over what they can see);
 *  - a permission `{ module, action? }` from the module catalogue, checked against the role's authScopes
 *    for every role, staff included; `staffOnly` routes also need a user with no organisation, `organizationOnly` routes
 *    a user with one (what only an organisation has, e.g. its own wallet's top-up).
 * and its tenancy rule:
 *  - `none`: touches no tenant-owned rows (or only the caller's own);
 *  - `subtree`: works inside the caller's organisation subtree (staff: every organisation), applied by lib/tenancy.ts.
 * The server refuses to start a route without a declaration.
 */
export type TRouteAccess =
  | { kind: 'public'; tenancy: 'none' }
  | { kind: 'signedIn'; tenancy: 'none' | 'subtree' }
  | {
      kind: 'permission';
      module: string;
      action?: string;
      tenancy: 'subtree' | 'none';
      staffOnly?: boolean;
      organizationOnly?: boolean;
    };

export const access = {
  public: (): TRouteAccess => ({ kind: 'public', tenancy: 'none' }),
  signedIn: (tenancy: 'none' | 'subtree' = 'none'): TRouteAccess => ({ kind: 'signedIn', tenancy }),
  permission: (
    module: string,
    action?: string,
    tenancy: 'subtree' | 'none' = 'subtree',
    options: { staffOnly?: boolean; organizationOnly?: boolean } = {},
  ): TRouteAccess => {
    if (!getModule(module)) throw new Error(`Route permission names an unknown module "${module}"`);
    if (action && !isModuleAction(module, action)) throw new Error(`Route permission names an unknown action "${module}.${action}"`);
    return {
      kind: 'permission',
      module,
      action,
      tenancy,
      ...(options.staffOnly ? { staffOnly: true } : {}),
      ...(options.organizationOnly ? { organizationOnly: true } : {}),
    };
  },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TRouteAccess;
  }
  interface FastifyRequest {
    actor: TActor | null;
  }
  interface FastifyInstance {
    routeAccess: { method: string; url: string; access: TRouteAccess }[];
  }
}

export type TAuthenticate = (request: FastifyRequest) => Promise<TActor>;

/** Registers the guard: the declaration check at start-up and the check on every request. */
export function registerRouteGuard(app: FastifyInstance, authenticate: TAuthenticate): void {
  app.decorate('routeAccess', []);
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1')) return;
    const declared = route.config?.access;
    if (!declared) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access: declared });
  });

  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config?.access;
    if (!request.routeOptions.url?.startsWith('/api/v1')) return;
    if (!declared) throw new AppError('FORBIDDEN');
    if (declared.kind === 'public') return;
    const actor = await authenticate(request);
    request.actor = actor;
    if (declared.kind === 'permission' && !hasPermission(actor.authScopes, declared.module, declared.action)) {
      throw new AppError('FORBIDDEN');
    }
    if (declared.kind === 'permission' && declared.staffOnly && actor.scope.kind !== 'all')
      throw new AppError('FORBIDDEN', 'This is for platform staff');
    if (declared.kind === 'permission' && declared.organizationOnly && actor.scope.kind === 'all')
      throw new AppError('FORBIDDEN', 'This is for organisation users');
  });
}
