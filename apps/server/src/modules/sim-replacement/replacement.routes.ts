import { unlink } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { ZIdParams } from '@tarang/shared/common/api';
import {
  REPLACE_FILE_MAX_BYTES,
  REPLACE_ROWS_REPORTED_MAX,
  ZReplaceFileQuery,
  ZReplacement,
  ZReplacementListMeta,
  ZReplacementListQuery,
  ZReplaceResult,
  ZSimReplace,
} from '@tarang/shared/sims/replacement.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { declareRoutes } from '../../http/declare-routes';
import { idempotencyKeyOf, ZOptionalIdempotencyHeaders } from '../../http/idempotency';
import { receiveFile } from '../../http/multipart-file';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { loadSimsConfig } from '../sims/sims.config';
import { listReplacements, replaceSims, retryReplacement } from './replacement.service';
import { readReplacePairs } from './replacement-files';

const answered = (accepted: number, rejected: number, dryRun: boolean) => {
  const what = `${accepted} ${accepted === 1 ? 'SIM' : 'SIMs'}`;
  const main = dryRun ? `${what} can be replaced` : `Replacement of ${what} requested`;
  return rejected ? `${main}; ${rejected} ${rejected === 1 ? 'pair' : 'pairs'} not taken` : main;
};

/** SIM replacement (issue 16, docs/decisions/030-sim-replacement.md): one pair, a file of pairs, the list and Retry. */
export function replacementRoutes(app: FastifyInstance, deps: TDeps) {
  const cfg = loadSimsConfig(deps.config);
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: REPLACE_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    const route = declareRoutes(scope, { tags: ['sims'] });

    route.post('/sim/replace', {
      access: access.permission('replace-sim'),
      summary:
        'Replace a SIM: its number moves at the operator to the new SIM, then its plan, whitelists, IMEI lock, label and tags (a REPLACE request; dryRun checks only)',
      headers: ZOptionalIdempotencyHeaders,
      body: ZSimReplace,
      data: ZReplaceResult,
      handler: async (request) => {
        const { oldIccid, newIccid, reason, dryRun } = request.body;
        const result = await replaceSims(deps, contextOf(request), [{ row: 1, oldIccid, newIccid, reason }], {
          source: 'pair',
          reason,
          dryRun: !!dryRun,
          idempotencyKey: idempotencyKeyOf(request.headers),
        });
        return ok(result, { message: answered(result.accepted, result.rejectedCount, !!dryRun) });
      },
    });

    route.post('/sim/replace/file', {
      access: access.permission('replace-sim'),
      summary: `Replace SIMs from a CSV or XLSX file of pairs (multipart field "file"; columns oldIccid, newIccid and optionally reason): the good pairs go in one request, the others come back by line (the first ${REPLACE_ROWS_REPORTED_MAX})`,
      consumes: ['multipart/form-data'],
      querystring: ZReplaceFileQuery,
      headers: ZOptionalIdempotencyHeaders,
      data: ZReplaceResult,
      handler: async (request) => {
        const file = await receiveFile(request, cfg.uploadDir, REPLACE_FILE_MAX_BYTES);
        try {
          const { pairs, refused } = await readReplacePairs(deps, cfg, file, request.query.reason);
          const result =
            pairs.length === 0
              ? null
              : await replaceSims(deps, contextOf(request), pairs, {
                  source: 'file',
                  reason: request.query.reason ?? `Replacement from ${file.fileName}`.slice(0, 500),
                  dryRun: request.query.dryRun,
                  idempotencyKey: idempotencyKeyOf(request.headers),
                  fileName: file.fileName,
                }).catch((error) => {
                  // No pair of the file survives the inventory's checks: the file's own refusals are named too.
                  if (refused.length && error?.errors?.[0]?.path === 'file') error.errors.push(...fileRows(refused));
                  throw error;
                });
          if (!result) {
            throw new AppError('UNPROCESSABLE', 'file: The file holds no pair that can be replaced', {
              errors: [{ path: 'file', message: 'The file holds no pair that can be replaced' }, ...fileRows(refused)],
            });
          }
          const rejected = [...refused, ...result.rejected].sort((a, b) => a.row - b.row).slice(0, REPLACE_ROWS_REPORTED_MAX);
          const merged = { ...result, rejected, rejectedCount: result.rejectedCount + refused.length };
          return ok(merged, { message: answered(merged.accepted, merged.rejectedCount, request.query.dryRun) });
        } finally {
          await unlink(file.tmpPath).catch(() => {});
        }
      },
    });

    route.get('/sim/replacements', {
      access: access.permission('replace-sim'),
      summary: 'SIM replacements, newest first: each pair, where it stands (waiting, at the operator, done, failed) and what moved',
      querystring: ZReplacementListQuery,
      data: z.array(ZReplacement),
      meta: ZReplacementListMeta,
      handler: async (request) => okPage(await listReplacements(deps, contextOf(request), request.query)),
    });

    route.post('/sim/replacements/:id/retry', {
      access: access.permission('replace-sim'),
      summary: 'Retry a failed replacement: the pair is sent to the operator again (both SIMs are checked again first)',
      params: ZIdParams,
      data: ZReplacement,
      handler: async (request) =>
        ok(await retryReplacement(deps, contextOf(request), request.params.id), { message: 'Replacement sent again' }),
    });
  });
}

const fileRows = (refused: { row: number; oldIccid: string; newIccid: string; field: string; reason: string }[]) =>
  refused
    .slice(0, 20)
    .map((r) => ({ path: `file.row.${r.row}`, message: `${r.field} ${r.field === 'newIccid' ? r.newIccid : r.oldIccid}: ${r.reason}` }));
