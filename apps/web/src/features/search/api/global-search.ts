import { useQuery } from '@tanstack/react-query';
import { SEARCH_SCOPES, type TSearchResult, type TSearchScope } from '@tarang/shared/search/search.schemas';
import { api } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';

/** Global search: /search/{term}. */
const searchResource = defineResource<TSearchResult>('search', '/search');

/** GET /search/{term}?from=sims,jobs,orgs,users → { SIMS, JOBS, ORGS, USERS } (spec §7). */
async function globalSearch(term: string, scopes: readonly TSearchScope[], signal?: AbortSignal): Promise<TSearchResult> {
  const ordered = SEARCH_SCOPES.filter((s) => scopes.includes(s));
  const response = await api.get<TSearchResult>(searchResource.itemPath(term), { params: { from: ordered.join(',') }, signal });
  return response.data;
}

export function useGlobalSearch(term: string, scopes: readonly TSearchScope[], enabled: boolean) {
  const ordered = SEARCH_SCOPES.filter((s) => scopes.includes(s));
  return useQuery(
    searchResource.readOptions(
      searchResource.keys.of('results', term, ordered.join(',')),
      (signal) => globalSearch(term, ordered, signal),
      {
        staleTime: 30_000,
        enabled: enabled && scopes.length > 0,
      },
    ),
  );
}
