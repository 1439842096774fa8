import CancelIcon from '@mui/icons-material/Cancel';
import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Chip from '@mui/material/Chip';

/**
 * Shown while a list is narrowed to one record (`?_id=` from global search). Deleting the chip
 * (its cross, or Backspace/Delete on the focused chip) shows the whole list again.
 */
export function IdFilterChip({ label, clearLabel, onClear }: { label: string; clearLabel: string; onClear: () => void }) {
  return (
    <Chip
      icon={<FilterAltOutlined />}
      label={label}
      color="primary"
      variant="outlined"
      onDelete={onClear}
      deleteIcon={<CancelIcon titleAccess={clearLabel} />}
      sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
      data-testid="id-filter-chip"
    />
  );
}
