import type { TExportFormat } from '@/components/list-screen/export-button';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { type TTransactionFilter, transactionsResource } from './get-transactions';

/** GET /report/transactions/export: every entry the report's filters match, newest first, as CSV or XLSX. */
export async function exportTransactions(filter: TTransactionFilter, format: TExportFormat): Promise<void> {
  const file = await api.download(`${transactionsResource.path}/export`, { params: { ...filter, format } });
  saveFile(file, `transactions.${format}`);
}
