import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, type TOptionalListMeta, ZMessageOnly } from './envelope';
import type { TRouteAccess } from './route-access';

/** The zod schema of one part of a route (params, querystring, body, headers, data), when it declares one. */
type TSchema = z.ZodType | undefined;

/**
 * One route's declaration, flat: who may call it (`access`, checked by the guard in route-access.ts), what it takes
 * (the shared zod schemas), what it answers, and the handler. What it answers is one of:
 *  - `data`: the schema of the answer's `data`, put in the envelope (`meta` beside it, for a list with its own meta);
 *  - `message`: the answer is `{ success: true, message }` once the handler is done (the handler answers nothing);
 *  - `response`: every status and its whole schema, for anything else (an answer of 200 or 202, say);
 *  - none: a file or a stream.
 * `status` is the answer's status for `data` or `message` when it is not 200: 201 (made) or 202 (accepted).
 */
export type TRouteDeclaration<
  P extends TSchema = TSchema,
  Q extends TSchema = TSchema,
  B extends TSchema = TSchema,
  H extends TSchema = TSchema,
  D extends TSchema = TSchema,
  M extends z.ZodType = z.ZodType,
  R extends TResponses = TResponses,
  G extends string | undefined = string | undefined,
  C extends TStatus = TStatus,
> = {
  access: TRouteAccess;
  /** The module's tags unless given. */
  tags?: string[];
  summary?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  headers?: H;
  consumes?: string[];
  data?: D;
  meta?: M;
  message?: G;
  response?: R;
  status?: C;
  onRequest?: onRequestAsyncHookHandler;
  handler: G extends string
    ? (...args: Parameters<THandler<TParts<P, Q, B, H> & { response: Record<C, typeof ZMessageOnly> }>>) => Promise<unknown>
    : THandler<TParts<P, Q, B, H> & { response: D extends z.ZodType ? Record<C, ReturnType<typeof envelope<D, M>>> : R }>;
};

type TResponses = Record<number, z.ZodType> | undefined;
type TStatus = 200 | 201 | 202;
type TParts<P, Q, B, H> = { params: P; querystring: Q; body: B; headers: H };

/** The handler Fastify would type for this schema: the request's parts parsed, the answer checked against `response`. */
type THandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

type TDeclare = <
  P extends TSchema = undefined,
  Q extends TSchema = undefined,
  B extends TSchema = undefined,
  H extends TSchema = undefined,
  D extends TSchema = undefined,
  M extends z.ZodType = TOptionalListMeta,
  R extends TResponses = undefined,
  G extends string | undefined = undefined,
  C extends TStatus = 200,
>(
  url: string,
  declaration: TRouteDeclaration<P, Q, B, H, D, M, R, G, C>,
) => void;

/**
 * The routes of one module, declared on `app` under its OpenAPI tags:
 *
 *   const route = declareRoutes(app, { tags: ['roles'] });
 *   route.get('/roles/:id', {
 *     access: access.permission('role'),
 *     params: ZIdParams,
 *     data: ZRole,
 *     handler: async (request) => ok(await service.getRole(deps, contextOf(request), request.params.id)),
 *   });
 */
export function declareRoutes(app: FastifyInstance, defaults: { tags: string[] }) {
  const declare =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE'): TDeclare =>
    (url, declaration) => {
      const { access, tags, data, meta, message, response, status, onRequest, handler, ...schema } = declaration;
      if ([data, message, response].filter(Boolean).length > 1)
        throw new Error(`Route ${method} ${url} declares more than one of data, message and response`);
      if (meta && !data) throw new Error(`Route ${method} ${url} declares meta without data`);
      if (status && !data && !message) throw new Error(`Route ${method} ${url} declares a status without data or message`);
      const answers = data ? { [status ?? 200]: envelope(data, meta) } : message ? { [status ?? 200]: ZMessageOnly } : response;
      const run = handler as RouteHandlerMethod;
      app.route({
        method,
        url,
        config: { access },
        ...(onRequest ? { onRequest } : {}),
        schema: { tags: tags ?? defaults.tags, ...schema, ...(answers ? { response: answers } : {}) },
        // Typed above from the same schemas Fastify validates with, so the request holds what the handler was told.
        handler:
          status || message
            ? async function answer(request, reply) {
                if (status) reply.status(status);
                const answered = await run.call(this, request, reply);
                return message ? { success: true as const, message } : answered;
              }
            : run,
      });
    };
  return { get: declare('GET'), post: declare('POST'), put: declare('PUT'), delete: declare('DELETE') };
}
