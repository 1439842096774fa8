import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { alpha, type Theme, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countDiff, diffSnapshots, formatLeaf, type TDiffKind, type TDiffRow } from '../utils/audit-diff';

const KIND_COLOR: Record<TDiffKind, 'success' | 'error' | 'warning' | 'default'> = {
  added: 'success',
  removed: 'error',
  changed: 'warning',
  unchanged: 'default',
};

/** The tint of a row: green added, red removed, amber changed; an unchanged row stays plain. */
const rowTint = (kind: TDiffKind) => (theme: Theme) =>
  kind === 'unchanged' ? {} : { backgroundColor: alpha(theme.palette[KIND_COLOR[kind] as 'success'].main, 0.08) };

const VALUE_SX = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '0.8125rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  verticalAlign: 'top',
} as const;

function Value({ row, side }: { row: TDiffRow; side: 'before' | 'after' }) {
  const { t } = useTranslation('audit-trail');
  const absent = side === 'before' ? row.kind === 'added' : row.kind === 'removed';
  if (absent)
    return (
      <Typography component="span" variant="body2" color="text.disabled" aria-label={t('diff.absent')}>
        —
      </Typography>
    );
  const value = formatLeaf(side === 'before' ? row.before : row.after);
  const struck = side === 'before' && row.kind !== 'unchanged';
  return (
    <Box component={struck ? 'del' : 'span'} sx={struck ? { textDecorationColor: 'currentColor', color: 'text.secondary' } : undefined}>
      {value}
    </Box>
  );
}

function KindChip({ kind }: { kind: TDiffKind }) {
  const { t } = useTranslation('audit-trail');
  return <Chip size="small" variant="outlined" color={KIND_COLOR[kind]} label={t(`diff.kinds.${kind}`)} />;
}

/** On a phone: one block per field, its name and kind on top, the value before and after under it. */
function DiffList({ rows }: { rows: readonly TDiffRow[] }) {
  const { t } = useTranslation('audit-trail');
  return (
    <Box
      component="ul"
      aria-label={t('diff.label')}
      sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {rows.map((row) => (
        <Box
          component="li"
          key={row.path}
          data-change={row.kind}
          sx={[{ px: 1.5, py: 1, '& + li': { borderTop: 1, borderColor: 'divider' } }, rowTint(row.kind)]}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2" sx={{ ...VALUE_SX, fontWeight: 600 }}>
              {row.path || t('diff.value')}
            </Typography>
            <KindChip kind={row.kind} />
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, m: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('diff.before')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ ...VALUE_SX, m: 0 }}>
              <Value row={row} side="before" />
            </Typography>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('diff.after')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ ...VALUE_SX, m: 0 }}>
              <Value row={row} side="after" />
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The changes an audit event records: a table of its fields (dotted paths) with the value before and after, the added
 * ones green, the removed red and the changed amber, each also named in words; unchanged fields are hidden until the
 * switch shows them.
 */
export function AuditDiffTable({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('audit-trail');
  const rows = useMemo(() => diffSnapshots(before, after), [before, after]);
  const counts = countDiff(rows);
  const [showUnchanged, setShowUnchanged] = useState(false);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const shown = showUnchanged ? rows : rows.filter((r) => r.kind !== 'unchanged');

  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('diff.noChanges')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary" data-testid="diff-summary">
          {t('diff.summary', { changed: counts.changed, added: counts.added, removed: counts.removed })}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={showUnchanged}
              onChange={(event) => setShowUnchanged(event.target.checked)}
              disabled={counts.unchanged === 0}
            />
          }
          label={t('diff.showUnchanged', { count: counts.unchanged })}
          sx={{ mr: 0 }}
        />
      </Stack>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('diff.onlyUnchanged')}
        </Typography>
      ) : phone ? (
        <DiffList rows={shown} />
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={t('diff.label')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '32%' }}>{t('diff.field')}</TableCell>
                <TableCell sx={{ width: '30%' }}>{t('diff.before')}</TableCell>
                <TableCell sx={{ width: '30%' }}>{t('diff.after')}</TableCell>
                <TableCell sx={{ width: 100 }}>{t('diff.change')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={row.path} data-change={row.kind} sx={rowTint(row.kind)}>
                  <TableCell component="th" scope="row" sx={{ ...VALUE_SX, fontWeight: 600 }}>
                    {row.path || t('diff.value')}
                  </TableCell>
                  <TableCell sx={VALUE_SX}>
                    <Value row={row} side="before" />
                  </TableCell>
                  <TableCell sx={VALUE_SX}>
                    <Value row={row} side="after" />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <KindChip kind={row.kind} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
