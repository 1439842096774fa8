import { DataGrid, type GridColDef, type GridLocaleText, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { PAGE_SIZES } from '@/hooks/use-list-params';
import { cursorRowCount } from '../hooks/use-cursor-pages';

export const GRID_SX = {
  border: 0,
  borderTop: 1,
  borderColor: 'divider',
  borderRadius: 0,
  '& .mono': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
  '& a.row-link': { color: 'primary.main', fontWeight: 600, textDecoration: 'none' },
  '& a.row-link:hover': { textDecoration: 'underline' },
} as const;

type TCursorGridProps<R extends GridValidRowModel & { id: string | number }> = {
  label: string;
  rows: readonly R[];
  columns: GridColDef<R>[];
  /** The page as the API answered it (`nextCursor` null on the last page); undefined while the first one loads. */
  page: { rows: readonly unknown[]; nextCursor: string | null } | undefined;
  loading: boolean;
  /** From useCursorPages. */
  pages: { pageIndex: number; goTo: (page: number, nextCursor: string | null | undefined) => void };
  limit: number;
  onLimitChange: (limit: number) => void;
  localeText: Partial<GridLocaleText>;
};

/**
 * A server-side grid over a keyset list (requests, jobs, tasks, MNO jobs): pages follow the cursors of
 * useCursorPages, the row count stays unknown while there is a next page, and sorting and filtering belong to the
 * page's own controls.
 */
export function CursorGrid<R extends GridValidRowModel & { id: string | number }>({
  label,
  rows,
  columns,
  page,
  loading,
  pages,
  limit,
  onLimitChange,
  localeText,
}: TCursorGridProps<R>) {
  const hasNextPage = !!page?.nextCursor;
  const paginationMeta = useMemo(() => ({ hasNextPage }), [hasNextPage]);
  return (
    <DataGrid
      label={label}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.id}
      rowCount={cursorRowCount(pages.pageIndex, limit, page?.rows.length ?? 0, hasNextPage)}
      paginationMeta={paginationMeta}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={{ page: pages.pageIndex, pageSize: limit }}
      onPaginationModelChange={(model) =>
        model.pageSize !== limit ? onLimitChange(model.pageSize) : pages.goTo(model.page, page?.nextCursor)
      }
      pageSizeOptions={[...PAGE_SIZES]}
      disableColumnMenu
      disableColumnFilter
      disableColumnSorting
      disableRowSelectionOnClick
      autoHeight
      localeText={localeText}
      sx={GRID_SX}
    />
  );
}
