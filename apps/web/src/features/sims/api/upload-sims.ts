import { useMutation } from '@tanstack/react-query';
import type { TSimOperation } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** POST /sim/large-data: the file (multipart field `file`) is checked and then read in the background. */
export async function uploadSims(file: File): Promise<TSimOperation> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.postForm<TSimOperation>('/sim/large-data', form)).data;
}

export function useUploadSims() {
  return useMutation({ mutationFn: uploadSims });
}

/** GET /sim/large-data/template: the columns an upload takes, as CSV or XLSX. */
export async function downloadUploadTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  saveFile(await api.download('/sim/large-data/template', { params: { format } }), `sim-upload-template.${format}`);
}

/** GET /sim/large-data/{id}/rejected: the rows that did not go in (row, column, value, reason). */
export async function downloadRejectedRows(id: string): Promise<void> {
  saveFile(await api.download(`/sim/large-data/${encodeURIComponent(id)}/rejected`), `rejected-${id}.csv`);
}
