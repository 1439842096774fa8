import { paiseToRupeeString } from '@tarang/shared/money/amount';
import type { TTransactionReportQuery, TTransactionReportRow } from '@tarang/shared/wallets/wallet.schemas';
import type { TDeps } from '../../app-deps';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { type TTableCell, type TTableColumn, type TTableFile, type TTableFormat, tableFile } from './table-file';
import { readWalletEntries, type TWalletEntriesPage } from './wallet-entries.repository';

/** Entries read per statement while an export streams: a few thousand rows, whatever the file's size. */
export const EXPORT_BATCH = 2000;

export type TTransactionExportQuery = Omit<TTransactionReportQuery, 'limit' | 'cursor'> & { format: TTableFormat };

/** The columns of the file: amounts in rupees with two decimals (exact, from paise) and in paise; dates in India time. */
export const TRANSACTION_EXPORT_COLUMNS: readonly TTableColumn[] = [
  { header: 'date_ist', kind: 'fixed', width: 20 },
  { header: 'organization', kind: 'text', width: 28 },
  { header: 'type', kind: 'fixed', width: 10 },
  { header: 'amount_rupees', kind: 'fixed', width: 16 },
  { header: 'amount_paise', kind: 'integer', width: 16 },
  { header: 'balance_after_rupees', kind: 'fixed', width: 18 },
  { header: 'balance_after_paise', kind: 'integer', width: 18 },
  { header: 'counterparty', kind: 'text', width: 28 },
  { header: 'reference', kind: 'text', width: 24 },
  { header: 'reason', kind: 'text', width: 32 },
  { header: 'created_by', kind: 'text', width: 24 },
  { header: 'entry_id', kind: 'fixed', width: 12 },
  { header: 'transaction_id', kind: 'fixed', width: 26 },
  { header: 'wallet_id', kind: 'fixed', width: 26 },
  { header: 'organization_id', kind: 'fixed', width: 26 },
];

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as India's wall-clock time, "2026-03-05 14:30:12" (India keeps +05:30 all year). */
export function indiaDateTime(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

function exportRow(r: TTransactionReportRow): TTableCell[] {
  return [
    indiaDateTime(r.createdAt),
    r.organization.tradeName,
    r.type,
    paiseToRupeeString(r.amount),
    r.amount,
    paiseToRupeeString(r.balanceAfter),
    r.balanceAfter,
    r.counterparty?.label ?? '',
    r.reference,
    r.reason,
    r.createdBy?.label ?? '',
    r.id,
    r.transactionId,
    r.walletId,
    r.organization.id,
  ];
}

/**
 * Every entry of the transactions report that the filters match, as CSV or XLSX, streamed: read in keyset pages of
 * EXPORT_BATCH, newest first, so memory stays flat for millions of rows. The first page is read before the answer
 * starts, so a filter out of reach is a 404 (and bad input a 400), not a cut-off file. The export is audited.
 */
export async function exportTransactions(
  deps: TDeps,
  ctx: TRequestContext,
  query: TTransactionExportQuery,
): Promise<TTableFile & { fileName: string }> {
  const { format, ...filter } = query;
  const actor = requireActor(ctx);
  const read = (cursor?: string) => readWalletEntries(deps.db, actor.scope, { ...filter, limit: EXPORT_BATCH, cursor });
  const first = await read();
  await recordAudit(deps.db, ctx, {
    action: 'transactions.export',
    entityType: 'transactions_export',
    organizationId: actor.organizationId,
    after: { format, filter },
  });

  // The next page is read while the file takes this one: two pages at most in memory.
  async function* batches(): AsyncGenerator<TTableCell[][]> {
    let page: TWalletEntriesPage = first;
    for (;;) {
      const next = page.meta.nextCursor ? read(page.meta.nextCursor) : null;
      // A download given up meanwhile leaves that read unawaited: its failure must not go unhandled.
      next?.catch(() => {});
      if (page.rows.length) yield page.rows.map(exportRow);
      if (!next) return;
      page = await next;
    }
  }

  const file = tableFile(format, {
    sheet: 'Transactions',
    columns: TRANSACTION_EXPORT_COLUMNS,
    batches: batches(),
    logger: deps.logger,
    what: 'Transactions export',
  });
  const stamp = indiaDateTime(new Date().toISOString()).slice(0, 10);
  return { ...file, fileName: `transactions-${stamp}.${format}` };
}
