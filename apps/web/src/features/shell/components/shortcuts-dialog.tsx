import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/auth';
import { SEARCH_SHORTCUT_KEY } from '@/lib/keyboard';
import { shortcutModules } from '../utils/shortcuts';

function Keys({ keyName }: { keyName: string }) {
  const { t } = useTranslation('shell');
  const keys = [t('shortcuts.ctrl'), t('shortcuts.shift'), keyName.toUpperCase()];
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap' }}>
      {keys.map((k, i) => (
        <Box component="span" key={k} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {i > 0 && <span aria-hidden="true">+</span>}
          <Box
            component="kbd"
            sx={{
              fontFamily: 'inherit',
              fontSize: '0.8rem',
              px: 0.75,
              py: 0.25,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          >
            {k}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Lists the keyboard shortcuts of the catalogue (Ctrl/Cmd + Shift + key) the user can use. */
export function ShortcutsDialog() {
  const { t } = useTranslation('shell');
  const tc = useTranslation('common').t;
  const access = useAccess();
  const [open, setOpen] = useState(false);
  const rows = useMemo(
    () => [
      ...shortcutModules(access).map((m) => ({ key: m.shortcut!, label: tc(m.label), id: m.id })),
      { key: SEARCH_SHORTCUT_KEY, label: t('shortcuts.search'), id: 'search' },
    ],
    [access, t, tc],
  );
  return (
    <>
      <Tooltip title={t('shortcuts.open')}>
        <IconButton aria-label={t('shortcuts.open')} onClick={() => setOpen(true)} data-testid="shortcuts-button">
          <KeyboardOutlined />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="shortcuts-title" maxWidth="sm" fullWidth>
        <DialogTitle id="shortcuts-title">{t('shortcuts.title')}</DialogTitle>
        <DialogContent>
          <Table size="small" aria-labelledby="shortcuts-title" data-testid="shortcuts-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('shortcuts.keys')}</TableCell>
                <TableCell>{t('shortcuts.opens')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-shortcut={r.key}>
                  <TableCell>
                    <Keys keyName={r.key} />
                  </TableCell>
                  <TableCell>{r.label}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('shortcuts.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
