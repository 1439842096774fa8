import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { GRID_SX, gridColumns, type TListColumn } from './columns';
import { PAGE_SIZES } from './list-params';
import type { TListView } from './list-view';

type TListGridProps<R extends GridValidRowModel> = {
  view: TListView<R>;
  columns: readonly TListColumn<R>[];
  /** The actions column, when the role has any. */
  actions: GridColDef<R> | null;
  visibility: GridColumnVisibilityModel;
  onVisibilityChange: (model: GridColumnVisibilityModel) => void;
};

/**
 * The wide-screen layout of a list: the data grid in server mode — its pages, page size and sort are the list's
 * (numbered pages with their total, or keyset pages whose count stays unknown while there is a next one).
 */
export function ListGrid<R extends GridValidRowModel>({ view, columns, actions, visibility, onVisibilityChange }: TListGridProps<R>) {
  const { label, rows, list, rowCount, nextCursor, loading, localeText, getRowId } = view;
  const hasNextPage = Boolean(nextCursor);
  const gridCols = useMemo(() => [...gridColumns(columns), ...(actions ? [actions] : [])], [columns, actions]);
  const sortModel = useMemo((): GridSortModel => {
    const key = list.sort.replace(/^-/, '');
    const column = columns.find((c) => c.sort === key);
    return column ? [{ field: column.field, sort: list.sort.startsWith('-') ? 'desc' : 'asc' }] : [];
  }, [list.sort, columns]);
  const paginationModel = useMemo(() => ({ page: list.pageIndex, pageSize: list.limit }), [list.pageIndex, list.limit]);
  const paginationMeta = useMemo(() => ({ hasNextPage }), [hasNextPage]);

  return (
    <DataGrid
      label={label}
      rows={rows}
      columns={gridCols}
      getRowId={getRowId}
      rowCount={rowCount}
      paginationMeta={list.paging === 'cursor' ? paginationMeta : undefined}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={(model) =>
        model.pageSize !== list.limit ? list.update({ limit: model.pageSize }) : list.goTo(model.page, nextCursor)
      }
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const first = model[0];
        const key = first ? columns.find((c) => c.field === first.field)?.sort : undefined;
        list.update({ sort: key ? `${first?.sort === 'desc' ? '-' : ''}${key}` : null });
      }}
      sortingOrder={['asc', 'desc']}
      columnVisibilityModel={visibility}
      onColumnVisibilityModelChange={onVisibilityChange}
      disableColumnMenu
      disableColumnFilter
      disableRowSelectionOnClick
      disableVirtualization
      autoHeight
      localeText={localeText}
      sx={GRID_SX}
    />
  );
}
