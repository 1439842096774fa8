import type { GridLocaleText } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridLocaleText } from '@/hooks/use-grid-locale-text';
import { useNumberFormat } from './use-number-format';

/**
 * The grid's words for a keyset list, whose total the API does not count: "1–25 of more than 25" while there is a
 * next page, "26–31" on the last.
 */
export function useCursorGridText(
  noRows: string,
  page: { pageIndex: number; limit: number; rows: number; hasNext: boolean },
): Partial<GridLocaleText> {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const base = useGridLocaleText(noRows);
  const { pageIndex, limit, rows, hasNext } = page;
  return useMemo(() => {
    const from = rows ? pageIndex * limit + 1 : 0;
    const to = pageIndex * limit + rows;
    return {
      ...base,
      paginationDisplayedRows: () => t(hasNext ? 'grid.rowsMore' : 'grid.rows', { from: number.format(from), to: number.format(to) }),
    };
  }, [base, t, number, pageIndex, limit, rows, hasNext]);
}
