import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_SCOPES, type TSearchResult, type TSearchScope } from '@tarang/shared/search/search.schemas';
import { api } from '@/lib/api-client';

/** GET /search/{term}?from=sims,jobs,orgs,users → { SIMS, JOBS, ORGS, USERS } (spec §7). */
export async function globalSearch(term: string, scopes: readonly TSearchScope[], signal?: AbortSignal): Promise<TSearchResult> {
  const ordered = SEARCH_SCOPES.filter((s) => scopes.includes(s));
  const response = await api.get<TSearchResult>(`/search/${encodeURIComponent(term)}`, { params: { from: ordered.join(',') }, signal });
  return response.data;
}

export function globalSearchQueryOptions(term: string, scopes: readonly TSearchScope[]) {
  const ordered = SEARCH_SCOPES.filter((s) => scopes.includes(s));
  return queryOptions({
    queryKey: ['search', term, ordered.join(',')],
    queryFn: ({ signal }) => globalSearch(term, ordered, signal),
    staleTime: 30_000,
  });
}

export function useGlobalSearch(term: string, scopes: readonly TSearchScope[], enabled: boolean) {
  return useQuery({ ...globalSearchQueryOptions(term, scopes), enabled: enabled && scopes.length > 0 });
}
