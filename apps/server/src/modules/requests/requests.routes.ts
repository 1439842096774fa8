import multipart from '@fastify/multipart';
import { ZIdParams } from '@tarang/shared/common/api';
import { text } from '@tarang/shared/common/text';
import { IDEMPOTENCY_HEADER, REQUEST_FILE_MAX_BYTES } from '@tarang/shared/requests/request.constants';
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { envelope } from '../../http/envelope';
import { receiveFile } from '../../http/multipart-file';
import { contextOf, ok } from '../../http/reply';
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

const list = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data: z.array(item), meta: ZListMetaCursor });

const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: text()
    .min(1)
    .max(255, 'Idempotency-Key must be at most 255 characters')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces')
    .optional()
    .describe('Makes the call safe to repeat: the same key and body answer the same request; the same key with another body is a 422'),
});

/** Requests, batch jobs, MNO jobs and the operator gateway (docs/decisions/013-requests-jobs-and-queue.md). */
export function requestRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function create(request: FastifyRequest, reply: FastifyReply, body: TRequestCreate) {
    const key = (request.headers[IDEMPOTENCY_HEADER] as string | undefined) ?? null;
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

  const createSchema = {
    tags: ['requests'],
    headers: ZIdempotencyHeaders,
    body: ZRequestCreate,
    response: { 200: envelope(ZRequestCreated), 201: envelope(ZRequestCreated) },
  };

  r.post('/request', {
    config: { access: access.permission('sim-actions') },
    schema: {
      ...createSchema,
      summary:
        'Raise a request on SIMs (ICCIDs or a filter): per-SIM validation, dryRun for the preview, proceedWithValid to leave the invalid out',
    },
    handler: async (request, reply) => create(request, reply, request.body),
  });

  const files = loadSimsConfig(deps.config);
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: REQUEST_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    scope.withTypeProvider<ZodTypeProvider>().post('/request/file', {
      config: { access: access.permission('sim-actions') },
      schema: {
        tags: ['requests'],
        summary:
          'Upload a CSV or XLSX file of ICCIDs (multipart field "file"; a column iccid, or the first column) to name in POST /request as fileId',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(ZRequestFile) },
      },
      handler: async (request, reply) => {
        const file = await receiveFile(request, files.uploadDir, REQUEST_FILE_MAX_BYTES);
        const made = await acceptRequestFile(deps, contextOf(request), files, file);
        reply.status(201);
        return ok(made, {
          message: made.rejected ? `${made.count} ICCIDs read; ${made.rejected} rows hold no valid ICCID` : `${made.count} ICCIDs read`,
        });
      },
    });
  });

  r.put('/sim/bulk-action', {
    config: { access: access.permission('sim-actions') },
    schema: { ...createSchema, tags: ['sims', 'requests'], summary: 'Bulk action on SIMs: the same as POST /request' },
    handler: async (request, reply) => create(request, reply, request.body),
  });

  r.post('/termination', {
    config: { access: access.permission('termination', 'addTermination') },
    schema: {
      ...createSchema,
      body: ZTerminationCreate,
      summary: 'Add Termination: a TERMINATE request, with its reason (termination is final)',
    },
    handler: async (request, reply) => create(request, reply, { ...request.body, type: 'TERMINATE' }),
  });

  r.get('/termination', {
    config: { access: access.permission('termination') },
    schema: {
      tags: ['requests'],
      summary: 'Termination requests',
      querystring: ZRequestListQuery.omit({ type: true }),
      response: { 200: list(ZRequest) },
    },
    handler: async (request) => {
      const { rows, meta } = await requests.listRequests(deps, contextOf(request), { ...request.query, type: 'TERMINATE' });
      return { success: true as const, data: rows, meta };
    },
  });

  r.get('/request', {
    config: { access: access.permission('request') },
    schema: {
      tags: ['requests'],
      summary: 'Requests, newest first (keyset pages): filters type, status, organisation, dates, batchJobId',
      querystring: ZRequestListQuery,
      response: { 200: list(ZRequest) },
    },
    handler: async (request) => {
      const { rows, meta } = await requests.listRequests(deps, contextOf(request), request.query);
      return { success: true as const, data: rows, meta };
    },
  });

  r.get('/request/:id', {
    config: { access: access.permission('request', 'viewDetails') },
    schema: { tags: ['requests'], summary: 'One request with its counts', params: ZIdParams, response: { 200: envelope(ZRequest) } },
    handler: async (request) => ok(await requests.getRequestView(deps, contextOf(request), request.params.id)),
  });

  r.put('/request/:id/cancel', {
    config: { access: access.permission('request', 'cancelRequest') },
    schema: {
      tags: ['requests'],
      summary: 'Cancel Request: only while nothing has reached an operator',
      params: ZIdParams,
      body: ZClose.nullish(),
      response: { 200: envelope(ZRequest) },
    },
    handler: async (request) =>
      ok(await requests.cancelRequest(deps, contextOf(request), request.params.id, request.body?.note), { message: 'Request cancelled' }),
  });

  r.get('/request/:id/checkpoints', {
    config: { access: access.permission('request', 'viewDetails') },
    schema: {
      tags: ['requests'],
      summary: "The request's workflow steps, with who and when",
      params: ZIdParams,
      response: { 200: envelope(z.array(ZCheckpoint)) },
    },
    handler: async (request) => ok(await requests.getCheckpoints(deps, contextOf(request), request.params.id)),
  });

  r.put('/request/:id/checkpoints', {
    config: { access: access.permission('request', 'checkpointModify', 'subtree', { staffOnly: true }) },
    schema: {
      tags: ['requests'],
      summary: 'Checkpoint Modify: tick or clear a workflow step',
      params: ZIdParams,
      body: ZCheckpointUpdate,
      response: { 200: envelope(z.array(ZCheckpoint)) },
    },
    handler: async (request) => ok(await requests.updateCheckpoint(deps, contextOf(request), request.params.id, request.body)),
  });

  r.get('/request/:id/messages', {
    config: { access: access.permission('request', 'viewDetails') },
    schema: {
      tags: ['requests'],
      summary: "The request's message thread",
      params: ZIdParams,
      response: { 200: envelope(z.array(ZRequestMessage)) },
    },
    handler: async (request) => ok(await requests.listMessages(deps, contextOf(request), request.params.id)),
  });

  r.post('/request/:id/messages', {
    config: { access: access.permission('request', 'respondRequest') },
    schema: {
      tags: ['requests'],
      summary: 'Respond Request: a message between staff and the customer',
      params: ZIdParams,
      body: ZRespond,
      response: { 200: envelope(z.array(ZRequestMessage)) },
    },
    handler: async (request) => ok(await requests.respond(deps, contextOf(request), request.params.id, request.body.body)),
  });

  r.put('/request/:id/close', {
    config: { access: access.permission('request', 'closeRequest') },
    schema: {
      tags: ['requests'],
      summary: 'Close Request (once it has ended)',
      params: ZIdParams,
      body: ZClose.nullish(),
      response: { 200: envelope(ZRequest) },
    },
    handler: async (request) =>
      ok(await requests.closeRequest(deps, contextOf(request), request.params.id, request.body?.note), { message: 'Request closed' }),
  });

  r.get('/request/:id/insights', {
    config: { access: access.permission('request', 'automationInsights') },
    schema: {
      tags: ['requests'],
      summary: 'Request Automation Insights: automatic versus by hand, retries, time per stage',
      params: ZIdParams,
      response: { 200: envelope(ZInsights) },
    },
    handler: async (request) => ok(await requests.getInsights(deps, contextOf(request), request.params.id)),
  });

  // Batch jobs

  r.get('/job-batch', {
    config: { access: access.permission('job') },
    schema: {
      tags: ['jobs'],
      summary: 'Batch jobs, newest first (keyset pages)',
      querystring: ZJobListQuery,
      response: { 200: list(ZJob) },
    },
    handler: async (request) => {
      const { rows, meta } = await listJobs(deps, contextOf(request), request.query);
      return { success: true as const, data: rows, meta };
    },
  });

  r.get('/job-batch/counts', {
    config: { access: access.permission('job') },
    schema: { tags: ['jobs'], summary: 'Batch jobs by status (dashboard)', response: { 200: envelope(ZJobCounts) } },
    handler: async (request) => ok(await jobCounts(deps, contextOf(request))),
  });

  r.get('/job-batch/:id', {
    config: { access: access.permission('job') },
    schema: { tags: ['jobs'], summary: 'One batch job', params: ZIdParams, response: { 200: envelope(ZJob) } },
    handler: async (request) => ok(await getJob(deps, contextOf(request), request.params.id)),
  });

  r.get('/job-batch/:id/progress', {
    config: { access: access.permission('job') },
    schema: {
      tags: ['jobs'],
      summary: 'Live progress: status and counts (one row read; poll it)',
      params: ZIdParams,
      response: { 200: envelope(ZProgress) },
    },
    handler: async (request) => ok(await getProgress(deps, contextOf(request), request.params.id)),
  });

  app.addHook('preClose', async () => closeJobEvents(deps));
  r.get('/job-batch/:id/events', {
    config: { access: access.permission('job') },
    schema: {
      tags: ['jobs'],
      summary:
        'Live progress as server-sent events: a `progress` event each second until the job ends; `end` when the session ends. At most 5 open streams per user (429 beyond)',
      params: ZIdParams,
    },
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

  r.get('/job/:id/tasks', {
    config: { access: access.permission('job', 'viewTasks') },
    schema: {
      tags: ['jobs'],
      summary: "View Tasks: the job's tasks, one per SIM (cursor = last task id)",
      params: ZIdParams,
      querystring: ZJobTasksQuery,
      response: { 200: list(ZJobTask) },
    },
    handler: async (request) => {
      const { rows, meta } = await listTasks(deps, contextOf(request), request.params.id, request.query);
      return { success: true as const, data: rows, meta };
    },
  });

  r.put('/job/:id/status', {
    config: { access: access.permission('job', 'changeStatus', 'subtree', { staffOnly: true }) },
    schema: {
      tags: ['jobs'],
      summary: 'Change Status (staff, with a reason): CANCELLED or FAILED stops what has not reached an operator',
      params: ZIdParams,
      body: ZJobStatusChange,
      response: { 200: envelope(ZJob) },
    },
    handler: async (request) =>
      ok(await changeJobStatus(deps, contextOf(request), request.params.id, request.body), { message: 'Status changed' }),
  });

  // MNO jobs (staff: the provider's work at the operators)

  const mnoRead = access.permission('mno-job-report', undefined, 'none', { staffOnly: true });

  r.get('/mno-job', {
    config: { access: mnoRead },
    schema: { tags: ['mno-jobs'], summary: 'MNO jobs, newest first', querystring: ZMnoJobListQuery, response: { 200: list(ZMnoJob) } },
    handler: async (request) => {
      const { rows, meta } = await listMnoJobs(deps, request.query);
      return { success: true as const, data: rows, meta };
    },
  });

  r.get('/mno-job/:id', {
    config: { access: mnoRead },
    schema: { tags: ['mno-jobs'], summary: 'One MNO job', params: ZIdParams, response: { 200: envelope(ZMnoJob) } },
    handler: async (request) => ok(await getMnoJob(deps, request.params.id)),
  });

  r.get('/mno-job/:id/sims', {
    config: { access: mnoRead },
    schema: {
      tags: ['mno-jobs'],
      summary: "The MNO job's SIM list as CSV, to work at the operator's portal",
      params: ZIdParams,
      querystring: z.object({ status: ZTaskStatus.optional() }).strict(),
    },
    handler: async (request, reply) => {
      const file = await mnoJobSimsCsv(deps, request.params.id, request.query.status);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.stream);
    },
  });

  r.put('/mno-job/:id/mark-done', {
    config: { access: access.permission('request', 'markAsDone', 'none', { staffOnly: true }) },
    schema: {
      tags: ['mno-jobs'],
      summary: 'Mark As Done: the named SIMs (or every one not done) were done at the operator by hand',
      params: ZIdParams,
      body: ZMnoMarkDone,
      response: { 200: envelope(ZMnoActionResult) },
    },
    handler: async (request) =>
      ok(await markMnoJobDone(deps, contextOf(request), request.params.id, request.body), { message: 'Marked as done' }),
  });

  r.put('/mno-job/:id/reinitiate', {
    config: { access: access.permission('request', 'reinitiate', 'none', { staffOnly: true }) },
    schema: {
      tags: ['mno-jobs'],
      summary: 'Reinitiate: send the failed tasks of the MNO job to the operator again',
      params: ZIdParams,
      response: { 200: envelope(ZMnoActionResult) },
    },
    handler: async (request) => ok(await reinitiateMnoJob(deps, contextOf(request), request.params.id), { message: 'Reinitiated' }),
  });

  r.get('/report/mno-job-report', {
    config: { access: mnoRead },
    schema: {
      tags: ['mno-jobs', 'reports'],
      summary: 'MNO job report: jobs, tasks and outcomes per operator and operation',
      querystring: ZMnoReportQuery,
      response: { 200: envelope(z.array(ZMnoReportRow)) },
    },
    handler: async (request) => ok(await mnoJobReport(deps, request.query)),
  });

  // Operator gateway settings (the simulator's behaviour included)

  r.get('/operator-gateway', {
    config: { access: mnoRead },
    schema: {
      tags: ['mno-jobs'],
      summary: 'Per-operator gateway limits and simulator settings',
      response: { 200: envelope(z.array(ZGatewaySettings)) },
    },
    handler: async () => ok(await listGatewaySettings(deps)),
  });

  r.put('/operator-gateway/:operator', {
    config: { access: access.permission('request', 'reinitiate', 'none', { staffOnly: true }) },
    schema: {
      tags: ['mno-jobs'],
      summary: "Change an operator's gateway limits or the simulator's behaviour (latency, failures, outage) at run time",
      params: ZOperatorParams,
      body: ZGatewaySettingsUpdate,
      response: { 200: envelope(ZGatewaySettings) },
    },
    handler: async (request) =>
      ok(await updateGatewaySettings(deps, contextOf(request), request.params.operator, request.body), { message: 'Settings saved' }),
  });
}
