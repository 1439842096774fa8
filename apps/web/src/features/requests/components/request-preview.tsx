import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { REQUEST_ROWS_REPORTED_MAX } from '@tarang/shared/requests/request.constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRequestPreview } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { sourceRow, type TIccidList } from '../utils/iccid-list';
import { useRequestMessages } from '../utils/messages';

/** One row the request leaves out: from the server's validation, or a value of the list that is not an ICCID. */
export type TPreviewRow = { row: number | null; iccid: string; problem: string };

/** The rows to show: values that are not ICCIDs and the server's rows, in the user's row order. */
export function previewRows(
  preview: TRequestPreview,
  list: TIccidList | null,
  translate: (reason: string, mapRow: (n: number) => number) => string,
  notIccid: string,
): TPreviewRow[] {
  const mapRow = (n: number) => (list ? (sourceRow(list, n) ?? n) : n);
  const local: TPreviewRow[] = (list?.issues ?? []).map((i) => ({ row: i.row, iccid: i.value, problem: notIccid }));
  const server: TPreviewRow[] = preview.rows.map((r) => ({
    row: list ? sourceRow(list, r.row) : r.row,
    iccid: r.iccid,
    problem: translate(r.reason, mapRow),
  }));
  const rows = [...local, ...server];
  return rows.every((r) => r.row !== null) ? rows.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)) : rows;
}

type TRequestPreviewProps = {
  preview: TRequestPreview;
  /**
   * The ICCID list sent (null for a file or a filter): row numbers are the user's, and its non-ICCIDs are counted as
   * left out.
   */
  list: TIccidList | null;
  /** The SIMs came from an uploaded file: the server's rows are the file's row numbers. */
  fileRows?: boolean;
};

/** The per-SIM validation of a request: how many SIMs can take it, by operator, and each one left out with why. */
export function RequestPreview({ preview, list, fileRows = false }: TRequestPreviewProps) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { message } = useRequestMessages();
  const rows = useMemo(
    () => previewRows(preview, list, (reason, mapRow) => message(reason, mapRow), t('preview.notIccid')),
    [preview, list, message, t],
  );
  const invalid = preview.invalid + (list?.issues.length ?? 0);
  const total = preview.total + (list?.issues.length ?? 0);
  const action = t(`types.${preview.type}`);
  const shown = rows.length;
  const numbered = list !== null || fileRows;
  return (
    <Stack spacing={2} data-testid="request-preview">
      <Alert
        severity={preview.valid === 0 ? 'error' : invalid > 0 ? 'warning' : 'success'}
        icon={preview.valid === 0 || invalid > 0 ? <ErrorOutlineOutlined /> : <CheckCircleOutlined />}
        data-testid="preview-summary"
      >
        {preview.valid === 0
          ? t('preview.noneValid', { total: number.format(total), action })
          : invalid > 0
            ? t('preview.someInvalid', {
                valid: number.format(preview.valid),
                total: number.format(total),
                invalid: number.format(invalid),
                action,
              })
            : t('preview.allValid', { count: preview.valid, formatted: number.format(preview.valid), action })}
      </Alert>
      {preview.valid > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('preview.byOperator')}
          </Typography>
          {Object.entries(preview.operators).map(([operator, n]) => (
            <Chip key={operator} size="small" label={`${operator} · ${number.format(n)}`} />
          ))}
          {preview.profile && (
            <Chip size="small" variant="outlined" color="primary" label={t('preview.profile', { profile: preview.profile })} />
          )}
        </Stack>
      )}
      {list === null && Object.keys(preview.reasons).length > 0 && (
        <Stack spacing={0.5}>
          {Object.entries(preview.reasons).map(([reason, n]) => (
            <Typography key={reason} variant="body2">
              {t('preview.reasonCount', { count: n, formatted: number.format(n), reason: message(reason) })}
            </Typography>
          ))}
        </Stack>
      )}
      {shown > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('preview.rowsTitle')}
          </Typography>
          {/* It scrolls: keyboard users reach it with Tab and scroll it with the arrow keys. */}
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={t('preview.rowsTitle')}
            sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" stickyHeader aria-label={t('preview.rowsTitle')} data-testid="preview-rows">
              <TableHead>
                <TableRow>
                  {numbered && <TableCell sx={{ width: 80 }}>{t('preview.row')}</TableCell>}
                  <TableCell sx={{ width: 240 }}>{t('fields.iccid')}</TableCell>
                  <TableCell>{t('preview.problem')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={`${r.row}-${r.iccid}-${r.problem}`}>
                    {numbered && <TableCell>{r.row ?? '—'}</TableCell>}
                    <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>{r.iccid}</TableCell>
                    <TableCell>{r.problem}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {preview.invalid > preview.rows.length && (
            <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, display: 'block' }}>
              {t('preview.rowsCapped', { shown: number.format(REQUEST_ROWS_REPORTED_MAX), total: number.format(preview.invalid) })}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
