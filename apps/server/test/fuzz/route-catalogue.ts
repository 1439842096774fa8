import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { TRouteAccess } from '../../src/http/route-access';

/** One API operation as the server registered it: the zod schemas it validates with and its access rule. */
export type TFuzzRoute = {
  method: string;
  url: string;
  access: TRouteAccess;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The route reads a multipart/form-data upload instead of a JSON body. */
  multipart: boolean;
};

const seen = new WeakMap<FastifyInstance, TFuzzRoute[]>();
let subscribed = false;

/**
 * Records the routes of every Fastify instance created from now on in this process. Fastify publishes each new
 * instance on the `fastify.initialization` diagnostics channel before any plugin runs; an `onRoute` hook added there
 * sees every route with the very schema objects the server validates with (the shared zod schemas).
 */
export function watchRoutes(): void {
  if (subscribed) return;
  subscribed = true;
  diagnostics.subscribe('fastify.initialization', (message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const routes: TFuzzRoute[] = [];
    seen.set(fastify, routes);
    fastify.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/v1')) return;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const consumes = (schema.consumes as string[] | undefined) ?? [];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          access: route.config?.access as TRouteAccess,
          params: schema.params as z.ZodType | undefined,
          querystring: schema.querystring as z.ZodType | undefined,
          body: schema.body as z.ZodType | undefined,
          headers: schema.headers as z.ZodType | undefined,
          multipart: consumes.includes('multipart/form-data'),
        });
      }
    });
  });
}

/** The routes recorded for an app built after `watchRoutes()`. */
export function routesOf(app: FastifyInstance): TFuzzRoute[] {
  const routes = seen.get(app);
  if (!routes) throw new Error('The app was built before watchRoutes() was called');
  return routes;
}

export const routeName = (route: { method: string; url: string }) => `${route.method} ${route.url.replace(/^\/api\/v1/, '')}`;
