import { ZIdParams } from '@tarang/shared/common/api';
import type { TModuleId } from '@tarang/shared/modules/module-catalogue';
import type { z } from 'zod';
import type { TDeps } from '../app-deps';
import type { declareRoutes } from './declare-routes';
import { contextOf, ok } from './reply';
import type { TRequestContext } from './request-context';
import { access } from './route-access';

type TRecordSpec<D extends z.ZodType, B extends z.ZodType> = {
  /** The catalogue module whose actions guard the routes: its view permission reads, `edit` changes, `delete` deletes. */
  module: TModuleId;
  /** The record's name in the answers' messages: "Role" → "Role updated", "Role deleted". */
  noun: string;
  /** The record as the API answers it. */
  data: D;
  /** Reads one record; leave out when the module's GET has rules of its own. */
  get?: (deps: TDeps, ctx: TRequestContext, id: string) => Promise<z.input<D>>;
  update: { body: B; run: (deps: TDeps, ctx: TRequestContext, id: string, body: z.output<B>) => Promise<z.input<D>> };
  remove: (deps: TDeps, ctx: TRequestContext, id: string) => Promise<unknown>;
};

/**
 * The routes of a record kept by id, the same contract in every module that manages records (organisations, roles,
 * users, and the plans, devices and tickets to come): `GET {path}` answers the record, `PUT {path}` changes it and
 * answers it with "<Noun> updated", `DELETE {path}` answers "<Noun> deleted". Out of reach is 404 in the service
 * (decision 007); the permission is the catalogue's, checked by the guard.
 */
export function declareRecordRoutes<D extends z.ZodType, B extends z.ZodType>(
  route: ReturnType<typeof declareRoutes>,
  deps: TDeps,
  path: `${string}/:id`,
  spec: TRecordSpec<D, B>,
) {
  const { get, update, remove } = spec;
  if (get) {
    route.get(path, {
      access: access.permission(spec.module),
      params: ZIdParams,
      data: spec.data as z.ZodType,
      handler: async (request) => ok(await get(deps, contextOf(request), request.params.id)),
    });
  }
  route.put(path, {
    access: access.permission(spec.module, 'edit'),
    params: ZIdParams,
    body: update.body as z.ZodType,
    data: spec.data as z.ZodType,
    handler: async (request) =>
      ok(await update.run(deps, contextOf(request), request.params.id, request.body as z.output<B>), { message: `${spec.noun} updated` }),
  });
  route.delete(path, {
    access: access.permission(spec.module, 'delete'),
    params: ZIdParams,
    message: `${spec.noun} deleted`,
    handler: async (request) => {
      await remove(deps, contextOf(request), request.params.id);
    },
  });
}
