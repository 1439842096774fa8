import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TReportDeclaration } from '@tarang/shared/reports/report-catalogue';
import type { TReportAlert, TReportSchedule } from '@tarang/shared/reports/report-schedule.schemas';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import {
  downloadRun,
  useAlerts,
  useDeleteAlert,
  useDeleteSchedule,
  useRunScheduleNow,
  useSchedules,
  useUpdateSchedule,
} from '../api/saved-reports';
import { useReportMessages } from '../utils/messages';

/** When a schedule runs, in words: "Daily at 07:00 IST", "Mondays at 09:00 IST". */
function whenText(s: TReportSchedule, t: (key: string, values?: Record<string, unknown>) => string): string {
  const hour = `${String(s.hour).padStart(2, '0')}:00`;
  return s.frequency === 'DAILY' ? t('saved.dailyAt', { hour }) : t('saved.weeklyAt', { day: t(`saved.weekdays.${s.weekday}`), hour });
}

/**
 * The report's schedules and alerts in the caller's reach, under its grid: when each runs, its last file (to download),
 * Run now, Pause or Resume and Delete; each alert's condition and whether it is true now.
 */
export function SavedReportsPanel({ report }: { report: TReportDeclaration }) {
  const { t } = useTranslation('reports');
  const { failure } = useReportMessages();
  const schedules = useSchedules(report.id);
  const alerts = useAlerts(report.id);
  const runNow = useRunScheduleNow();
  const update = useUpdateSchedule();
  const removeSchedule = useDeleteSchedule();
  const removeAlert = useDeleteAlert();
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify.success(done);
    } catch (error) {
      notify.error(failure(error));
    }
  };
  const scheduleRows: TReportSchedule[] = schedules.data ?? [];
  const alertRows: TReportAlert[] = alerts.data ?? [];
  if (!scheduleRows.length && !alertRows.length) return null;

  return (
    <Card elevation={0} sx={{ mt: 3, border: 1, borderColor: 'divider' }} data-testid="saved-reports">
      {scheduleRows.length > 0 && (
        <Box sx={{ p: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
            {t('saved.schedulesHeading')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('saved.schedulesHeading')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('saved.name')}</TableCell>
                  <TableCell>{t('saved.when')}</TableCell>
                  <TableCell>{t('saved.nextRun')}</TableCell>
                  <TableCell>{t('saved.lastRun')}</TableCell>
                  <TableCell align="right">{t('saved.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {scheduleRows.map((s) => (
                  <TableRow key={s.id} data-testid={`schedule-${s.id}`}>
                    <TableCell>
                      {s.name}
                      {s.organization ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {s.organization.tradeName}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {whenText(s, t)} · {s.format.toUpperCase()}
                      {!s.enabled && <Chip size="small" label={t('saved.paused')} sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>{s.enabled ? formatDateTime(s.nextRunAt) : '—'}</TableCell>
                    <TableCell>
                      {s.lastRun ? (
                        s.lastRun.status === 'DONE' ? (
                          <Button
                            size="small"
                            sx={{ textAlign: 'left' }}
                            onClick={() => act(() => downloadRun(s.lastRun!.id, s.lastRun!.fileName), t('saved.downloaded'))}
                          >
                            {t('saved.download', { rows: s.lastRun.rows.toLocaleString('en-IN'), at: formatDateTime(s.lastRun.createdAt) })}
                          </Button>
                        ) : (
                          t(`saved.runStatus.${s.lastRun.status}`)
                        )
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Button size="small" onClick={() => act(() => runNow.mutateAsync(s.id), t('saved.runStarted'))}>
                          {t('saved.runNow')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() =>
                            act(
                              () => update.mutateAsync({ id: s.id, enabled: !s.enabled }),
                              s.enabled ? t('saved.pausedNotice') : t('saved.resumedNotice'),
                            )
                          }
                        >
                          {s.enabled ? t('saved.pause') : t('saved.resume')}
                        </Button>
                        <Button size="small" color="error" onClick={() => act(() => removeSchedule.mutateAsync(s.id), t('saved.deleted'))}>
                          {t('saved.delete')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
      {alertRows.length > 0 && (
        <Box sx={{ p: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
            {t('saved.alertsHeading')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('saved.alertsHeading')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('saved.name')}</TableCell>
                  <TableCell>{t('saved.condition')}</TableCell>
                  <TableCell>{t('saved.state')}</TableCell>
                  <TableCell>{t('saved.lastChecked')}</TableCell>
                  <TableCell align="right">{t('saved.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {alertRows.map((a) => (
                  <TableRow key={a.id} data-testid={`alert-${a.id}`}>
                    <TableCell>{a.name}</TableCell>
                    <TableCell>
                      {t('saved.conditionText', { threshold: a.threshold, every: t(`saved.every.${a.checkEveryMinutes}`) })}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={a.state === 'TRIGGERED' ? 'warning' : 'default'}
                        label={a.state === 'TRIGGERED' ? t('saved.triggered') : t('saved.ok')}
                      />
                    </TableCell>
                    <TableCell>{a.lastCheckedAt ? formatDateTime(a.lastCheckedAt) : t('saved.notYet')}</TableCell>
                    <TableCell align="right">
                      <Button size="small" color="error" onClick={() => act(() => removeAlert.mutateAsync(a.id), t('saved.deleted'))}>
                        {t('saved.delete')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Card>
  );
}
