import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { ZIdParams } from '@tarang/shared/common/api';
import {
  ZIccidParams,
  ZSim,
  ZSimAllocate,
  ZSimBatchResult,
  ZSimDetail,
  ZSimExpiringQuery,
  ZSimExportQuery,
  ZSimImeiLock,
  ZSimListMeta,
  ZSimListQuery,
  ZSimOperation,
  ZSimRollback,
  ZSimStatusChange,
  ZSimStatusQuery,
  ZSimStatusView,
  ZSimUpdate,
  ZSimUpdateResult,
  ZTemplateQuery,
} from '@tarang/shared/sims/sim.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { envelope } from '../../http/envelope';
import { receiveFile } from '../../http/multipart-file';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { exportSims, uploadTemplate } from './sim-export.service';
import { allocateSims, rollbackSims } from './sim-moves.service';
import { toOperation } from './sim-operations.repository';
import { acceptUpload, getUpload } from './sim-upload.service';
import { loadSimsConfig } from './sims.config';
import { createSimRunner } from './sims.runner';
import * as service from './sims.service';

const listEnvelope = z.object({ success: z.literal(true), message: z.string().optional(), data: z.array(ZSim), meta: ZSimListMeta });

/** SIM inventory: /sim and below (docs/decisions/010-sim-inventory-and-search-index.md). */
export function simRoutes(app: FastifyInstance, deps: TDeps) {
  const cfg = loadSimsConfig(deps.config);
  const runner = createSimRunner(deps);
  app.register(async (scope) => {
    scope.addHook('onListen', async () => runner.start());
    scope.addHook('onClose', async () => runner.stop());
    await scope.register(multipart, { limits: { fileSize: cfg.uploadMaxBytes, files: 1, fields: 5, parts: 6 } });
    registerSimRoutes(scope, deps, cfg);
  });
}

function registerSimRoutes(app: FastifyInstance, deps: TDeps, cfg: ReturnType<typeof loadSimsConfig>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sims'];

  r.get('/sim', {
    config: { access: access.permission('sim-inventory') },
    schema: {
      tags,
      summary: 'SIM inventory: keyset pages (opaque cursor), sorts, filters, and search by any profile identifier',
      querystring: ZSimListQuery,
      response: { 200: listEnvelope },
    },
    handler: async (request) => {
      const { rows, meta } = await service.getSims(deps, contextOf(request), request.query);
      return { success: true as const, data: rows, meta };
    },
  });

  r.get('/sim/expiring-soon', {
    config: { access: access.permission('sim-inventory') },
    schema: {
      tags,
      summary: 'SIMs whose validity ends within `days`, soonest first',
      querystring: ZSimExpiringQuery,
      response: { 200: listEnvelope },
    },
    handler: async (request) => {
      const { rows, meta } = await service.getExpiringSims(deps, contextOf(request), request.query);
      return { success: true as const, data: rows, meta };
    },
  });

  r.get('/sim/export', {
    config: { access: access.permission('sim-inventory') },
    schema: {
      tags,
      summary: 'Every SIM matching the filters as CSV or XLSX, streamed',
      querystring: ZSimExportQuery,
    },
    handler: async (request, reply) => {
      const file = await exportSims(deps, contextOf(request), request.query);
      reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.stream);
    },
  });

  r.get('/sim/operations/:id', {
    config: { access: access.permission('sim-inventory') },
    schema: {
      tags,
      summary: 'Progress of an allocation, roll-back or upload',
      params: ZIdParams,
      response: { 200: envelope(ZSimOperation) },
    },
    handler: async (request) => ok(await service.getOperationView(deps, contextOf(request), request.params.id)),
  });

  r.put('/sim/allocate', {
    config: { access: access.permission('sim-inventory', 'allocate') },
    schema: {
      tags,
      summary: 'Allocate SIMs (ICCIDs or a filter) from stock, or down the organisation tree; over 10,000 run in the background',
      body: ZSimAllocate,
      response: { 200: envelope(ZSimBatchResult), 202: envelope(ZSimBatchResult) },
    },
    handler: async (request, reply) => {
      const result = await allocateSims(deps, contextOf(request), request.body);
      if (result.operation.status === 'QUEUED') reply.status(202);
      return ok(result, {
        message: result.operation.status === 'QUEUED' ? 'Allocation queued' : `${result.operation.succeeded} SIMs allocated`,
      });
    },
  });

  r.put('/sim/rollback', {
    config: { access: access.permission('sim-inventory', 'rollBack') },
    schema: {
      tags,
      summary: 'Roll allocated SIMs back: to stock (staff), or from a descendant to your organisation',
      body: ZSimRollback,
      response: { 200: envelope(ZSimBatchResult), 202: envelope(ZSimBatchResult) },
    },
    handler: async (request, reply) => {
      const result = await rollbackSims(deps, contextOf(request), request.body);
      if (result.operation.status === 'QUEUED') reply.status(202);
      return ok(result, {
        message: result.operation.status === 'QUEUED' ? 'Roll-back queued' : `${result.operation.succeeded} SIMs rolled back`,
      });
    },
  });

  r.put('/sim', {
    config: { access: access.permission('sim-actions') },
    schema: { tags, summary: 'Set label, tags, APN or static IP of SIMs', body: ZSimUpdate, response: { 200: envelope(ZSimUpdateResult) } },
    handler: async (request) => ok(await service.updateSims(deps, contextOf(request), request.body), { message: 'SIMs updated' }),
  });

  r.get('/sim/individual-sim/status', {
    config: { access: access.permission('sim-inventory') },
    schema: {
      tags,
      summary: "One SIM's status and the local changes open to it",
      querystring: ZSimStatusQuery,
      response: { 200: envelope(ZSimStatusView) },
    },
    handler: async (request) => ok(await service.getSimStatus(deps, contextOf(request), request.query.iccid)),
  });

  r.put('/sim/individual-sim/status', {
    config: { access: access.permission('sim-actions') },
    schema: {
      tags,
      summary: "Change one SIM's status: bar an active SIM, or clear a bar (other changes go to the operator as requests)",
      body: ZSimStatusChange,
      response: { 200: envelope(ZSimStatusView) },
    },
    handler: async (request) => ok(await service.changeSimStatus(deps, contextOf(request), request.body), { message: 'Status changed' }),
  });

  r.put('/sim/imeis', {
    config: { access: access.permission('sim-actions') },
    schema: {
      tags,
      summary: 'Lock SIMs to an IMEI, or unlock them',
      body: ZSimImeiLock,
      response: {
        200: envelope(z.object({ updated: z.number().int(), skipped: z.array(z.object({ iccid: z.string(), reason: z.string() })) })),
      },
    },
    handler: async (request) => ok(await service.setImeiLock(deps, contextOf(request), request.body)),
  });

  const bulk = access.permission('sim-inventory', 'bulkUpload', 'none', { staffOnly: true });

  r.get('/sim/large-data/template', {
    config: { access: bulk },
    schema: { tags, summary: 'The bulk-upload template (CSV or XLSX)', querystring: ZTemplateQuery },
    handler: async (request, reply) => {
      const file = await uploadTemplate(request.query.format);
      reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.body);
    },
  });

  r.post('/sim/large-data', {
    config: { access: bulk },
    schema: {
      tags,
      summary: 'Upload SIMs into stock: a CSV or XLSX file (multipart field "file"); read in the background',
      consumes: ['multipart/form-data'],
      response: { 202: envelope(ZSimOperation) },
    },
    handler: async (request, reply) => {
      const file = await receiveFile(request, cfg.uploadDir, cfg.uploadMaxBytes);
      const op = await acceptUpload(deps, contextOf(request), cfg, file);
      reply.status(202);
      return ok(op, { message: 'Upload received; it is being read' });
    },
  });

  r.get('/sim/large-data/:id', {
    config: { access: bulk },
    schema: { tags, summary: 'Status and counts of an upload', params: ZIdParams, response: { 200: envelope(ZSimOperation) } },
    handler: async (request) => ok(toOperation(await getUpload(deps, contextOf(request), request.params.id))),
  });

  r.get('/sim/large-data/:id/rejected', {
    config: { access: bulk },
    schema: { tags, summary: 'The rejected rows of an upload as CSV: row, column, value, reason', params: ZIdParams },
    handler: async (request, reply) => {
      const op = await getUpload(deps, contextOf(request), request.params.id);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="rejected-${op.id}.csv"`);
      const exists = op.rejectedPath && op.rejectedBytes > 0 ? await stat(op.rejectedPath).catch(() => null) : null;
      if (!exists) return reply.send('row,column,value,reason\n');
      // Only what committed batches wrote: a batch being written now is not in the file's counted bytes yet.
      return reply.send(createReadStream(op.rejectedPath!, { end: op.rejectedBytes - 1 }));
    },
  });

  r.get('/sim/:iccid', {
    config: { access: access.permission('sim-inventory', 'viewDetails') },
    schema: {
      tags,
      summary: 'One SIM by any of its ICCIDs: profiles, organisation and history',
      params: ZIccidParams,
      response: { 200: envelope(ZSimDetail) },
    },
    handler: async (request) => ok(await service.getSim(deps, contextOf(request), request.params.iccid)),
  });
}
