import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestsResource } from './get-requests';
import type { TRequestFile } from './types';

/**
 * POST /request/file: a CSV or XLSX file of ICCIDs (multipart field `file`), read by the server and kept for a
 * request to name as `fileId`. The answer counts the ICCIDs kept and reports the lines that hold none; no read of
 * the console changes.
 */
export async function uploadIccidFile(file: File): Promise<TRequestFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.postForm<TRequestFile>(`${requestsResource.path}/file`, form)).data;
}

export const useUploadIccidFile = () => useMutation({ mutationFn: uploadIccidFile });
