import { ZListMetaCursor } from '@tarang/shared/requests/request.schemas';
import { ZTransactionReportQuery, ZTransactionReportRow } from '@tarang/shared/wallets/wallet.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { exportTransactions } from './transactions-export.service';
import { readWalletEntries } from './wallet-entries.repository';

/** The export's query: the report's filters (no paging: every matching entry) and the file's format. */
const ZTransactionExportQuery = ZTransactionReportQuery.omit({ limit: true, cursor: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') })
  .strict();

/**
 * The transactions report (spec §2 /report/transactions, issue 14): every wallet entry in the caller's subtree, newest
 * first, filtered by organisation, wallet, type and dates; and the same entries as a streamed CSV or XLSX file.
 */
export function transactionReportRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['wallets', 'reports'] });

  route.get('/report/transactions', {
    access: access.permission('transactions'),
    summary: "Wallet entries in the caller's subtree, newest first: each posting from its wallet's side, with its counterparty",
    querystring: ZTransactionReportQuery,
    data: z.array(ZTransactionReportRow),
    meta: ZListMetaCursor,
    handler: async (request) => okPage(await readWalletEntries(deps.db, request.actor!.scope, request.query)),
  });

  route.get('/report/transactions/export', {
    access: access.permission('transactions'),
    summary: 'Every wallet entry matching the filters as CSV or XLSX, streamed: rupees with two decimals and paise, India time',
    querystring: ZTransactionExportQuery,
    handler: async (request, reply) => {
      const file = await exportTransactions(deps, contextOf(request), request.query);
      reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.stream);
    },
  });
}
