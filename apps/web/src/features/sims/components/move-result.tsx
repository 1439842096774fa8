import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TSimBatchResult } from '@tarang/shared/sims/sim.schemas';
import { useTranslation } from 'react-i18next';
import type { TMoveKind } from '../api/move-sims';
import { useNumberFormat } from '../hooks/use-number-format';
import { useSimMessages } from '../utils/messages';

/** What an allocation or roll-back did: how many moved, and the named SIMs that did not, with why. */
export function MoveResult({ kind, result, targetName }: { kind: TMoveKind; result: TSimBatchResult; targetName: string }) {
  const { t } = useTranslation('sims');
  const number = useNumberFormat();
  const { message } = useSimMessages();
  const op = result.operation;
  const unnamed = Math.max(0, op.skipped - result.skipped.length);
  if (op.status === 'FAILED') {
    return (
      <Alert severity="error" role="alert">
        {t('move.failed', { error: op.error ? message(op.error) : '' })}
      </Alert>
    );
  }
  return (
    <Box>
      <Alert severity={op.succeeded > 0 ? 'success' : 'warning'} sx={{ mb: 2 }}>
        {t(kind === 'allocate' ? 'move.allocated' : 'move.rolledBack', {
          count: op.succeeded,
          formatted: number.format(op.succeeded),
          name: targetName,
        })}
      </Alert>
      {op.skipped > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('move.skipped', { count: op.skipped, formatted: number.format(op.skipped) })}
          </Typography>
          {result.skipped.length > 0 && <RefusedSimsTable refused={result.skipped} />}
          {unnamed > 0 && result.skipped.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('move.moreSkipped', { count: unnamed, formatted: number.format(unnamed) })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

/** Named SIMs an action left alone, each with why: after a partial success, or when none could take it (a 422). */
export function RefusedSimsTable({ refused }: { refused: { iccid: string; reason: string }[] }) {
  const { t } = useTranslation('sims');
  const { message } = useSimMessages();
  return (
    <Box sx={{ maxHeight: 240, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={t('move.skippedTable')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.iccid')}</TableCell>
            <TableCell>{t('move.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {refused.map((s) => (
            <TableRow key={s.iccid}>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{s.iccid}</TableCell>
              <TableCell>{message(s.reason)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The refused SIMs of a 422 from a bulk action (docs/decisions/022-bulk-action-outcomes.md): each error names the SIM's
 * place in the body's list (`iccids.3`) and says `<iccid>: <reason>`.
 */
export function refusedSimsOf(error: unknown): { iccid: string; reason: string }[] {
  const errors = (error as { status?: number; errors?: { path: string; message: string }[] } | null)?.errors;
  if ((error as { status?: number } | null)?.status !== 422 || !errors) return [];
  return errors.flatMap((e) => {
    const match = /^(\d{18,22}): (.+)$/s.exec(e.message);
    return /^(iccids|sims)\.\d+/.test(e.path) && match ? [{ iccid: match[1]!, reason: match[2]! }] : [];
  });
}
