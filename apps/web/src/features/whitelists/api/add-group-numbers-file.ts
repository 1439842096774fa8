import type { TNumbersAdded } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { numberGroupsResource } from './get-number-groups';

/**
 * POST /whitelist/number-group/{id}/numbers/file: Add Number from a CSV or XLSX file (multipart field `file`). The
 * good numbers are added; refused rows come back by their line in the file.
 */
export async function addGroupNumbersFile({ id, file }: { id: string; file: File }): Promise<TNumbersAdded & { message?: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await api.postForm<TNumbersAdded>(numberGroupsResource.itemPath(id, '/numbers/file'), form);
  return { ...response.data, message: response.message };
}

export const useAddGroupNumbersFile = () => useResourceMutation(numberGroupsResource, addGroupNumbersFile, { saved: (r) => r.group });
