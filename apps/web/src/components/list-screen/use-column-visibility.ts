import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';

/** What the column menu needs of a column. */
export type TColumnChoice = { field: string; header: string; hidden?: boolean };

const storageKey = (list: string) => `tarang.${list}.columns`;

function readStored(list: string): GridColumnVisibilityModel | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(list)) ?? 'null') as unknown;
    return stored && typeof stored === 'object' ? (stored as GridColumnVisibilityModel) : null;
  } catch {
    return null;
  }
}

/**
 * Which columns of a list are shown: those declared `hidden` start hidden; what the user chooses is kept in this
 * browser, per list, for the next visit.
 */
export function useColumnVisibility(list: string, columns: readonly TColumnChoice[]) {
  const defaults = useMemo(
    (): GridColumnVisibilityModel => Object.fromEntries(columns.filter((c) => c.hidden).map((c) => [c.field, false])),
    [columns],
  );
  const [chosen, setChosen] = useState<GridColumnVisibilityModel | null>(() => readStored(list));
  const model = chosen ?? defaults;
  const change = useCallback(
    (next: GridColumnVisibilityModel) => {
      setChosen(next);
      try {
        localStorage.setItem(storageKey(list), JSON.stringify(next));
      } catch {
        /* kept for this visit */
      }
    },
    [list],
  );
  const isShown = useCallback((field: string) => model[field] !== false, [model]);
  return { model, change, isShown };
}
