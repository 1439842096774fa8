import type { TExportFormat } from '@/components/list-screen/export-button';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /device/export: every device the list's filters match, as CSV or XLSX (the end user masked without View KYC). */
export async function exportDevices(filter: { search?: string; organizationId?: string; linked?: string }, format: TExportFormat) {
  const file = await api.download('/device/export', { params: { ...filter, format } });
  saveFile(file, `devices.${format}`);
}
