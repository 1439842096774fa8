import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { simFilterQuery, type TSimFilterValues } from '../utils/sim-filter';

export type TExportFormat = 'csv' | 'xlsx';

/** GET /sim/export: every SIM matching the list's filters, in its order, as CSV or XLSX. */
export async function exportSims(filter: TSimFilterValues, sort: string, format: TExportFormat): Promise<void> {
  const file = await api.download('/sim/export', { params: { ...simFilterQuery(filter), sort, format } });
  saveFile(file, `sims.${format}`);
}
