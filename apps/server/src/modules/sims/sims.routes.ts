import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { ZIdParams } from '@tarang/shared/common/api';
import {
  IMEI_FILE_MAX_BYTES,
  ZIccidParams,
  ZImeiFileResult,
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
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { envelope } from '../../http/envelope';
import { receiveFile } from '../../http/multipart-file';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { lockImeisFromFile } from './imei-lock-files';
import { exportSims, uploadTemplate } from './sim-export.service';
import { allocateSims, rollbackSims } from './sim-moves.service';
import { toOperation } from './sim-operations.repository';
import { acceptUpload, getUpload } from './sim-upload.service';
import { loadSimsConfig } from './sims.config';
import { createSimRunner } from './sims.runner';
import * as service from './sims.service';

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
  const route = declareRoutes(app, { tags: ['sims'] });

  route.get('/sim', {
    access: access.permission('sim-inventory'),
    summary: 'SIM inventory: keyset pages (opaque cursor), sorts, filters, and search by any profile identifier',
    querystring: ZSimListQuery,
    data: z.array(ZSim),
    meta: ZSimListMeta,
    handler: async (request) => okPage(await service.getSims(deps, contextOf(request), request.query)),
  });

  route.get('/sim/expiring-soon', {
    access: access.permission('sim-inventory'),
    summary: 'SIMs whose validity ends within `days`, soonest first',
    querystring: ZSimExpiringQuery,
    data: z.array(ZSim),
    meta: ZSimListMeta,
    handler: async (request) => okPage(await service.getExpiringSims(deps, contextOf(request), request.query)),
  });

  route.get('/sim/export', {
    access: access.permission('sim-inventory'),
    summary: 'Every SIM matching the filters as CSV or XLSX, streamed',
    querystring: ZSimExportQuery,
    handler: async (request, reply) => {
      const file = await exportSims(deps, contextOf(request), request.query);
      reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.stream);
    },
  });

  route.get('/sim/operations/:id', {
    access: access.permission('sim-inventory'),
    summary: 'Progress of an allocation, roll-back or upload',
    params: ZIdParams,
    data: ZSimOperation,
    handler: async (request) => ok(await service.getOperationView(deps, contextOf(request), request.params.id)),
  });

  route.put('/sim/allocate', {
    access: access.permission('sim-inventory', 'allocate'),
    summary: 'Allocate SIMs (ICCIDs or a filter) from stock, or down the organisation tree; over 10,000 run in the background',
    body: ZSimAllocate,
    response: { 200: envelope(ZSimBatchResult), 202: envelope(ZSimBatchResult) },
    handler: async (request, reply) => {
      const result = await allocateSims(deps, contextOf(request), request.body);
      if (result.operation.status === 'QUEUED') reply.status(202);
      return ok(result, {
        message: result.operation.status === 'QUEUED' ? 'Allocation queued' : `${result.operation.succeeded} SIMs allocated`,
      });
    },
  });

  route.put('/sim/rollback', {
    access: access.permission('sim-inventory', 'rollBack'),
    summary: 'Roll allocated SIMs back: to stock (staff), or from a descendant to your organisation',
    body: ZSimRollback,
    response: { 200: envelope(ZSimBatchResult), 202: envelope(ZSimBatchResult) },
    handler: async (request, reply) => {
      const result = await rollbackSims(deps, contextOf(request), request.body);
      if (result.operation.status === 'QUEUED') reply.status(202);
      return ok(result, {
        message: result.operation.status === 'QUEUED' ? 'Roll-back queued' : `${result.operation.succeeded} SIMs rolled back`,
      });
    },
  });

  route.put('/sim', {
    access: access.permission('sim-actions'),
    summary: 'Set label, tags, APN or static IP of SIMs',
    body: ZSimUpdate,
    data: ZSimUpdateResult,
    handler: async (request) => ok(await service.updateSims(deps, contextOf(request), request.body), { message: 'SIMs updated' }),
  });

  route.get('/sim/individual-sim/status', {
    access: access.permission('sim-inventory'),
    summary: "One SIM's status and the local changes open to it",
    querystring: ZSimStatusQuery,
    data: ZSimStatusView,
    handler: async (request) => ok(await service.getSimStatus(deps, contextOf(request), request.query.iccid)),
  });

  route.put('/sim/individual-sim/status', {
    access: access.permission('sim-actions'),
    summary: "Change one SIM's status: bar an active SIM, or clear a bar (other changes go to the operator as requests)",
    body: ZSimStatusChange,
    data: ZSimStatusView,
    handler: async (request) => ok(await service.changeSimStatus(deps, contextOf(request), request.body), { message: 'Status changed' }),
  });

  route.put('/sim/imeis', {
    access: access.permission('sim-actions'),
    summary: 'Lock SIMs to an IMEI, or unlock them',
    body: ZSimImeiLock,
    response: {
      200: envelope(z.object({ updated: z.number().int(), skipped: z.array(z.object({ iccid: z.string(), reason: z.string() })) })),
    },
    handler: async (request) => ok(await service.setImeiLock(deps, contextOf(request), request.body)),
  });

  route.post('/sim/imeis/file', {
    access: access.permission('sim-actions'),
    summary:
      'Lock SIMs to IMEIs from a CSV or XLSX file of pairs (multipart field "file"; columns iccid and imei): refused rows come back by line',
    consumes: ['multipart/form-data'],
    data: ZImeiFileResult,
    handler: async (request) => {
      const file = await receiveFile(request, cfg.uploadDir, IMEI_FILE_MAX_BYTES);
      const result = await lockImeisFromFile(deps, contextOf(request), cfg, file);
      const locked = `${result.updated} ${result.updated === 1 ? 'SIM' : 'SIMs'} IMEI-locked`;
      return ok(result, {
        message: result.rejected ? `${locked}; ${result.rejected} ${result.rejected === 1 ? 'row' : 'rows'} not taken` : locked,
      });
    },
  });

  const bulk = access.permission('sim-inventory', 'bulkUpload', 'none', { staffOnly: true });

  route.get('/sim/large-data/template', {
    access: bulk,
    summary: 'The bulk-upload template (CSV or XLSX)',
    querystring: ZTemplateQuery,
    handler: async (request, reply) => {
      const file = await uploadTemplate(request.query.format);
      reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.body);
    },
  });

  route.post('/sim/large-data', {
    access: bulk,
    summary: 'Upload SIMs into stock: a CSV or XLSX file (multipart field "file"); read in the background',
    consumes: ['multipart/form-data'],
    data: ZSimOperation,
    status: 202,
    handler: async (request) => {
      const file = await receiveFile(request, cfg.uploadDir, cfg.uploadMaxBytes);
      const op = await acceptUpload(deps, contextOf(request), cfg, file);
      return ok(op, { message: 'Upload received; it is being read' });
    },
  });

  route.get('/sim/large-data/:id', {
    access: bulk,
    summary: 'Status and counts of an upload',
    params: ZIdParams,
    data: ZSimOperation,
    handler: async (request) => ok(toOperation(await getUpload(deps, contextOf(request), request.params.id))),
  });

  route.get('/sim/large-data/:id/rejected', {
    access: bulk,
    summary: 'The rejected rows of an upload as CSV: row, column, value, reason',
    params: ZIdParams,
    handler: async (request, reply) => {
      const op = await getUpload(deps, contextOf(request), request.params.id);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="rejected-${op.id}.csv"`);
      const exists = op.rejectedPath && op.rejectedBytes > 0 ? await stat(op.rejectedPath).catch(() => null) : null;
      if (!exists) return reply.send('row,column,value,reason\n');
      // Only what committed batches wrote: a batch being written now is not in the file's counted bytes yet.
      return reply.send(createReadStream(op.rejectedPath!, { end: op.rejectedBytes - 1 }));
    },
  });

  route.get('/sim/:iccid', {
    access: access.permission('sim-inventory', 'viewDetails'),
    summary: 'One SIM by any of its ICCIDs: profiles, organisation and history',
    params: ZIccidParams,
    data: ZSimDetail,
    handler: async (request) => ok(await service.getSim(deps, contextOf(request), request.params.iccid)),
  });
}
