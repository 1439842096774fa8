import { ZIdParams } from '@tarang/shared/common/api';
import {
  ZReportAlert,
  ZReportAlertCreate,
  ZReportAlertUpdate,
  ZReportSavedQuery,
  ZReportSchedule,
  ZReportScheduleCreate,
  ZReportScheduleUpdate,
} from '@tarang/shared/reports/report-schedule.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { readRunFile } from './report-run-files';
import './report-runner';
import * as service from './report-schedules.service';

/**
 * Schedules and alerts of the declared reports (spec §7 `report`, `report/alert`). Any signed-in user may call them; the
 * service asks for the permission of the report each one names and keeps them inside the caller's reach.
 */
export function reportScheduleRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['reports'] });
  const signedIn = access.signedIn('subtree');

  route.get('/report/schedule', {
    access: signedIn,
    summary: "Schedules of the reports the caller may run, in the caller's reach (optionally one report's)",
    querystring: ZReportSavedQuery,
    data: z.array(ZReportSchedule),
    handler: async (request) => ok(await service.listSchedules(deps, contextOf(request), request.query.reportId)),
  });
  route.post('/report/schedule', {
    access: signedIn,
    summary:
      "Schedules a report daily or weekly (India time); each run mails a link to the file to the organisation's users who may see it",
    body: ZReportScheduleCreate,
    status: 201,
    data: ZReportSchedule,
    handler: async (request) => ok(await service.createSchedule(deps, contextOf(request), request.body), { message: 'Schedule saved' }),
  });
  route.get('/report/schedule/:id', {
    access: signedIn,
    summary: 'One schedule, with its last run',
    params: ZIdParams,
    data: ZReportSchedule,
    handler: async (request) => ok(await service.getSchedule(deps, contextOf(request), request.params.id)),
  });
  route.put('/report/schedule/:id', {
    access: signedIn,
    summary: 'Changes a schedule (name, filters, format, language, when, paused)',
    params: ZIdParams,
    body: ZReportScheduleUpdate,
    data: ZReportSchedule,
    handler: async (request) => ok(await service.updateSchedule(deps, contextOf(request), request.params.id, request.body)),
  });
  route.delete('/report/schedule/:id', {
    access: signedIn,
    summary: 'Deletes a schedule',
    params: ZIdParams,
    message: 'Schedule deleted',
    handler: async (request) => {
      await service.deleteSchedule(deps, contextOf(request), request.params.id);
    },
  });
  route.post('/report/schedule/:id/run', {
    access: signedIn,
    summary: 'Runs a schedule now (its file made and mailed as at its time)',
    params: ZIdParams,
    data: ZReportSchedule,
    handler: async (request) => ok(await service.runScheduleNow(deps, contextOf(request), request.params.id)),
  });
  route.get('/report/run/:id/file', {
    access: signedIn,
    summary: "A scheduled run's file (kept 7 days), for a user who may see its report over its organisation",
    params: ZIdParams,
    handler: async (request, reply) => {
      const run = await service.findRunFile(deps, contextOf(request), request.params.id);
      const type = run.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      reply.header('content-type', type).header('content-disposition', `attachment; filename="${run.file_name}"`);
      return reply.send(readRunFile(deps.db, run.id));
    },
  });

  route.get('/report/alert', {
    access: signedIn,
    summary: "Alerts on the reports the caller may run, in the caller's reach (optionally one report's)",
    querystring: ZReportSavedQuery,
    data: z.array(ZReportAlert),
    handler: async (request) => ok(await service.listAlerts(deps, contextOf(request), request.query.reportId)),
  });
  route.post('/report/alert', {
    access: signedIn,
    summary:
      "Saves a condition on a report (its rows for the filters number more than a threshold) that mails the organisation's users when it becomes true",
    body: ZReportAlertCreate,
    status: 201,
    data: ZReportAlert,
    handler: async (request) => ok(await service.createAlert(deps, contextOf(request), request.body), { message: 'Alert saved' }),
  });
  route.get('/report/alert/:id', {
    access: signedIn,
    summary: 'One alert, with its last check',
    params: ZIdParams,
    data: ZReportAlert,
    handler: async (request) => ok(await service.getAlert(deps, contextOf(request), request.params.id)),
  });
  route.put('/report/alert/:id', {
    access: signedIn,
    summary: 'Changes an alert; a changed condition is checked again at once',
    params: ZIdParams,
    body: ZReportAlertUpdate,
    data: ZReportAlert,
    handler: async (request) => ok(await service.updateAlert(deps, contextOf(request), request.params.id, request.body)),
  });
  route.delete('/report/alert/:id', {
    access: signedIn,
    summary: 'Deletes an alert',
    params: ZIdParams,
    message: 'Alert deleted',
    handler: async (request) => {
      await service.deleteAlert(deps, contextOf(request), request.params.id);
    },
  });
}
