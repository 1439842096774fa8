import multipart from '@fastify/multipart';
import { ZIdParams } from '@tarang/shared/common/api';
import { ZOperatorParams, ZRequestCreated } from '@tarang/shared/requests/request.schemas';
import {
  NUMBERS_FILE_MAX_BYTES,
  type TWhitelistKind,
  ZIpGroup,
  ZIpGroupCreate,
  ZIpGroupListQuery,
  ZIpGroupReject,
  ZIpGroupSaved,
  ZIpGroupStatusChange,
  ZIpGroupUpdate,
  ZNumberGroup,
  ZNumberGroupCreate,
  ZNumberGroupListQuery,
  ZNumberGroupUpdate,
  ZNumberListQuery,
  ZNumberParams,
  ZNumbersAdd,
  ZNumbersAdded,
  ZReconcilePass,
  ZSimWhitelist,
  ZSimWhitelistListQuery,
  ZSimWhitelistMeta,
  ZWhitelistApply,
  ZWhitelistCancel,
  ZWhitelistDelete,
  ZWhitelistDrift,
  ZWhitelistNumber,
  ZWhitelistResync,
} from '@tarang/shared/whitelists/whitelist.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { fieldError } from '../../http/app-error';
import { declareRoutes } from '../../http/declare-routes';
import { envelope } from '../../http/envelope';
import { idempotencyKeyOf, ZOptionalIdempotencyHeaders } from '../../http/idempotency';
import { receiveFile } from '../../http/multipart-file';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { loadSimsConfig } from '../sims/sims.config';
import * as ipGroups from './ip-groups.service';
import { addGroupNumbersFromFile } from './number-group-files';
import * as numberGroups from './number-groups.service';
import * as simWhitelists from './sim-whitelists.service';
import { injectWhitelistDrift } from './simulator-drift';
import * as reconcile from './whitelist-reconcile';

/**
 * IP groups and number groups (issue 15, docs/decisions/026-whitelisting.md). Reach is the caller's subtree, as
 * everywhere; reviewing an IP group is staff's (an organisation never approves its own group: 403).
 */
export function whitelistRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['whitelists'] });
  const staffOnly = { staffOnly: true };
  const merged = (n: number) => (n ? `; ${n} duplicate ${n === 1 ? 'entry' : 'entries'} merged` : '');

  // ─── IP groups ───
  route.get('/whitelist/ip-group', {
    access: access.permission('ip-group'),
    querystring: ZIpGroupListQuery,
    data: z.array(ZIpGroup),
    handler: async (request) => okPage(await ipGroups.getIpGroups(deps, contextOf(request), request.query)),
  });

  route.post('/whitelist/ip-group', {
    access: access.permission('ip-group', 'addGroup'),
    summary: 'A new IP group; its entries wait for staff review before they can be applied to SIMs',
    body: ZIpGroupCreate,
    data: ZIpGroupSaved,
    status: 201,
    handler: async (request) => {
      const saved = await ipGroups.createIpGroup(deps, contextOf(request), request.body);
      return ok(saved, { message: `IP group sent for approval${merged(saved.merged.length)}` });
    },
  });

  route.get('/whitelist/ip-group/:id', {
    access: access.permission('ip-group'),
    params: ZIdParams,
    data: ZIpGroup,
    handler: async (request) => ok(await ipGroups.getIpGroup(deps, contextOf(request), request.params.id)),
  });

  route.put('/whitelist/ip-group/:id', {
    access: access.permission('ip-group', 'addGroup'),
    summary: 'A new name or description now; new entries go to review while the approved ones stay applied',
    params: ZIdParams,
    body: ZIpGroupUpdate,
    data: ZIpGroupSaved,
    handler: async (request) => {
      const saved = await ipGroups.updateIpGroup(deps, contextOf(request), request.params.id, request.body);
      const message = saved.group.reviewStatus === 'PENDING' && request.body.entries ? 'Changes sent for approval' : 'IP group updated';
      return ok(saved, { message: `${message}${merged(saved.merged.length)}` });
    },
  });

  route.post('/whitelist/ip-group/:id/approve', {
    access: access.permission('ip-group', 'approveRequest', 'subtree', staffOnly),
    summary: 'Approve the entries waiting for review: they become the group’s entries',
    params: ZIdParams,
    data: ZIpGroup,
    handler: async (request) =>
      ok(await ipGroups.reviewIpGroup(deps, contextOf(request), request.params.id, { approve: true }), { message: 'IP group approved' }),
  });

  route.post('/whitelist/ip-group/:id/reject', {
    access: access.permission('ip-group', 'rejectRequest', 'subtree', staffOnly),
    summary: 'Reject the entries waiting for review, with the reason the customer sees',
    params: ZIdParams,
    body: ZIpGroupReject,
    data: ZIpGroup,
    handler: async (request) =>
      ok(await ipGroups.reviewIpGroup(deps, contextOf(request), request.params.id, { approve: false, reason: request.body.reason }), {
        message: 'IP group rejected',
      }),
  });

  route.put('/whitelist/ip-group/:id/status', {
    access: access.permission('ip-group', 'changeStatus'),
    summary: 'ACTIVE ⇄ INACTIVE: an inactive group is not applied to more SIMs',
    params: ZIdParams,
    body: ZIpGroupStatusChange,
    data: ZIpGroup,
    handler: async (request) =>
      ok(await ipGroups.changeIpGroupStatus(deps, contextOf(request), request.params.id, request.body.status), {
        message: 'Status changed',
      }),
  });

  route.delete('/whitelist/ip-group/:id', {
    access: access.permission('ip-group', 'deleteGroup'),
    params: ZIdParams,
    message: 'IP group deleted',
    handler: async (request) => {
      await ipGroups.deleteIpGroup(deps, contextOf(request), request.params.id);
    },
  });

  // ─── number groups ───
  route.get('/whitelist/number-group', {
    access: access.permission('number-group'),
    querystring: ZNumberGroupListQuery,
    data: z.array(ZNumberGroup),
    handler: async (request) => okPage(await numberGroups.getNumberGroups(deps, contextOf(request), request.query)),
  });

  route.post('/whitelist/number-group', {
    access: access.permission('number-group', 'addNumber'),
    body: ZNumberGroupCreate,
    data: ZNumberGroup,
    status: 201,
    handler: async (request) =>
      ok(await numberGroups.createNumberGroup(deps, contextOf(request), request.body), { message: 'Number group created' }),
  });

  route.get('/whitelist/number-group/:id', {
    access: access.permission('number-group'),
    params: ZIdParams,
    data: ZNumberGroup,
    handler: async (request) => ok(await numberGroups.getNumberGroup(deps, contextOf(request), request.params.id)),
  });

  route.put('/whitelist/number-group/:id', {
    access: access.permission('number-group', 'addNumber'),
    params: ZIdParams,
    body: ZNumberGroupUpdate,
    data: ZNumberGroup,
    handler: async (request) =>
      ok(await numberGroups.updateNumberGroup(deps, contextOf(request), request.params.id, request.body), {
        message: 'Number group updated',
      }),
  });

  route.delete('/whitelist/number-group/:id', {
    access: access.permission('number-group', 'deleteNumber'),
    params: ZIdParams,
    message: 'Number group deleted',
    handler: async (request) => {
      await numberGroups.deleteNumberGroup(deps, contextOf(request), request.params.id);
    },
  });

  route.get('/whitelist/number-group/:id/numbers', {
    access: access.permission('number-group'),
    params: ZIdParams,
    querystring: ZNumberListQuery,
    data: z.array(ZWhitelistNumber),
    handler: async (request) => okPage(await numberGroups.getGroupNumbers(deps, contextOf(request), request.params.id, request.query)),
  });

  route.post('/whitelist/number-group/:id/numbers', {
    access: access.permission('number-group', 'addNumber'),
    summary: 'Add Number: every number is checked first; any refused one is a 422 naming it and nothing is added',
    params: ZIdParams,
    body: ZNumbersAdd,
    data: ZNumbersAdded,
    handler: async (request) => {
      const result = await numberGroups.addGroupNumbers(deps, contextOf(request), request.params.id, request.body.numbers);
      return ok(result, { message: result.added === 1 ? '1 number added' : `${result.added} numbers added` });
    },
  });

  const files = loadSimsConfig(deps.config);
  const addedMessage = (result: { added: number; rejectedCount: number }) =>
    `${result.added === 1 ? '1 number added' : `${result.added} numbers added`}${
      result.rejectedCount ? `; ${result.rejectedCount} ${result.rejectedCount === 1 ? 'row' : 'rows'} refused` : ''
    }`;
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: NUMBERS_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    declareRoutes(scope, { tags: ['whitelists'] }).post('/whitelist/number-group/:id/numbers/file', {
      access: access.permission('number-group', 'addNumber'),
      summary:
        'Add Number from a CSV or XLSX file (multipart field "file"; a column number, or the first column): the good numbers are added, refused rows come back by line',
      consumes: ['multipart/form-data'],
      params: ZIdParams,
      data: ZNumbersAdded,
      handler: async (request) => {
        const file = await receiveFile(request, files.uploadDir, NUMBERS_FILE_MAX_BYTES);
        const result = await addGroupNumbersFromFile(deps, contextOf(request), files, request.params.id, file);
        return ok(result, { message: addedMessage(result) });
      },
    });
  });

  route.delete('/whitelist/number-group/:id/numbers/:number', {
    access: access.permission('number-group', 'deleteNumber'),
    params: ZNumberParams,
    message: 'Number deleted',
    handler: async (request) => {
      await numberGroups.deleteGroupNumber(deps, contextOf(request), request.params.id, request.params.number);
    },
  });

  // ─── whitelists on SIMs: requests of the engine, one task per profile ───
  const made = { 200: envelope(ZRequestCreated), 201: envelope(ZRequestCreated) };
  type TMade = Awaited<ReturnType<typeof simWhitelists.applyWhitelist>>;
  const answer = (reply: { status: (code: 201) => unknown }, { preview, created }: TMade) => {
    if (!created)
      return ok({ request: null, preview, replayed: false }, { message: `${preview.valid} of ${preview.total} SIMs can take it` });
    if (!created.replayed) reply.status(201);
    return ok(
      { request: created.request, preview: created.preview, replayed: created.replayed },
      {
        message: created.replayed ? 'Request already made with this Idempotency-Key' : `Request ${created.request.batchJobId} created`,
      },
    );
  };
  const kinds: [string, 'whitelist-ip' | 'whitelist-numbers', TWhitelistKind, string][] = [
    ['/whitelist/ip', 'whitelist-ip', 'IP', 'IP group'],
    ['/whitelist/numbers', 'whitelist-numbers', 'NUMBER', 'number group'],
  ];
  for (const [path, module, kind, group] of kinds) {
    route.get(path, {
      access: access.permission(module),
      summary: `Each SIM profile with a whitelist of this kind, its ${group} and sync state, with the count of profiles in each state`,
      querystring: ZSimWhitelistListQuery,
      data: z.array(ZSimWhitelist),
      meta: ZSimWhitelistMeta,
      handler: async (request) => okPage(await simWhitelists.listSimWhitelists(deps, contextOf(request), kind, request.query)),
    });
    for (const [method, action, summary] of [
      ['post', 'add', `Apply an approved ${group} to each profile of the SIMs (a request; dryRun for the preview)`],
      ['put', 'edit', `Put another ${group} on the SIMs in place of the one they hold (a request)`],
    ] as const) {
      route[method](path, {
        access: access.permission(module, action),
        summary,
        headers: ZOptionalIdempotencyHeaders,
        body: ZWhitelistApply,
        response: made,
        handler: async (request, reply) =>
          answer(
            reply,
            await simWhitelists.applyWhitelist(deps, contextOf(request), kind, request.body, idempotencyKeyOf(request.headers)),
          ),
      });
    }
    route.post(`${path}/delete`, {
      access: access.permission(module, 'delete'),
      summary: 'Delete: take the whitelist of this kind off each profile of the SIMs now (a request)',
      headers: ZOptionalIdempotencyHeaders,
      body: ZWhitelistDelete,
      response: made,
      handler: async (request, reply) =>
        answer(reply, await simWhitelists.cancelWhitelist(deps, contextOf(request), kind, request.body, idempotencyKeyOf(request.headers))),
    });
    route.post(`${path}/resync`, {
      access: access.permission(module, 'add'),
      summary: `Re-sync: apply the ${group} again to every SIM holding it that drifted, failed or holds an older version of it (a request)`,
      headers: ZOptionalIdempotencyHeaders,
      body: ZWhitelistResync,
      response: made,
      handler: async (request, reply) =>
        answer(reply, await simWhitelists.resyncWhitelist(deps, contextOf(request), kind, request.body, idempotencyKeyOf(request.headers))),
    });
    route.post(`${path}/cancel`, {
      access: access.permission(module, 'cancelWhitelist'),
      summary: 'Cancel Whitelist: take the whitelist of this kind off each profile of the SIMs, now or at scheduledAt (a request)',
      headers: ZOptionalIdempotencyHeaders,
      body: ZWhitelistCancel,
      response: made,
      handler: async (request, reply) =>
        answer(reply, await simWhitelists.cancelWhitelist(deps, contextOf(request), kind, request.body, idempotencyKeyOf(request.headers))),
    });
  }

  // ─── the reconcile, and the simulator told to drift ───
  route.get('/whitelist/reconcile', {
    access: access.permission('whitelist-ip', undefined, 'none', staffOnly),
    summary: 'The latest passes of the whitelist reconcile: profiles compared with their operators, found drifted, in line again',
    data: z.array(ZReconcilePass),
    handler: async () => ok(await reconcile.listPasses(deps.db)),
  });

  route.post('/whitelist/reconcile', {
    access: access.permission('whitelist-ip', undefined, 'none', staffOnly),
    summary: 'Start a pass of the whitelist reconcile now (one runs by itself every TARANG_WHITELIST_RECONCILE_MINUTES)',
    // It takes no body: one sent is refused rather than ignored.
    onRequest: async (request) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > 0 || request.headers['transfer-encoding']) throw fieldError('VALIDATION_FAILED', 'body', 'This call takes no body');
    },
    message: 'Reconcile started',
    status: 202,
    handler: async () => {
      await reconcile.startReconcile(deps.db);
    },
  });

  route.post('/operator-gateway/:operator/whitelist-drift', {
    access: access.permission('request', 'reinitiate', 'none', staffOnly),
    summary: 'Tell the simulated operator to lose or alter the whitelists it holds (to see drift found and re-synced)',
    params: ZOperatorParams,
    body: ZWhitelistDrift,
    data: z.object({ changed: z.number().int() }),
    handler: async (request) => {
      const result = await injectWhitelistDrift(deps, contextOf(request), request.params.operator, request.body);
      return ok(result, { message: `${result.changed} whitelists changed at ${request.params.operator}` });
    },
  });
}
