import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Page sizes of the list (the free data grid shows at most 100 rows a page). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const ID_PATTERN = /^[0-9a-f]{24}$/;

export type TListParams<F extends string> = {
  /** 1-based page, as the API counts. */
  page: number;
  limit: number;
  sort: string;
  search: string;
  /** `?_id=` from global search: the list shows that one record. */
  id: string | undefined;
  filters: Record<F, string | undefined>;
};

type TPatch = Record<string, string | number | null | undefined>;

type TListOptions<F extends string> = { defaultSort: string; sortable: readonly string[]; filters: readonly F[] };

/** A list's parameters as the address bar holds them (anything out of range falls back to the default). */
export function readListParams<F extends string>(searchParams: URLSearchParams, options: TListOptions<F>): TListParams<F> {
  const { defaultSort, sortable, filters: filterKeys } = options;
  const pageRaw = Number(searchParams.get('page'));
  const limitRaw = Number(searchParams.get('limit'));
  const sortRaw = searchParams.get('sort') ?? '';
  const sortField = sortRaw.startsWith('-') ? sortRaw.slice(1) : sortRaw;
  const idRaw = searchParams.get('_id') ?? '';
  const filters = {} as Record<F, string | undefined>;
  for (const key of filterKeys) filters[key] = searchParams.get(key) || undefined;
  return {
    page: Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limitRaw) ? limitRaw : DEFAULT_PAGE_SIZE,
    sort: sortable.includes(sortField) ? sortRaw : defaultSort,
    search: searchParams.get('search')?.trim() ?? '',
    id: ID_PATTERN.test(idRaw) ? idRaw : undefined,
    filters,
  };
}

/**
 * A list's page, page size, sort, search, filters and `_id` live in the address bar, so a link
 * (global search) opens the list as wanted and coming back from a form keeps the list as it was.
 */
export function useListParams<F extends string>(options: TListOptions<F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { defaultSort, sortable, filters: filterKeys } = options;

  const params = useMemo(
    () => readListParams(searchParams, { defaultSort, sortable, filters: filterKeys }),
    [searchParams, defaultSort, sortable, filterKeys],
  );

  /** Changes some parameters; any change but the page itself goes back to the first page. */
  const update = useCallback(
    (patch: TPatch) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}
