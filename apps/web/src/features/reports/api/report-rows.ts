import { useQuery } from '@tanstack/react-query';
import type { TReportRow } from '@tarang/shared/reports/report-query';
import type { TExportFormat } from '@/components/list-screen/export-button';
import { api, type TQueryParams } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';
import { saveFile } from '@/lib/save-file';

/** One report's rows: GET /report/{id} (a keyset page) and its export. */
export const reportResource = (reportId: string) => defineResource<TReportRow>(`report:${reportId}`, `/report/${reportId}`);

/** GET /report/{id}: one keyset page of the report, for the filters given. */
export const useReportRows = (reportId: string, params: TQueryParams & { limit: number; cursor: string | null }) => {
  const resource = reportResource(reportId);
  return useQuery(resource.listOptions([params], (signal) => resource.fetchCursorPage(params, signal)));
};

/** GET /report/{id}/export: every row the filters match, as CSV or XLSX, its headers in the reader's language. */
export async function exportReport(reportId: string, filter: TQueryParams, format: TExportFormat, lang: string): Promise<void> {
  const file = await api.download(`/report/${reportId}/export`, { params: { ...filter, format, lang } });
  saveFile(file, `${reportId}.${format}`);
}
