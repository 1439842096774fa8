import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import type { TReplaceResult, TSimReplace } from '@tarang/shared/sims/replacement.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { replacementsResource } from './get-replacements';

export type TReplacePair = Omit<TSimReplace, 'dryRun'>;
export type TReplaceAnswer = TReplaceResult & { message?: string };

/** POST /sim/replace with `dryRun`: the pair checked (status, organisation, operator), nothing made. */
export async function checkReplacement(body: TReplacePair): Promise<TReplaceAnswer> {
  const response = await api.post<TReplaceResult>('/sim/replace', { ...body, dryRun: true });
  return { ...response.data, message: response.message };
}

/** A dry run changes nothing: no read is made stale. */
export const useCheckReplacement = () => useMutation({ mutationFn: checkReplacement });

/** POST /sim/replace: the REPLACE request for one pair, made once per Idempotency-Key. */
export async function replaceSim({ body, key }: { body: TReplacePair; key: string }): Promise<TReplaceAnswer> {
  const response = await api.post<TReplaceResult>('/sim/replace', body, { headers: { [IDEMPOTENCY_HEADER]: key } });
  return { ...response.data, message: response.message };
}

export const useReplaceSim = () => useResourceMutation(replacementsResource, replaceSim, { alsoStale: ['requests', 'sims'] });
