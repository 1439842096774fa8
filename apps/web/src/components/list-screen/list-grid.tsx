import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_SX, gridColumns, type TListColumn } from './columns';
import { PAGE_SIZES } from './list-params';
import type { TListSelection } from './list-selection';
import type { TListView } from './list-view';

type TListGridProps<R extends GridValidRowModel> = {
  view: TListView<R>;
  columns: readonly TListColumn<R>[];
  /** The actions column, when the role has any. */
  actions: GridColDef<R> | null;
  visibility: GridColumnVisibilityModel;
  onVisibilityChange: (model: GridColumnVisibilityModel) => void;
  selection?: TListSelection<R>;
};

/**
 * The wide-screen layout of a list: the data grid in server mode — its pages, page size and sort are the list's
 * (numbered pages with their total, or keyset pages whose count stays unknown while there is a next one).
 */
export function ListGrid<R extends GridValidRowModel>({
  view,
  columns,
  actions,
  visibility,
  onVisibilityChange,
  selection,
}: TListGridProps<R>) {
  const { t } = useTranslation('list');
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
  const selectable = Boolean(selection);
  const selectedIds = selection?.ids;
  const selectionModel = useMemo((): GridRowSelectionModel => ({ type: 'include', ids: new Set(selectedIds ?? []) }), [selectedIds]);
  // The tick boxes' names, in the reader's language.
  const gridLocaleText = useMemo(
    () =>
      selectable
        ? {
            ...localeText,
            checkboxSelectionHeaderName: t('selection.header'),
            checkboxSelectionSelectAllRows: t('selection.selectPage'),
            checkboxSelectionUnselectAllRows: t('selection.unselectPage'),
            checkboxSelectionSelectRow: t('selection.selectRow'),
            checkboxSelectionUnselectRow: t('selection.unselectRow'),
          }
        : localeText,
    [selectable, localeText, t],
  );

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
      checkboxSelection={selectable}
      rowSelectionModel={selection ? selectionModel : undefined}
      onRowSelectionModelChange={
        selection
          ? (model) => {
              // The grid says "all but these" when the page's box is ticked: the rows of this page, less those.
              const ids =
                model.type === 'include'
                  ? [...model.ids].map(String)
                  : [...(selectedIds ?? []), ...rows.map(getRowId)].filter((id) => !model.ids.has(id));
              selection.onChange(new Set(ids));
            }
          : undefined
      }
      keepNonExistentRowsSelected={selectable}
      disableRowSelectionOnClick
      disableVirtualization
      autoHeight
      localeText={gridLocaleText}
      sx={GRID_SX}
    />
  );
}
