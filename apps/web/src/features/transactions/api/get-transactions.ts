import { useQuery } from '@tanstack/react-query';
import type { TLedgerType, TTransactionReportRow } from '@tarang/shared/wallets/wallet.schemas';
import { defineResource } from '@/lib/resource';

/** The transactions report: GET /report/transactions (and its export). */
export const transactionsResource = defineResource<TTransactionReportRow>('transactions', '/report/transactions');

/** The report's filters, as the API takes them (days as YYYY-MM-DD, India time). */
export type TTransactionFilter = {
  organizationId?: string;
  walletId?: string;
  type?: TLedgerType;
  from?: string;
  to?: string;
};

export type TTransactionParams = TTransactionFilter & { limit: number; cursor: string | null };

/** GET /report/transactions: wallet entries in the caller's subtree, newest first, one keyset page. */
export const useTransactions = (params: TTransactionParams) =>
  useQuery(transactionsResource.listOptions([params], (signal) => transactionsResource.fetchCursorPage(params, signal)));
