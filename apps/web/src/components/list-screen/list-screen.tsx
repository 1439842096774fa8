import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from './columns';
import { ColumnsMenu } from './columns-menu';
import { FilterBar } from './filter-bar';
import type { TFilter } from './filters';
import { ListCards } from './list-cards';
import { ListGrid } from './list-grid';
import { SelectionBar, type TListSelection } from './list-selection';
import type { TListView } from './list-view';
import { type TRowAction, useRowActions } from './row-actions';
import { useColumnVisibility } from './use-column-visibility';
import { useGridLocaleText } from './use-grid-locale-text';
import type { TListController } from './use-list-controller';

/** A page of rows as the list's read answers it: numbered (with its total) or keyset (with the next cursor). */
export type TListPage<R> = { rows: readonly R[]; total?: number; nextCursor?: string | null };

/** What the list screen needs of its read (a TanStack Query result). */
export type TListQuery<R> = {
  data: TListPage<R> | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type TListScreenProps<R> = {
  /**
   * The feature whose list this is, by its translation namespace (`users`, `requests`): its words `list.label` and
   * `grid.noRows` are the list's name and empty state unless `label` and `noRows` say otherwise.
   */
  resource: string;
  /** Names the list for this browser's memory of its columns, when the resource has several lists. */
  id?: string;
  /** Names the grid (or the cards) for assistive technology. */
  label?: string;
  list: TListController;
  query: TListQuery<R>;
  columns: readonly TListColumn<R>[];
  /** The filters drawn above the list: the controller's, unless the screen draws some of them elsewhere. */
  filters?: readonly TFilter[];
  actions?: readonly TRowAction<R>[];
  /** The empty state ("No users found", "No requests match these filters"). */
  noRows?: string;
  /** Words an error the server answered (the read's, or an action's). */
  failure: (error: unknown) => string;
  /** A heading inside the card, for a list that is part of another screen. */
  title?: string;
  /** The screen's own controls after the filters. */
  toolbar?: ReactNode;
  /** Tools beside the column menu (export). */
  tools?: ReactNode;
  clearable?: boolean;
  getRowId?: (row: R) => string;
  /** Rows the user may tick for the screen's bulk actions. */
  selection?: TListSelection<R>;
  /** The screen's dialogs (opened by its actions). */
  children?: ReactNode;
  'data-testid'?: string;
};

const rowIdOf = (row: unknown) => (row as { id: string }).id;

/**
 * A list screen: its filters (declared), the rows of one page from the server as a data grid on wide screens and as
 * cards on phones, the columns the user chose, the row actions the role allows (asking first where declared), and
 * its empty, loading and error states. The screen itself declares only its columns, filters and actions; its read
 * takes the page, sort and filters from `useListController`. With `selection`, rows can be ticked (a box per row, the
 * page's rows at once on the grid) and a bar over the list offers the screen's bulk actions for them.
 */
export function ListScreen<R extends GridValidRowModel>({
  resource,
  id = resource,
  label,
  list,
  query,
  columns,
  filters,
  actions = [],
  noRows,
  failure,
  title,
  toolbar,
  tools,
  clearable,
  getRowId = rowIdOf,
  selection,
  children,
  'data-testid': testId,
}: TListScreenProps<R>) {
  const { t } = useTranslation(['list', resource]);
  const name = label ?? t(`${resource}:list.label`);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const rowActions = useRowActions(actions, getRowId, failure);
  const visibility = useColumnVisibility(id, columns);

  const page = query.data;
  const rows = page?.rows ?? [];
  const keyset = list.paging === 'cursor';
  const hasNextPage = Boolean(page?.nextCursor);
  const rowCount = keyset ? (hasNextPage ? -1 : list.pageIndex * list.limit + rows.length) : (page?.total ?? 0);
  const localeText = useGridLocaleText(
    noRows ?? t(`${resource}:grid.noRows`),
    keyset ? { pageIndex: list.pageIndex, limit: list.limit, rows: rows.length, hasNext: hasNextPage } : undefined,
  );
  const view: TListView<R> = {
    label: name,
    rows,
    list,
    rowCount,
    nextCursor: page?.nextCursor,
    loading: query.isPending || query.isPlaceholderData,
    localeText,
    getRowId,
  };

  const { allowed, render } = rowActions;
  const actionsColumn = useMemo((): GridColDef<R> | null => {
    if (allowed.length === 0) return null;
    return {
      field: 'actions',
      headerName: t('list:actions'),
      width: Math.max(90, 36 * allowed.length + 28),
      sortable: false,
      hideable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => render(row),
    };
  }, [allowed.length, render, t]);

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }} data-testid={testId}>
      <FilterBar
        title={title}
        filters={filters ?? list.filters}
        values={list.filter}
        update={list.update}
        idChip={
          list.id
            ? { label: t([`${resource}:list.oneRecord`, 'list:oneRecord']), clearLabel: t([`${resource}:list.showAll`, 'list:showAll']) }
            : null
        }
        clearable={clearable}
        tools={
          <>
            {tools}
            <ColumnsMenu columns={columns} model={visibility.model} onChange={visibility.change} />
          </>
        }
      >
        {toolbar}
      </FilterBar>
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('list:retry')}
            </Button>
          }
        >
          {failure(query.error)}
        </Alert>
      )}
      {selection && selection.ids.size > 0 && (
        <SelectionBar count={selection.ids.size} actions={selection.actions} onClear={() => selection.onChange(new Set())} />
      )}
      {phone ? (
        <ListCards
          view={view}
          columns={columns.filter((c) => visibility.isShown(c.field))}
          actions={actionsColumn ? render : null}
          waiting={query.isPending}
          selection={selection}
        />
      ) : (
        <ListGrid
          view={view}
          columns={columns}
          actions={actionsColumn}
          visibility={visibility.model}
          onVisibilityChange={visibility.change}
          selection={selection}
        />
      )}
      {rowActions.dialog}
      {children}
    </Card>
  );
}
