import type { GridLocaleText } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The data grid's own words (pagination, empty list, sorting) in the console's language. Each list
 * names its own empty state ("No users found"); the rest is shared (namespace `ui`).
 */
export function useGridLocaleText(noRowsLabel: string): Partial<GridLocaleText> {
  const { t, i18n } = useTranslation('ui');
  return useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN');
    return {
      noRowsLabel,
      noResultsOverlayLabel: noRowsLabel,
      paginationRowsPerPage: t('grid.rowsPerPage'),
      paginationDisplayedRows: ({ from, to, count }) =>
        t('grid.displayedRows', { from: number.format(from), to: number.format(to), count: number.format(count) }),
      paginationItemAriaLabel: (type) => t(`grid.page.${type}`),
      columnHeaderSortIconLabel: t('grid.sort'),
    };
  }, [t, i18n.language, noRowsLabel]);
}
