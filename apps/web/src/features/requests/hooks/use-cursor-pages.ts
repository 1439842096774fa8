import { useCallback, useMemo, useState } from 'react';

/**
 * Keyset pages for a data grid: a stack of cursors (the first page has none), reset whenever `key` (the filters
 * and page size) changes. The grid learns whether there is a next page from `nextCursor`.
 */
export function useCursorPages(key: string) {
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({ key, cursors: [null] });
  const cursors = paging.key === key ? paging.cursors : [null];
  const pageIndex = cursors.length - 1;
  const cursor = cursors[pageIndex] ?? null;
  const goTo = useCallback(
    (page: number, nextCursor: string | null | undefined) => {
      if (page > pageIndex && nextCursor) setPaging({ key, cursors: [...cursors, nextCursor] });
      else if (page < pageIndex) setPaging({ key, cursors: cursors.slice(0, page + 1) });
    },
    [key, cursors, pageIndex],
  );
  return useMemo(() => ({ cursor, pageIndex, goTo }), [cursor, pageIndex, goTo]);
}

/**
 * The grid's row count for a keyset list: unknown (-1) while there is a next page; on the last page the rows seen so
 * far, so that the grid disables "next page".
 */
export function cursorRowCount(pageIndex: number, limit: number, rows: number, hasNext: boolean): number {
  return hasNext ? -1 : pageIndex * limit + rows;
}
