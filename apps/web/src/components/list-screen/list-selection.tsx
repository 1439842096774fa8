import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Rows ticked for a bulk action (the device inventory's Assign): the screen keeps the ids — across pages, and empties
 * them when the list's filters change (`useListController().identity`) — and says what the ticked rows may be given.
 */
export type TListSelection<R> = {
  ids: ReadonlySet<string>;
  onChange: (ids: ReadonlySet<string>) => void;
  /** A row's tick box name on a phone ("Select device 356938035643809"). */
  name: (row: R) => string;
  /** The bulk actions, shown in the bar over the list while some rows are ticked. */
  actions: ReactNode;
};

/** The bar over a list while rows are ticked: how many, the screen's bulk actions, and Clear selection. */
export function SelectionBar({ count, actions, onClear }: { count: number; actions: ReactNode; onClear: () => void }) {
  const { t, i18n } = useTranslation('list');
  const formatted = new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN').format(count);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      data-testid="selection-bar"
      sx={{ px: 2, py: 1, alignItems: { sm: 'center' }, bgcolor: 'action.selected', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} role="status">
        {t('selection.count', { count, formatted })}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions}
        <Button size="small" color="inherit" onClick={onClear}>
          {t('selection.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}
