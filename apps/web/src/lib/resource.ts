import { keepPreviousData, type QueryKey, type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type TQueryParams } from './api-client';

/**
 * How the console reads and changes one resource of the API (users, roles, requests, …): one place for its query
 * keys, its list and detail reads, and what a mutation makes stale. A feature declares its resource once
 * (`defineResource('roles', '/roles')`, in the file of its list read; a resource several features read, in
 * `src/api/`) and each file of its `api/` folder is then the call itself and nothing else.
 *
 * Query keys: `[key]` is everything of the resource, `[key, 'list', …params]` one list page, `[key, 'detail', id]`
 * one record, `[key, name, …parts]` any other read of it (a record's settings, options for a select, an operation's
 * progress). A mutation through `useResourceMutation` refetches `[key]` (every list and record) when it succeeds,
 * after putting the record it answered with, if any, into its detail entry and into the lists that hold it, so an
 * edit screen and a list show it at once.
 *
 * Not covered, on purpose: reads that are not the API's JSON (downloads, live streams), uploads and calls that change
 * nothing the console has read (a dry-run preview): they stay plain calls and `useMutation`, their keys from here.
 */

/** The query of a numbered list (organisations, users, roles): page, size, order, search, one record by `_id`. */
export type TPageParams = { page: number; limit: number; sort?: string; search?: string; _id?: string };
/** A numbered page with the total (organisations, users, roles: `meta.total`). */
export type TPage<T> = { rows: T[]; total: number };
/** A keyset page (requests, jobs, tasks, SIMs: `meta.nextCursor`, null on the last page). */
export type TCursorPage<T> = { rows: T[]; nextCursor: string | null };

/** Polling of a read: a fixed interval, or one decided from the data (false stops it). */
type TRefetch<D> = number | false | ((data: D | undefined) => number | false);

export type TReadOptions<D> = {
  enabled?: boolean;
  refetch?: TRefetch<D>;
  /** How long an answer stays fresh, when not the client's default. */
  staleTime?: number;
  /** Keep the previous answer on screen while the next one loads (lists). */
  keepPrevious?: boolean;
};

/** The query options of any read of a resource, under one of its keys. */
function readOptions<D>(queryKey: QueryKey, fetch: (signal: AbortSignal) => Promise<D>, options: TReadOptions<D> = {}) {
  const { refetch } = options;
  const read: UseQueryOptions<D, Error, D, QueryKey> = {
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (typeof refetch === 'function' ? refetch(query.state.data) : (refetch ?? false)),
  };
  // Only what is asked: an `undefined` here would override the client's defaults.
  if (options.staleTime !== undefined) read.staleTime = options.staleTime;
  if (options.keepPrevious) read.placeholderData = keepPreviousData;
  return read;
}

export type TResource<T> = ReturnType<typeof defineResource<T>>;

/**
 * `key` names the resource in the cache, `path` is its collection in the API; `idOf` says which field names a record
 * (default `id`), for the lists a saved record replaces its copy in.
 */
export function defineResource<T>(key: string, path: string, { idOf }: { idOf?: (record: T) => string } = {}) {
  const keys = {
    all: [key] as const,
    list: (...parts: unknown[]) => [key, 'list', ...parts] as const,
    detail: (id: string) => [key, 'detail', id] as const,
    /** Another read of the resource, by its name. */
    of: (name: string, ...parts: unknown[]) => [key, name, ...parts] as const,
  };
  const itemPath = (id: string, suffix = '') => `${path}/${encodeURIComponent(id)}${suffix}`;

  /** GET `listPath` as a numbered page. */
  async function fetchPage(params: TQueryParams, signal?: AbortSignal, listPath = path): Promise<TPage<T>> {
    const response = await api.get<T[]>(listPath, { params, signal });
    return { rows: response.data, total: response.meta?.total ?? response.data.length };
  }

  /** GET `listPath` as a keyset page; `cursor` null asks for the first page. */
  async function fetchCursorPage<R = T>(
    params: TQueryParams & { cursor?: string | null },
    signal?: AbortSignal,
    listPath = path,
  ): Promise<TCursorPage<NoInfer<R>>> {
    const response = await api.get<R[]>(listPath, { params: { ...params, cursor: params.cursor ?? undefined }, signal });
    const meta = response.meta as { nextCursor?: string | null } | undefined;
    return { rows: response.data, nextCursor: meta?.nextCursor ?? null };
  }

  /** GET one record (a copy the caller may change). */
  function fetchOne(id: string, signal?: AbortSignal): Promise<T> {
    return api.getById<T>(itemPath(id), { signal });
  }

  /** A list read: the previous page stays on screen while the next one loads. */
  function listOptions<D>(params: unknown[], fetch: (signal: AbortSignal) => Promise<D>, options: TReadOptions<D> = {}) {
    return readOptions(keys.list(...params), fetch, { keepPrevious: true, ...options });
  }

  function detailOptions(id: string, options: TReadOptions<T> = {}) {
    return readOptions(keys.detail(id), (signal) => fetchOne(id, signal), options);
  }

  return {
    key,
    path,
    keys,
    itemPath,
    idOf: idOf ?? ((record: T) => (record as { id: string }).id),
    fetchPage,
    fetchCursorPage,
    fetchOne,
    readOptions,
    listOptions,
    detailOptions,
    /** One numbered page of the list at `path`. */
    usePage: (params: TQueryParams) => useQuery(listOptions([params], (signal) => fetchPage(params, signal))),
    /** One record. */
    useOne: (id: string, options?: TReadOptions<T>) => useQuery(detailOptions(id, options)),
  };
}

/** `data` with `record` in place of the row that has its id: a page (`rows`) or a plain array; unchanged without one. */
function withRecord<T>(data: unknown, record: T, idOf: (record: T) => string): unknown {
  const id = idOf(record);
  const swap = (rows: T[]) => (rows.some((row) => idOf(row) === id) ? rows.map((row) => (idOf(row) === id ? record : row)) : rows);
  if (Array.isArray(data)) return swap(data as T[]);
  const page = data as { rows?: unknown } | undefined;
  if (!page || !Array.isArray(page.rows)) return data;
  const rows = swap(page.rows as T[]);
  return rows === page.rows ? data : { ...page, rows };
}

/**
 * A change to a resource. On success: the record the answer carries (`saved`), if any, goes into its detail entry
 * and replaces its copy in the cached lists, then every list and record of the resource — and of the `alsoStale`
 * resources (a user's move changes a role's holder count) — is fetched again.
 */
export function useResourceMutation<V, R, T>(
  resource: Pick<TResource<T>, 'keys' | 'idOf'>,
  mutationFn: (variables: V) => Promise<R>,
  options: { saved?: (result: R) => T | undefined; alsoStale?: readonly string[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      const record = options.saved?.(result);
      if (record) {
        queryClient.setQueryData(resource.keys.detail(resource.idOf(record)), record);
        queryClient.setQueriesData({ queryKey: resource.keys.list() }, (data: unknown) => withRecord(data, record, resource.idOf));
      }
      return Promise.all(
        [resource.keys.all, ...(options.alsoStale ?? []).map((k) => [k])].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
