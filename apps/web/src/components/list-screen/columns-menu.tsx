import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TColumnChoice } from './use-column-visibility';

type TColumnsMenuProps = {
  columns: readonly TColumnChoice[];
  model: GridColumnVisibilityModel;
  onChange: (model: GridColumnVisibilityModel) => void;
};

/** "Columns": shows or hides each column but the first (which names the row). */
export function ColumnsMenu({ columns, model, onChange }: TColumnsMenuProps) {
  const { t } = useTranslation('list');
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choices = columns.slice(1);
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('columns.button')}
      </Button>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('columns.menu') } }}
      >
        {choices.map((c) => {
          const shown = model[c.field] !== false;
          return (
            <MenuItem
              key={c.field}
              dense
              role="menuitemcheckbox"
              aria-checked={shown}
              onClick={() => onChange({ ...model, [c.field]: !shown })}
            >
              <Checkbox size="small" checked={shown} tabIndex={-1} sx={{ p: 0.5, mr: 1 }} slotProps={{ input: { 'aria-hidden': true } }} />
              <ListItemText primary={c.header} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
