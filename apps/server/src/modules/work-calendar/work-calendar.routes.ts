import { ZIdParams } from '@tarang/shared/common/api';
import { ZCalendarMove, ZWorkCalendar, ZWorkCalendarQuery } from '@tarang/shared/work-calendar/work-calendar.schemas';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import * as service from './work-calendar.service';

/** The work calendar (beta; issue 15). */
export function workCalendarRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['work-calendar'] });

  route.get('/work-calendar', {
    access: access.permission('work-calendar'),
    summary: 'Scheduled requests and plan expiries per day between two days of India time (at most 62 days)',
    querystring: ZWorkCalendarQuery,
    data: ZWorkCalendar,
    handler: async (request) => ok(await service.getWorkCalendar(deps, contextOf(request), request.query)),
  });

  route.put('/work-calendar/request/:id', {
    access: access.permission('work-calendar', 'cancelWhitelist'),
    summary: 'Move a scheduled whitelist cancellation that has not started to another time',
    params: ZIdParams,
    body: ZCalendarMove,
    message: 'Moved',
    handler: async (request) => {
      await service.moveScheduled(deps, contextOf(request), request.params.id, request.body.scheduledAt);
    },
  });

  route.delete('/work-calendar/request/:id', {
    access: access.permission('work-calendar', 'cancelWhitelist'),
    summary: 'Cancel a scheduled whitelist cancellation that has not started (the whitelist stays applied)',
    params: ZIdParams,
    message: 'Cancellation called off',
    handler: async (request) => {
      await service.cancelScheduled(deps, contextOf(request), request.params.id);
    },
  });
}
