import type { TFilter } from './filters';
import { filterKeys, readFilter } from './filters';

/** Page sizes of a list (the free data grid shows at most 100 rows a page). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const ID_PATTERN = /^[0-9a-f]{24}$/;
const CURSOR_MAX = 1000;

export type TListParams = {
  /** 0-based, whatever the paging (the address holds it 1-based, as the API counts numbered pages). */
  pageIndex: number;
  limit: number;
  /** The API's sort, `-field` for descending. */
  sort: string;
  /** `?_id=` from global search: the list shows that one record. */
  id: string | undefined;
  /** The keyset cursor of the page shown (keyset lists); null on the first page. */
  cursor: string | null;
  /** Every declared filter's value, checked (anything the API would refuse is left out). */
  filter: Record<string, string | undefined>;
};

export type TListOptions = {
  /** The sort when the address names none (or one the list does not offer). */
  defaultSort?: string;
  /** The API's sort keys the list offers. */
  sortable?: readonly string[];
  filters?: readonly TFilter[];
  defaultLimit?: number;
};

/**
 * A list's parameters as the address holds them (`page`, `limit`, `sort`, `_id`, `cursor` and the declared filters,
 * the search box among them): anything out of range falls back to the default.
 */
export function readListParams(searchParams: URLSearchParams, options: TListOptions): TListParams {
  const { defaultSort = '', sortable = [], filters = [], defaultLimit = DEFAULT_PAGE_SIZE } = options;
  const pageRaw = Number(searchParams.get('page'));
  const limitRaw = Number(searchParams.get('limit'));
  const sortRaw = searchParams.get('sort') ?? '';
  const sortField = sortRaw.startsWith('-') ? sortRaw.slice(1) : sortRaw;
  const idRaw = searchParams.get('_id') ?? '';
  const cursorRaw = searchParams.get('cursor') ?? '';
  const filter: Record<string, string | undefined> = {};
  for (const declared of filters) {
    for (const key of filterKeys(declared)) filter[key] = readFilter(declared, key, searchParams.get(key));
  }
  return {
    pageIndex: Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw - 1 : 0,
    limit: (PAGE_SIZES as readonly number[]).includes(limitRaw) ? limitRaw : defaultLimit,
    sort: sortable.includes(sortField) ? sortRaw : defaultSort,
    id: ID_PATTERN.test(idRaw) ? idRaw : undefined,
    cursor: cursorRaw && cursorRaw.length <= CURSOR_MAX ? cursorRaw : null,
    filter,
  };
}

/** A change of some parameters; null, undefined or '' removes one. */
export type TListPatch = Record<string, string | number | null | undefined>;

/** The address after a change: any change but of the page itself goes back to the first page. */
export function patchListParams(previous: URLSearchParams, patch: TListPatch): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) {
    next.delete('page');
    next.delete('cursor');
  }
  return next;
}

/** What decides the rows of a list apart from its page: a new one starts again from the first page. */
export function listIdentity(params: TListParams): string {
  return JSON.stringify([params.filter, params.id, params.sort, params.limit]);
}
