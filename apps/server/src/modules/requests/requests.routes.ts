import multipart from '@fastify/multipart';
import { ZIdParams } from '@tarang/shared/common/api';
import { REQUEST_FILE_MAX_BYTES } from '@tarang/shared/requests/request.constants';
import {
  type TRequestCreate,
  ZCheckpoint,
  ZCheckpointUpdate,
  ZClose,
  ZGatewaySettings,
  ZGatewaySettingsUpdate,
  ZInsights,
  ZJob,
  ZJobCounts,
  ZJobListQuery,
  ZJobStatusChange,
  ZJobTask,
  ZJobTasksQuery,
  ZListMetaCursor,
  ZMnoActionResult,
  ZMnoJob,
  ZMnoJobListQuery,
  ZMnoMarkDone,
  ZMnoReportQuery,
  ZMnoReportRow,
  ZOperatorParams,
  ZProgress,
  ZRequest,
  ZRequestCreate,
  ZRequestCreated,
  ZRequestFile,
  ZRequestListQuery,
  ZRequestMessage,
  ZRespond,
  ZTaskStatus,
  ZTerminationCreate,
} from '@tarang/shared/requests/request.schemas';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { envelope } from '../../http/envelope';
import { idempotencyKeyOf, ZOptionalIdempotencyHeaders } from '../../http/idempotency';
import { receiveFile } from '../../http/multipart-file';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { authenticateRequest } from '../auth/auth.service';
import { listGatewaySettings, updateGatewaySettings } from '../operators/operators.service';
import { loadSimsConfig } from '../sims/sims.config';
import { closeJobEvents, openJobEvents } from './job-events.service';
import { changeJobStatus, getJob, getProgress, jobCounts, listJobs, listTasks } from './jobs.service';
import { getMnoJob, listMnoJobs, markMnoJobDone, mnoJobReport, mnoJobSimsCsv, reinitiateMnoJob } from './mno-jobs.service';
import { createRequest } from './request-create.service';
import { acceptRequestFile } from './request-files.service';
import * as requests from './requests.service';

/** Requests, batch jobs, MNO jobs and the operator gateway (docs/decisions/013-requests-jobs-and-queue.md). */
export function requestRoutes(app: FastifyInstance, deps: TDeps) {
  const requestRoute = declareRoutes(app, { tags: ['requests'] });
  const jobRoute = declareRoutes(app, { tags: ['jobs'] });
  const mnoJobRoute = declareRoutes(app, { tags: ['mno-jobs'] });

  async function create(request: FastifyRequest, reply: FastifyReply, body: TRequestCreate) {
    const key = idempotencyKeyOf(request.headers);
    const { preview, created } = await createRequest(deps, contextOf(request), body, key);
    if (!created)
      return ok({ request: null, preview, replayed: false }, { message: `${preview.valid} of ${preview.total} SIMs can take it` });
    const view = created.request;
    if (!created.replayed) reply.status(201);
    return ok(
      { request: view, preview: created.preview, replayed: created.replayed },
      { message: created.replayed ? 'Request already made with this Idempotency-Key' : `Request ${view.batchJobId} created` },
    );
  }

  const creating = {
    headers: ZOptionalIdempotencyHeaders,
    body: ZRequestCreate,
    response: { 200: envelope(ZRequestCreated), 201: envelope(ZRequestCreated) },
  };

  requestRoute.post('/request', {
    access: access.permission('sim-actions'),
    ...creating,
    summary:
      'Raise a request on SIMs (ICCIDs or a filter): per-SIM validation, dryRun for the preview, proceedWithValid to leave the invalid out',
    handler: async (request, reply) => create(request, reply, request.body),
  });

  const files = loadSimsConfig(deps.config);
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: REQUEST_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    declareRoutes(scope, { tags: ['requests'] }).post('/request/file', {
      access: access.permission('sim-actions'),
      summary:
        'Upload a CSV or XLSX file of ICCIDs (multipart field "file"; a column iccid, or the first column) to name in POST /request as fileId',
      consumes: ['multipart/form-data'],
      data: ZRequestFile,
      status: 201,
      handler: async (request) => {
        const file = await receiveFile(request, files.uploadDir, REQUEST_FILE_MAX_BYTES);
        const made = await acceptRequestFile(deps, contextOf(request), files, file);
        return ok(made, {
          message: made.rejected ? `${made.count} ICCIDs read; ${made.rejected} rows hold no valid ICCID` : `${made.count} ICCIDs read`,
        });
      },
    });
  });

  requestRoute.put('/sim/bulk-action', {
    access: access.permission('sim-actions'),
    ...creating,
    tags: ['sims', 'requests'],
    summary: 'Bulk action on SIMs: the same as POST /request',
    handler: async (request, reply) => create(request, reply, request.body),
  });

  requestRoute.post('/termination', {
    access: access.permission('termination', 'addTermination'),
    ...creating,
    body: ZTerminationCreate,
    summary: 'Add Termination: a TERMINATE request, with its reason (termination is final)',
    handler: async (request, reply) => create(request, reply, { ...request.body, type: 'TERMINATE' }),
  });

  requestRoute.get('/termination', {
    access: access.permission('termination'),
    summary: 'Termination requests',
    querystring: ZRequestListQuery.omit({ type: true }),
    data: z.array(ZRequest),
    meta: ZListMetaCursor,
    handler: async (request) => okPage(await requests.listRequests(deps, contextOf(request), { ...request.query, type: 'TERMINATE' })),
  });

  requestRoute.get('/request', {
    access: access.permission('request'),
    summary: 'Requests, newest first (keyset pages): filters type, status, organisation, dates, batchJobId',
    querystring: ZRequestListQuery,
    data: z.array(ZRequest),
    meta: ZListMetaCursor,
    handler: async (request) => okPage(await requests.listRequests(deps, contextOf(request), request.query)),
  });

  requestRoute.get('/request/:id', {
    access: access.permission('request', 'viewDetails'),
    summary: 'One request with its counts',
    params: ZIdParams,
    data: ZRequest,
    handler: async (request) => ok(await requests.getRequestView(deps, contextOf(request), request.params.id)),
  });

  requestRoute.put('/request/:id/cancel', {
    access: access.permission('request', 'cancelRequest'),
    summary: 'Cancel Request: only while nothing has reached an operator',
    params: ZIdParams,
    body: ZClose.nullish(),
    data: ZRequest,
    handler: async (request) =>
      ok(await requests.cancelRequest(deps, contextOf(request), request.params.id, request.body?.note), { message: 'Request cancelled' }),
  });

  requestRoute.get('/request/:id/checkpoints', {
    access: access.permission('request', 'viewDetails'),
    summary: "The request's workflow steps, with who and when",
    params: ZIdParams,
    data: z.array(ZCheckpoint),
    handler: async (request) => ok(await requests.getCheckpoints(deps, contextOf(request), request.params.id)),
  });

  requestRoute.put('/request/:id/checkpoints', {
    access: access.permission('request', 'checkpointModify', 'subtree', { staffOnly: true }),
    summary: 'Checkpoint Modify: tick or clear a workflow step',
    params: ZIdParams,
    body: ZCheckpointUpdate,
    data: z.array(ZCheckpoint),
    handler: async (request) => ok(await requests.updateCheckpoint(deps, contextOf(request), request.params.id, request.body)),
  });

  requestRoute.get('/request/:id/messages', {
    access: access.permission('request', 'viewDetails'),
    summary: "The request's message thread",
    params: ZIdParams,
    data: z.array(ZRequestMessage),
    handler: async (request) => ok(await requests.listMessages(deps, contextOf(request), request.params.id)),
  });

  requestRoute.post('/request/:id/messages', {
    access: access.permission('request', 'respondRequest'),
    summary: 'Respond Request: a message between staff and the customer',
    params: ZIdParams,
    body: ZRespond,
    data: z.array(ZRequestMessage),
    handler: async (request) => ok(await requests.respond(deps, contextOf(request), request.params.id, request.body.body)),
  });

  requestRoute.put('/request/:id/close', {
    access: access.permission('request', 'closeRequest'),
    summary: 'Close Request (once it has ended)',
    params: ZIdParams,
    body: ZClose.nullish(),
    data: ZRequest,
    handler: async (request) =>
      ok(await requests.closeRequest(deps, contextOf(request), request.params.id, request.body?.note), { message: 'Request closed' }),
  });

  requestRoute.get('/request/:id/insights', {
    access: access.permission('request', 'automationInsights'),
    summary: 'Request Automation Insights: automatic versus by hand, retries, time per stage',
    params: ZIdParams,
    data: ZInsights,
    handler: async (request) => ok(await requests.getInsights(deps, contextOf(request), request.params.id)),
  });

  // Batch jobs

  jobRoute.get('/job-batch', {
    access: access.permission('job'),
    summary: 'Batch jobs, newest first (keyset pages)',
    querystring: ZJobListQuery,
    data: z.array(ZJob),
    meta: ZListMetaCursor,
    handler: async (request) => okPage(await listJobs(deps, contextOf(request), request.query)),
  });

  jobRoute.get('/job-batch/counts', {
    access: access.permission('job'),
    summary: 'Batch jobs by status (dashboard)',
    data: ZJobCounts,
    handler: async (request) => ok(await jobCounts(deps, contextOf(request))),
  });

  jobRoute.get('/job-batch/:id', {
    access: access.permission('job'),
    summary: 'One batch job',
    params: ZIdParams,
    data: ZJob,
    handler: async (request) => ok(await getJob(deps, contextOf(request), request.params.id)),
  });

  jobRoute.get('/job-batch/:id/progress', {
    access: access.permission('job'),
    summary: 'Live progress: status and counts (one row read; poll it)',
    params: ZIdParams,
    data: ZProgress,
    handler: async (request) => ok(await getProgress(deps, contextOf(request), request.params.id)),
  });

  app.addHook('preClose', async () => closeJobEvents(deps));
  jobRoute.get('/job-batch/:id/events', {
    access: access.permission('job'),
    summary:
      'Live progress as server-sent events: a `progress` event each second until the job ends; `end` when the session ends. At most 5 open streams per user (429 beyond)',
    params: ZIdParams,
    handler: async (request, reply) => {
      // The stream lives as long as the credentials that opened it, and the permission that let them (job-events.service.ts).
      const stillSignedIn = () =>
        authenticateRequest(deps, request).then(
          (actor) => hasPermission(actor.authScopes, 'job'),
          () => false,
        );
      const stream = await openJobEvents(deps, contextOf(request), request.params.id, stillSignedIn);
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .header('cache-control', 'no-store');
      return reply.send(stream);
    },
  });

  jobRoute.get('/job/:id/tasks', {
    access: access.permission('job', 'viewTasks'),
    summary: "View Tasks: the job's tasks, one per SIM (cursor = last task id)",
    params: ZIdParams,
    querystring: ZJobTasksQuery,
    data: z.array(ZJobTask),
    meta: ZListMetaCursor,
    handler: async (request) => okPage(await listTasks(deps, contextOf(request), request.params.id, request.query)),
  });

  jobRoute.put('/job/:id/status', {
    access: access.permission('job', 'changeStatus', 'subtree', { staffOnly: true }),
    summary: 'Change Status (staff, with a reason): CANCELLED or FAILED stops what has not reached an operator',
    params: ZIdParams,
    body: ZJobStatusChange,
    data: ZJob,
    handler: async (request) =>
      ok(await changeJobStatus(deps, contextOf(request), request.params.id, request.body), { message: 'Status changed' }),
  });

  // MNO jobs (staff: the provider's work at the operators)

  const mnoRead = access.permission('mno-job-report', undefined, 'none', { staffOnly: true });

  mnoJobRoute.get('/mno-job', {
    access: mnoRead,
    summary: 'MNO jobs, newest first',
    querystring: ZMnoJobListQuery,
    data: z.array(ZMnoJob),
    meta: ZListMetaCursor,
    handler: async (request) => okPage(await listMnoJobs(deps, request.query)),
  });

  mnoJobRoute.get('/mno-job/:id', {
    access: mnoRead,
    summary: 'One MNO job',
    params: ZIdParams,
    data: ZMnoJob,
    handler: async (request) => ok(await getMnoJob(deps, request.params.id)),
  });

  mnoJobRoute.get('/mno-job/:id/sims', {
    access: mnoRead,
    summary: "The MNO job's SIM list as CSV, to work at the operator's portal",
    params: ZIdParams,
    querystring: z.object({ status: ZTaskStatus.optional() }).strict(),
    handler: async (request, reply) => {
      const file = await mnoJobSimsCsv(deps, request.params.id, request.query.status);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.stream);
    },
  });

  mnoJobRoute.put('/mno-job/:id/mark-done', {
    access: access.permission('request', 'markAsDone', 'none', { staffOnly: true }),
    summary: 'Mark As Done: the named SIMs (or every one not done) were done at the operator by hand',
    params: ZIdParams,
    body: ZMnoMarkDone,
    data: ZMnoActionResult,
    handler: async (request) =>
      ok(await markMnoJobDone(deps, contextOf(request), request.params.id, request.body), { message: 'Marked as done' }),
  });

  mnoJobRoute.put('/mno-job/:id/reinitiate', {
    access: access.permission('request', 'reinitiate', 'none', { staffOnly: true }),
    summary: 'Reinitiate: send the failed tasks of the MNO job to the operator again',
    params: ZIdParams,
    data: ZMnoActionResult,
    handler: async (request) => ok(await reinitiateMnoJob(deps, contextOf(request), request.params.id), { message: 'Reinitiated' }),
  });

  mnoJobRoute.get('/report/mno-job-report/summary', {
    access: mnoRead,
    tags: ['mno-jobs', 'reports'],
    summary: 'MNO job report summary: jobs, tasks and outcomes per operator and operation',
    querystring: ZMnoReportQuery,
    data: z.array(ZMnoReportRow),
    handler: async (request) => ok(await mnoJobReport(deps, request.query)),
  });

  // Operator gateway settings (the simulator's behaviour included)

  mnoJobRoute.get('/operator-gateway', {
    access: mnoRead,
    summary: 'Per-operator gateway limits and simulator settings',
    data: z.array(ZGatewaySettings),
    handler: async () => ok(await listGatewaySettings(deps)),
  });

  mnoJobRoute.put('/operator-gateway/:operator', {
    access: access.permission('request', 'reinitiate', 'none', { staffOnly: true }),
    summary: "Change an operator's gateway limits or the simulator's behaviour (latency, failures, outage) at run time",
    params: ZOperatorParams,
    body: ZGatewaySettingsUpdate,
    data: ZGatewaySettings,
    handler: async (request) =>
      ok(await updateGatewaySettings(deps, contextOf(request), request.params.operator, request.body), { message: 'Settings saved' }),
  });
}
