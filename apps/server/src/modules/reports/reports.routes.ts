import { REPORTS, type TReportDeclaration } from '@tarang/shared/reports/report-catalogue';
import { reportExportQuerySchema, reportPageQuerySchema, type TReportFilterValues, ZReportRow } from '@tarang/shared/reports/report-query';
import { ZListMetaCursor } from '@tarang/shared/requests/request.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, okPage } from '../../http/reply';
import { requireActor } from '../../http/request-context';
import { access } from '../../http/route-access';
import { recordAudit } from '../audit/audit.service';
import { reportFile } from './report-file';
import { REPORT_SOURCES } from './report-sources';

/**
 * The /report group (spec §2, issue 18): for each declared report (packages/shared/src/reports/report-catalogue.ts),
 * `GET /report/{id}` (one keyset page of rows, inside the caller's subtree) and `GET /report/{id}/export` (every row
 * the filters match, as CSV or XLSX, streamed, with the filters and the time written in the file). The report's module
 * in the catalogue is its permission.
 */
export function reportRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['reports'] });
  for (const report of REPORTS as readonly TReportDeclaration[]) {
    const source = REPORT_SOURCES[report.id as keyof typeof REPORT_SOURCES];
    const permission = access.permission(report.id, undefined, report.staffOnly ? 'none' : 'subtree', { staffOnly: report.staffOnly });

    route.get(`/report/${report.id}`, {
      access: permission,
      summary: `${report.title.en}: ${report.rows.en.toLowerCase()}, one keyset page`,
      querystring: reportPageQuerySchema(report),
      data: z.array(ZReportRow),
      meta: ZListMetaCursor,
      handler: async (request) => {
        const { limit, cursor, ...filter } = request.query as TReportFilterValues & { limit: number; cursor?: string };
        const page = await source.read(deps, requireActor(contextOf(request)), filter, { limit, cursor });
        return okPage({ rows: page.rows, meta: { limit, nextCursor: page.nextCursor } });
      },
    });

    route.get(`/report/${report.id}/export`, {
      access: permission,
      summary: `${report.title.en}: every row the filters match as CSV or XLSX, streamed, the filters and the time in the file`,
      querystring: reportExportQuerySchema(report),
      handler: async (request, reply) => {
        const { format, lang, ...filter } = request.query as TReportFilterValues & { format: 'csv' | 'xlsx'; lang: 'en' | 'hi' };
        const ctx = contextOf(request);
        const actor = requireActor(ctx);
        const file = await reportFile(deps, actor, report, source, { filter, format, lang });
        await recordAudit(deps.db, ctx, {
          action: 'report.export',
          entityType: 'report',
          entityId: report.id,
          organizationId: actor.organizationId,
          after: { format, lang, filter },
        });
        reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
        return reply.send(file.stream);
      },
    });
  }
}
