import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TFilter } from './filters';
import { listIdentity, patchListParams, readListParams, type TListOptions, type TListPatch } from './list-params';

/** Numbered pages with a total (organisations, users, roles), or keyset pages that follow a cursor (requests, jobs). */
export type TPaging = 'pages' | 'cursor';

export type TListControllerOptions = TListOptions & {
  paging: TPaging;
  /**
   * Where the list keeps its page, sort and filters: the address (a link opens the list as it was, and coming back
   * from a form keeps it), or memory for a list inside another screen (a job's tasks beside its MNO jobs).
   */
  syncWithLocation?: boolean;
};

export type TListController = ReturnType<typeof useListController>;

const NO_FILTERS: readonly TFilter[] = [];

/** The address, or the same parameters kept in memory. */
function useListSearchParams(syncWithLocation: boolean) {
  const [location, setLocation] = useSearchParams();
  const [memory, setMemory] = useState(() => new URLSearchParams());
  const change = useCallback(
    (patch: TListPatch) => {
      if (syncWithLocation) setLocation((previous) => patchListParams(previous, patch), { replace: true });
      else setMemory((previous) => patchListParams(previous, patch));
    },
    [syncWithLocation, setLocation],
  );
  return [syncWithLocation ? location : memory, change] as const;
}

/**
 * The state of a list screen (react-admin's list controller, for this console): page, page size, sort, `?_id=` and
 * the declared filters, read from the address and checked; `update` changes some of them (and goes back to the first
 * page), `goTo` turns the page. Keyset lists keep the cursors of the pages seen, so "previous" goes back without
 * asking the server for a count; a link to a later page opens it, and going back from it starts again at the first.
 */
export function useListController(options: TListControllerOptions) {
  const { paging, syncWithLocation = true, defaultSort, sortable, filters, defaultLimit } = options;
  const [searchParams, update] = useListSearchParams(syncWithLocation);
  const read = useMemo(
    () => readListParams(searchParams, { defaultSort, sortable, filters, defaultLimit }),
    [searchParams, defaultSort, sortable, filters, defaultLimit],
  );
  const identity = listIdentity(read);

  // A keyset page is the one its cursor opens: without a cursor, the first.
  const keyset = paging === 'cursor';
  const id = keyset ? undefined : read.id;
  const cursor = keyset && read.pageIndex > 0 ? read.cursor : null;
  const pageIndex = keyset && !cursor ? 0 : read.pageIndex;

  const [seen, setSeen] = useState<{ identity: string; cursors: (string | null)[] }>({ identity, cursors: [null] });
  const cursors = useMemo(() => {
    if (seen.identity === identity && seen.cursors[pageIndex] === cursor) return seen.cursors;
    const opened: (string | null)[] = [null];
    opened[pageIndex] = cursor;
    return opened;
  }, [seen, identity, pageIndex, cursor]);

  /** Turns to page `target` (0-based); a keyset list needs the next page's cursor to go forward. */
  const goTo = useCallback(
    (target: number, nextCursor?: string | null) => {
      if (!keyset) return update({ page: target > 0 ? target + 1 : null });
      if (target === pageIndex + 1 && nextCursor) {
        setSeen({ identity, cursors: [...cursors.slice(0, target), nextCursor] });
        return update({ page: target + 1, cursor: nextCursor });
      }
      if (target >= pageIndex) return;
      const back = cursors[target];
      if (target > 0 && back) update({ page: target + 1, cursor: back });
      else update({ page: null, cursor: null });
    },
    [keyset, update, pageIndex, identity, cursors],
  );

  return useMemo(
    () => ({
      paging,
      pageIndex,
      limit: read.limit,
      sort: read.sort,
      /** `?_id=` from global search, for a numbered list (keyset reads narrow by their own filters). */
      id,
      filter: read.filter,
      /** The declared filters (drawn by the list screen, unless it is told to draw some of them). */
      filters: filters ?? NO_FILTERS,
      /** Changes with anything that decides the rows but the page (filters, sort, size): a selection resets on it. */
      identity,
      /** The page of a numbered list, as the API takes it. */
      pageParams: { page: pageIndex + 1, limit: read.limit, sort: read.sort || undefined, _id: id },
      /** The page of a keyset list, as the API takes it. */
      cursorParams: { limit: read.limit, cursor },
      update,
      goTo,
    }),
    [paging, pageIndex, read, id, filters, identity, cursor, update, goTo],
  );
}
