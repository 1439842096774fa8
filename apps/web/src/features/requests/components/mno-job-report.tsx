import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MNO_JOB_STATUSES } from '@tarang/shared/requests/request.constants';
import { OPERATORS } from '@tarang/shared/sims/identifiers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/list-screen/filter-bar';
import type { TFilter } from '@/components/list-screen/filters';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useMnoJobReport } from '../api/get-mno-jobs';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestMessages } from '../utils/messages';
import { formatDuration } from './insights-dialog';
import { MnoJobsList } from './mno-jobs-table';

/**
 * The MNO job report (spec §2 /report/mno-job-report): per operator and operation, the MNO jobs and their tasks'
 * outcomes over a period; below it every MNO job, to work by hand (SIM list, Mark As Done, Reinitiate).
 */
export function MnoJobReport() {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const [periodFilters, statusFilters] = useMemo(
    (): [TFilter[], TFilter[]] => [
      [
        { kind: 'day', key: 'from', label: t('list.from') },
        { kind: 'day', key: 'to', label: t('list.to') },
        {
          kind: 'select',
          key: 'operator',
          label: t('fields.operator'),
          anyLabel: t('report.anyOperator'),
          options: OPERATORS.map((o) => ({ value: o, label: o })),
        },
      ],
      [
        {
          kind: 'select',
          key: 'status',
          label: t('list.status'),
          anyLabel: t('list.anyStatus'),
          options: MNO_JOB_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          width: 180,
        },
      ],
    ],
    [t],
  );
  const filters = useMemo(() => [...periodFilters, ...statusFilters], [periodFilters, statusFilters]);
  // One address for the report and the list below it: the period and operator narrow both.
  const list = useListController({ paging: 'cursor', filters });
  const { from, to, operator } = list.filter;
  const report = useMnoJobReport({ from, to, operator });
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
        <FilterBar filters={periodFilters} values={list.filter} update={list.update}>
          {report.isFetching && <CircularProgress size={20} aria-label={t('details.loading')} />}
        </FilterBar>
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
      <MnoJobsList list={list} filters={statusFilters} title={t('mno.allTitle')} />
    </Stack>
  );
}
