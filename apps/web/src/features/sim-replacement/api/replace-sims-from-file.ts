import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import type { TReplaceResult } from '@tarang/shared/sims/replacement.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { replacementsResource } from './get-replacements';

export type TReplaceFile = {
  file: File;
  /** The reason of rows that give none. */
  reason?: string;
};
export type TReplaceFileAnswer = TReplaceResult & { message?: string };

async function sendFile({ file, reason }: TReplaceFile, dryRun: boolean, key?: string): Promise<TReplaceFileAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await api.postForm<TReplaceResult>('/sim/replace/file', form, {
    params: { reason: reason?.trim() || undefined, dryRun: String(dryRun) },
    ...(key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {}),
  });
  return { ...response.data, message: response.message };
}

/** POST /sim/replace/file?dryRun=true: every pair of a CSV or XLSX checked, the refused ones by line; nothing made. */
export const checkReplacementFile = (input: TReplaceFile) => sendFile(input, true);

export const useCheckReplacementFile = () => useMutation({ mutationFn: checkReplacementFile });

/** POST /sim/replace/file: one REPLACE request for the file's good pairs; the refused ones come back by line. */
export const replaceSimsFromFile = ({ key, ...input }: TReplaceFile & { key: string }) => sendFile(input, false, key);

export const useReplaceSimsFromFile = () =>
  useResourceMutation(replacementsResource, replaceSimsFromFile, { alsoStale: ['requests', 'sims'] });
