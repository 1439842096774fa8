import Typography from '@mui/material/Typography';
import { type GridColumnVisibilityModel, Toolbar } from '@mui/x-data-grid';
import { ColumnsMenu } from '@/components/list-screen/columns-menu';
import { ExportButton } from '@/components/list-screen/export-button';
import type { TColumnChoice } from '@/components/list-screen/use-column-visibility';
import { exportSims } from '../api/export-sims';
import { useSimMessages } from '../utils/messages';
import type { TSimFilterValues } from '../utils/sim-filter';

export type TSimsToolbarProps = {
  /** "1,234 SIMs" or "about 1,000,000 SIMs". */
  totalText: string;
  /** What the list shows, for the export. */
  filter: TSimFilterValues;
  sort: string;
  columns: readonly TColumnChoice[];
  visibility: GridColumnVisibilityModel;
  onVisibilityChange: (model: GridColumnVisibilityModel) => void;
};

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides extends Partial<TSimsToolbarProps> {}
}

/** Above the grid: how many SIMs match, the column menu and the export of every matching SIM. */
export function SimsToolbar({ totalText, filter, sort, columns, visibility, onVisibilityChange }: Partial<TSimsToolbarProps>) {
  const { failure } = useSimMessages();
  return (
    <Toolbar style={{ justifyContent: 'space-between', gap: 8, paddingInline: 16 }}>
      <Typography variant="body2" color="text.secondary" data-testid="sims-total" sx={{ fontWeight: 600 }}>
        {totalText}
      </Typography>
      <div style={{ display: 'flex', gap: 8 }}>
        {columns && visibility && onVisibilityChange && <ColumnsMenu columns={columns} model={visibility} onChange={onVisibilityChange} />}
        {filter && sort && <ExportButton onExport={(format) => exportSims(filter, sort, format)} failure={failure} />}
      </div>
    </Toolbar>
  );
}
