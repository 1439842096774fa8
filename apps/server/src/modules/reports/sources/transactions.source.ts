import type { TLedgerType } from '@tarang/shared/wallets/wallet.schemas';
import { readWalletEntries } from '../../wallets/wallet-entries.repository';
import { filterText, type TReportSource } from '../report-source';

/** The transactions report: wallet entries of the caller's subtree (wallet-entries.repository.ts), newest first. */
export const transactionsSource: TReportSource = {
  read: async (deps, actor, f, page) => {
    const { rows, meta } = await readWalletEntries(deps.db, actor.scope, {
      organizationId: filterText(f, 'organizationId'),
      walletId: filterText(f, 'walletId'),
      type: filterText(f, 'type') as TLedgerType | undefined,
      from: filterText(f, 'from'),
      to: filterText(f, 'to'),
      limit: page.limit,
      cursor: page.cursor,
    });
    return {
      rows: rows.map((r) => ({
        createdAt: r.createdAt,
        organization: r.organization.tradeName,
        type: r.type,
        amount: r.amount,
        balanceAfter: r.balanceAfter,
        counterparty: r.counterparty?.label ?? null,
        reference: r.reference,
        reason: r.reason,
        createdBy: r.createdBy?.label ?? null,
        entryId: r.id,
        transactionId: r.transactionId,
        walletId: r.walletId,
        organizationId: r.organization.id,
      })),
      nextCursor: meta.nextCursor,
    };
  },
  exportBatch: 2000,
};
