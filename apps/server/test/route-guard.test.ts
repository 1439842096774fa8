import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { access, registerRouteGuard } from '../src/http/route-access';
import { routeTest } from './route-test';
import { API } from './test-app';

/**
 * The one guard, walked over every /api/v1 route the app registers (the list grows as modules are added):
 * each declares who may call it; without a token every non-public route answers 401; with a role that
 * holds nothing, every permission route answers 403 before it looks at anything else.
 */

const { t, tokens } = routeTest({
  organizations: { guarded: 'Guarded Org' },
  roles: { Nothing: { scopes: {}, org: 'guarded' } },
  users: { nothing: { email: 'nothing@guard.test', role: 'Nothing', org: 'guarded' } },
});

/** A concrete URL for a route pattern: every path parameter gets a well-formed id. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '0123456789abcdef01234567').replace(/\*$/, 'x');
}

function inject(method: string, url: string, token?: string) {
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return t.call({ method: method as 'GET', url: concrete(url), token, ...(hasBody ? { payload: {} } : {}) });
}

describe('every /api/v1 route declares its access', () => {
  it('lists the routes of this part of the API, each with a declaration', () => {
    const routes = t.app.routeAccess;
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/v1/users',
      'GET /api/v1/users/:id',
      'POST /api/v1/users',
      'PUT /api/v1/users/:id',
      'DELETE /api/v1/users/:id',
      'POST /api/v1/users/:id/send-mail',
      'GET /api/v1/organization',
      'GET /api/v1/organization/:id',
      'POST /api/v1/organization',
      'PUT /api/v1/organization/:id',
      'DELETE /api/v1/organization/:id',
      'GET /api/v1/organization/:id/settings',
      'PUT /api/v1/organization/:id/settings',
      'GET /api/v1/roles',
      'GET /api/v1/roles/:id',
      'POST /api/v1/roles',
      'PUT /api/v1/roles/:id',
      'DELETE /api/v1/roles/:id',
      'GET /api/v1/search/:term',
    ]) {
      expect(keys).toContain(expected);
    }
    for (const route of routes) {
      expect(route.url.startsWith(API)).toBe(true);
      expect(['public', 'signedIn', 'permission']).toContain(route.access.kind);
    }
  });
});

describe('the guard, route by route', () => {
  const routes = () => t.app.routeAccess;

  it('every non-public route answers 401 without a token, and 401 with a forged one', async () => {
    const guarded = routes().filter((r) => r.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      const res = await inject(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      const forged = await inject(route.method, route.url, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
      expect(forged.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('every permission route answers 403 to a signed-in user whose role holds nothing', async () => {
    const permissioned = routes().filter((r) => r.access.kind === 'permission');
    expect(permissioned.length).toBeGreaterThan(15);
    for (const route of permissioned) {
      const res = await inject(route.method, route.url, tokens.nothing);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it('the same user still reaches signed-in routes (the 403s above came from the permission, not the token)', async () => {
    const search = await t.call({ method: 'GET', url: `${API}/search/anything`, token: tokens.nothing });
    expect(search.statusCode).toBe(200);
    expect(search.json().data).toEqual({ SIMS: [], JOBS: [], ORGS: [], USERS: [] });
  });

  it('a permission route names a module and, where given, an action of the catalogue', async () => {
    const { getModule, isModuleAction } = await import('@tarang/shared/modules/module-catalogue');
    for (const route of routes()) {
      if (route.access.kind !== 'permission') continue;
      expect(getModule(route.access.module), route.url).toBeDefined();
      if (route.access.action)
        expect(isModuleAction(route.access.module, route.access.action), `${route.url} ${route.access.action}`).toBe(true);
    }
  });
});

describe('start-up refuses an undeclared route', () => {
  it('a route under /api/v1 without config.access makes the app fail to start', async () => {
    const app = Fastify();
    registerRouteGuard(app, async () => {
      throw new Error('not used');
    });
    app.register(
      async (api) => {
        api.get('/declared', { config: { access: access.public() } }, async () => 'ok');
        api.get('/forgotten', async () => 'oops');
      },
      { prefix: '/api/v1' },
    );
    await expect(app.ready()).rejects.toThrow('Route GET /api/v1/forgotten declares no access rule');
    await app.close().catch(() => {});
  });

  it('a declared route starts, and routes outside /api/v1 need no declaration', async () => {
    const app = Fastify();
    registerRouteGuard(app, async () => {
      throw new Error('not used');
    });
    app.get('/outside', async () => 'fine');
    app.register(async (api) => api.get('/declared', { config: { access: access.public() } }, async () => 'ok'), { prefix: '/api/v1' });
    await app.ready();
    expect(app.routeAccess).toEqual([{ method: 'GET', url: '/api/v1/declared', access: { kind: 'public', tenancy: 'none' } }]);
    expect((await app.inject({ method: 'GET', url: '/api/v1/declared' })).body).toBe('ok');
    await app.close();
  });

  it('a permission naming an unknown module or action is refused when the route is written', () => {
    expect(() => access.permission('no-such-module')).toThrow('unknown module');
    expect(() => access.permission('user', 'fly')).toThrow('unknown action');
  });
});
