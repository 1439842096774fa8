import type { GridLocaleText } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const NS = 'organizations';

/** The data grid's own words (pagination, empty list, sorting) in the console's language. */
export function useGridLocaleText(): Partial<GridLocaleText> {
  const { t, i18n } = useTranslation(NS);
  return useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN');
    return {
      noRowsLabel: t('grid.noRows'),
      noResultsOverlayLabel: t('grid.noRows'),
      paginationRowsPerPage: t('grid.rowsPerPage'),
      paginationDisplayedRows: ({ from, to, count }) =>
        t('grid.displayedRows', { from: number.format(from), to: number.format(to), count: number.format(count) }),
      paginationItemAriaLabel: (type) => t(`grid.page.${type}`),
      columnHeaderSortIconLabel: t('grid.sort'),
    };
  }, [t, i18n.language]);
}
