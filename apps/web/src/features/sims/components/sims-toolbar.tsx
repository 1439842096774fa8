import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { ColumnsPanelTrigger, Toolbar } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { exportSims, type TExportFormat } from '../api/export-sims';
import { useSimMessages } from '../utils/messages';
import type { TSimFilterValues } from '../utils/sim-filter';

export type TSimsToolbarProps = {
  /** "1,234 SIMs" or "about 1,000,000 SIMs". */
  totalText: string;
  /** What the list shows, for the export. */
  filter: TSimFilterValues;
  sort: string;
};

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides extends Partial<TSimsToolbarProps> {}
}

/** Above the grid: how many SIMs match, the column chooser and the export of every matching SIM. */
export function SimsToolbar({ totalText, filter, sort }: Partial<TSimsToolbarProps>) {
  const { t } = useTranslation('sims');
  const { failure } = useSimMessages();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const choose = async (format: TExportFormat) => {
    setAnchor(null);
    if (!filter || !sort) return;
    setExporting(true);
    try {
      await exportSims(filter, sort, format);
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Toolbar style={{ justifyContent: 'space-between', gap: 8, paddingInline: 16 }}>
      <Typography variant="body2" color="text.secondary" data-testid="sims-total" sx={{ fontWeight: 600 }}>
        {totalText}
      </Typography>
      <div style={{ display: 'flex', gap: 8 }}>
        <ColumnsPanelTrigger
          render={(props) => (
            <Button {...(props as object)} size="small" startIcon={<ViewColumnOutlined />}>
              {t('toolbar.columns')}
            </Button>
          )}
        />
        <Button
          size="small"
          startIcon={exporting ? <CircularProgress size={16} /> : <DownloadOutlined />}
          disabled={exporting}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {exporting ? t('toolbar.exporting') : t('toolbar.export')}
        </Button>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => void choose('csv')}>{t('toolbar.exportCsv')}</MenuItem>
          <MenuItem onClick={() => void choose('xlsx')}>{t('toolbar.exportXlsx')}</MenuItem>
        </Menu>
      </div>
    </Toolbar>
  );
}
