import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cellContent, type TListColumn } from './columns';
import { PAGE_SIZES } from './list-params';
import type { TListSelection } from './list-selection';
import type { TListView } from './list-view';

type TListCardsProps<R> = {
  view: TListView<R>;
  /** The columns shown; the first is each card's title. */
  columns: readonly TListColumn<R>[];
  /** A row's action buttons, when the role has any. */
  actions: ((row: R) => ReactNode) | null;
  /** Nothing to show yet (the first page loads). */
  waiting: boolean;
  /** A tick box on each card, for the screen's bulk actions. */
  selection?: TListSelection<R>;
};

/**
 * The phone layout of a list: one card per row, titled by the first column, the other columns as labelled lines and
 * the row's actions at the top right; the same pages, page size and words as the grid.
 */
export function ListCards<R>({ view, columns, actions, waiting, selection }: TListCardsProps<R>) {
  const { t } = useTranslation('list');
  const { label, rows, list, rowCount, nextCursor, loading, localeText, getRowId } = view;
  const [title, ...lines] = columns;
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
      {loading && <LinearProgress aria-label={t('loading')} />}
      {rows.length === 0 && !waiting ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {localeText.noRowsLabel}
        </Typography>
      ) : (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
          {rows.map((row) => (
            <Box component="li" key={getRowId(row)} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 34 }}>
                {selection && (
                  <Checkbox
                    size="small"
                    sx={{ ml: -1, my: -1 }}
                    checked={selection.ids.has(getRowId(row))}
                    onChange={(event) => {
                      const ids = new Set(selection.ids);
                      if (event.target.checked) ids.add(getRowId(row));
                      else ids.delete(getRowId(row));
                      selection.onChange(ids);
                    }}
                    slotProps={{ input: { 'aria-label': selection.name(row) } }}
                  />
                )}
                <Box sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>{title && cellContent(title, row)}</Box>
                {actions && <Box sx={{ flexShrink: 0 }}>{actions(row)}</Box>}
              </Stack>
              {lines.length > 0 && (
                <Box
                  component="dl"
                  sx={{ display: 'grid', gridTemplateColumns: 'minmax(80px, auto) 1fr', columnGap: 1.5, rowGap: 0.75, m: 0, mt: 1 }}
                >
                  {lines.map((c) => (
                    <Fragment key={c.field}>
                      <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: '2px' }}>
                        {c.header}
                      </Typography>
                      <Box component="dd" sx={{ m: 0, minWidth: 0, typography: 'body2', overflowWrap: 'anywhere' }}>
                        {cellContent(c, row)}
                      </Box>
                    </Fragment>
                  ))}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      <TablePagination
        component="div"
        count={rowCount}
        page={list.pageIndex}
        rowsPerPage={list.limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, page) => list.goTo(page, nextCursor)}
        onRowsPerPageChange={(e) => list.update({ limit: Number(e.target.value) })}
        labelRowsPerPage={localeText.paginationRowsPerPage}
        labelDisplayedRows={({ from, to, count }) => localeText.paginationDisplayedRows?.({ from, to, count, estimated: undefined }) ?? ''}
        getItemAriaLabel={(type) => localeText.paginationItemAriaLabel?.(type) ?? type}
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          // A phone is narrower than the pagination's one line: it wraps, right-aligned.
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: 1.5, pr: 0.5 },
          '& .MuiTablePagination-spacer': { display: 'none' },
          '& .MuiTablePagination-actions': { ml: 1 },
        }}
      />
    </Box>
  );
}
