import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MNO_JOB_STATUSES } from '@tarang/shared/requests/request.constants';
import { OPERATORS } from '@tarang/shared/sims/identifiers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/hooks/use-list-params';
import { useMnoJobReport } from '../api/get-mno-jobs';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestMessages } from '../utils/messages';
import { DayField } from './day-field';
import { formatDuration } from './insights-dialog';
import { MnoJobsTable } from './mno-jobs-table';

const KEYS = ['from', 'to', 'operator', 'status', 'batchJobId'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The MNO job report (spec §2 /report/mno-job-report): per operator and operation, the MNO jobs and their tasks'
 * outcomes over a period; below it every MNO job, to work by hand (SIM list, Mark As Done, Reinitiate).
 */
export function MnoJobReport() {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const { params, update } = useListParams({ defaultSort: '-createdAt', sortable: ['createdAt'], filters: KEYS });
  const f = params.filters;
  const from = f.from && DAY.test(f.from) ? f.from : undefined;
  const to = f.to && DAY.test(f.to) ? f.to : undefined;
  const operator = (OPERATORS as readonly string[]).includes(f.operator ?? '') ? f.operator : undefined;
  const status = (MNO_JOB_STATUSES as readonly string[]).includes(f.status ?? '') ? f.status : undefined;
  const report = useMnoJobReport({ from, to, operator });
  const jobsFilter = useMemo(() => ({ from, to, operator, status }), [from, to, operator, status]);
  const rows = report.data ?? [];
  const totals = rows.reduce(
    (sum, r) => ({
      mnoJobs: sum.mnoJobs + r.mnoJobs,
      tasks: sum.tasks + r.tasks,
      succeeded: sum.succeeded + r.succeeded,
      failed: sum.failed + r.failed,
      cancelled: sum.cancelled + r.cancelled,
      pending: sum.pending + r.pending,
      byHand: sum.byHand + r.byHand,
    }),
    { mnoJobs: 0, tasks: 0, succeeded: 0, failed: 0, cancelled: 0, pending: 0, byHand: 0 },
  );
  const n = (v: number) => number.format(v);

  return (
    <Stack spacing={2.5}>
      <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          useFlexGap
          sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}
        >
          <DayField label={t('list.from')} value={from} onChange={(day) => update({ from: day })} />
          <DayField label={t('list.to')} value={to} onChange={(day) => update({ to: day })} />
          <TextField
            select
            size="small"
            label={t('fields.operator')}
            value={operator ?? ''}
            onChange={(e) => update({ operator: e.target.value || null })}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t('report.anyOperator')}</MenuItem>
            {OPERATORS.map((o) => (
              <MenuItem key={o} value={o}>
                {o}
              </MenuItem>
            ))}
          </TextField>
          {report.isFetching && <CircularProgress size={20} aria-label={t('details.loading')} />}
        </Stack>
        {report.isError && (
          <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
            {failure(report.error)}
          </Typography>
        )}
        {/* Wider than a phone: keyboard users reach it with Tab and scroll it with the arrow keys. */}
        <TableContainer tabIndex={0} role="region" aria-label={t('report.label')} sx={{ borderTop: 1, borderColor: 'divider' }}>
          <Table size="small" aria-label={t('report.label')} data-testid="mno-report">
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.operator')}</TableCell>
                <TableCell>{t('fields.operation')}</TableCell>
                <TableCell align="right">{t('report.mnoJobs')}</TableCell>
                <TableCell align="right">{t('report.tasks')}</TableCell>
                <TableCell align="right">{t('counts.succeeded')}</TableCell>
                <TableCell align="right">{t('counts.failed')}</TableCell>
                <TableCell align="right">{t('counts.cancelled')}</TableCell>
                <TableCell align="right">{t('report.pending')}</TableCell>
                <TableCell align="right">{t('report.byHand')}</TableCell>
                <TableCell align="right">{t('report.successPercent')}</TableCell>
                <TableCell align="right">{t('report.avgTime')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && !report.isPending && (
                <TableRow>
                  <TableCell colSpan={11}>
                    <Box sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>{t('report.empty')}</Box>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={`${r.operator}-${r.operation}`}>
                  <TableCell sx={{ fontWeight: 600 }}>{r.operator}</TableCell>
                  <TableCell>{t(`types.${r.operation}`, { defaultValue: r.operation })}</TableCell>
                  <TableCell align="right">{n(r.mnoJobs)}</TableCell>
                  <TableCell align="right">{n(r.tasks)}</TableCell>
                  <TableCell align="right">{n(r.succeeded)}</TableCell>
                  <TableCell align="right">{n(r.failed)}</TableCell>
                  <TableCell align="right">{n(r.cancelled)}</TableCell>
                  <TableCell align="right">{n(r.pending)}</TableCell>
                  <TableCell align="right">{n(r.byHand)}</TableCell>
                  <TableCell align="right">{t('progress.percent', { percent: n(r.successPercent) })}</TableCell>
                  <TableCell align="right">{r.avgMs === null ? '—' : formatDuration(r.avgMs, t)}</TableCell>
                </TableRow>
              ))}
              {rows.length > 1 && (
                <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                  <TableCell colSpan={2}>{t('report.total')}</TableCell>
                  <TableCell align="right">{n(totals.mnoJobs)}</TableCell>
                  <TableCell align="right">{n(totals.tasks)}</TableCell>
                  <TableCell align="right">{n(totals.succeeded)}</TableCell>
                  <TableCell align="right">{n(totals.failed)}</TableCell>
                  <TableCell align="right">{n(totals.cancelled)}</TableCell>
                  <TableCell align="right">{n(totals.pending)}</TableCell>
                  <TableCell align="right">{n(totals.byHand)}</TableCell>
                  <TableCell align="right">
                    {t('progress.percent', { percent: n(totals.tasks ? Math.round((1000 * totals.succeeded) / totals.tasks) / 10 : 0) })}
                  </TableCell>
                  <TableCell />
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      <MnoJobsTable
        filter={jobsFilter}
        title={t('mno.allTitle')}
        toolbar={
          <TextField
            select
            size="small"
            label={t('list.status')}
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value || null })}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('list.anyStatus')}</MenuItem>
            {MNO_JOB_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
    </Stack>
  );
}
