import type { GridLocaleText } from '@mui/x-data-grid';
import type { TListController } from './use-list-controller';

/** One page of a list, as both its layouts (the grid, the phone's cards) draw it. */
export type TListView<R> = {
  /** Names the grid (or the cards) for assistive technology. */
  label: string;
  rows: readonly R[];
  list: TListController;
  /** The total of a numbered list; -1 while a keyset list has a next page. */
  rowCount: number;
  /** The page's `nextCursor` (keyset lists). */
  nextCursor: string | null | undefined;
  loading: boolean;
  localeText: Partial<GridLocaleText>;
  getRowId: (row: R) => string;
};
