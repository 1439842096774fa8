import type { GridLocaleText } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a keyset list stands: its total is not counted, only whether there is a next page. */
export type TKeysetPosition = { pageIndex: number; limit: number; rows: number; hasNext: boolean };

/**
 * The data grid's own words (pagination, empty list, sorting) in the console's language. Each list names its own
 * empty state ("No users found"); the rest is shared. A keyset list, whose total the API does not count, reads
 * "1–25 of more than 25" while there is a next page and "26–31" on the last.
 */
export function useGridLocaleText(noRowsLabel: string, keyset?: TKeysetPosition): Partial<GridLocaleText> {
  const { t, i18n } = useTranslation(['ui', 'list']);
  const { pageIndex = 0, limit = 0, rows = 0, hasNext = false } = keyset ?? {};
  const isKeyset = keyset !== undefined;
  return useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN');
    const from = rows ? pageIndex * limit + 1 : 0;
    const to = pageIndex * limit + rows;
    return {
      noRowsLabel,
      noResultsOverlayLabel: noRowsLabel,
      paginationRowsPerPage: t('ui:grid.rowsPerPage'),
      paginationDisplayedRows: isKeyset
        ? () => t(hasNext ? 'list:grid.rowsMore' : 'list:grid.rows', { from: number.format(from), to: number.format(to) })
        : ({ from, to, count }) =>
            t('ui:grid.displayedRows', { from: number.format(from), to: number.format(to), count: number.format(count) }),
      paginationItemAriaLabel: (type) => t(`ui:grid.page.${type}`),
      columnHeaderSortIconLabel: t('ui:grid.sort'),
    };
  }, [t, i18n.language, noRowsLabel, isKeyset, pageIndex, limit, rows, hasNext]);
}
