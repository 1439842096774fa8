import Box from '@mui/material/Box';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';

/**
 * A column of a list screen, declared once for both layouts: a column of the data grid on wide screens, a labelled
 * line of a card on phones (the first column is the card's title).
 */
export type TListColumn<R> = {
  field: string;
  header: string;
  /** The cell's text when it is not the row's own field (also what the card shows). */
  value?: (row: R) => string | number | null | undefined;
  /** The cell's content when it is more than text (links, chips, bars). */
  render?: (row: R) => ReactNode;
  /** The API's sort key: the column sorts on the server. */
  sort?: string;
  width?: number;
  flex?: number;
  minWidth?: number;
  align?: 'left' | 'right';
  /** Identifiers (ICCID, batch job): a monospace face. */
  mono?: boolean;
  /** Hidden until the user shows it with the column menu. */
  hidden?: boolean;
};

const MONO = 'list-mono';

export const GRID_SX = {
  border: 0,
  borderTop: 1,
  borderColor: 'divider',
  borderRadius: 0,
  [`& .${MONO}`]: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
} as const;

/** A cell's content, centred vertically like the grid's own text. */
function Cell({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>{children}</Box>;
}

/** The text or content of a column for a row, outside the grid (cards). */
export function cellContent<R>(column: TListColumn<R>, row: R): ReactNode {
  if (column.render) return column.render(row);
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.field];
  return value === null || value === undefined ? '' : String(value);
}

/** The grid's columns for a list's declaration. */
export function gridColumns<R extends GridValidRowModel>(columns: readonly TListColumn<R>[]): GridColDef<R>[] {
  return columns.map((c) => ({
    field: c.field,
    headerName: c.header,
    width: c.width,
    flex: c.flex,
    minWidth: c.minWidth ?? (c.width ? undefined : 120),
    sortable: c.sort !== undefined,
    hideable: c.field !== columns[0]?.field,
    align: c.align,
    headerAlign: c.align,
    cellClassName: c.mono ? MONO : undefined,
    ...(c.value ? { valueGetter: (_value: unknown, row: R) => c.value?.(row) } : {}),
    ...(c.render ? { renderCell: ({ row }: { row: R }) => <Cell>{c.render?.(row)}</Cell> } : {}),
  }));
}
