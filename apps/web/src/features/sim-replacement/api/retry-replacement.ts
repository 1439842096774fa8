import type { TReplacement } from '@tarang/shared/sims/replacement.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { replacementsResource } from './get-replacements';

export type TRetryAnswer = { replacement: TReplacement; message?: string };

/** POST /sim/replacements/{id}/retry: a FAILED replacement sent to its operator again. */
export async function retryReplacement(id: string): Promise<TRetryAnswer> {
  const response = await api.post<TReplacement>(replacementsResource.itemPath(id, '/retry'));
  return { replacement: response.data, message: response.message };
}

export const useRetryReplacement = () =>
  useResourceMutation(replacementsResource, retryReplacement, { saved: (r) => r.replacement, alsoStale: ['requests'] });
