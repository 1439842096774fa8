import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';

export type TExportFormat = 'csv' | 'xlsx';

type TExportButtonProps = {
  /** Downloads every row the list's filters match, in its order. */
  onExport: (format: TExportFormat) => Promise<void>;
  failure: (error: unknown) => string;
  formats?: readonly TExportFormat[];
};

/** "Export": the list as CSV or as an Excel workbook, made by the server; busy until the file is saved. */
export function ExportButton({ onExport, failure, formats = ['csv', 'xlsx'] }: TExportButtonProps) {
  const { t } = useTranslation('list');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const choose = async (format: TExportFormat) => {
    setAnchor(null);
    setExporting(true);
    try {
      await onExport(format);
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={exporting ? <CircularProgress size={16} /> : <DownloadOutlined />}
        disabled={exporting}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {exporting ? t('export.busy') : t('export.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {formats.map((format) => (
          <MenuItem key={format} onClick={() => void choose(format)}>
            {t(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
