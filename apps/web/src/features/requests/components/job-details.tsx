import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/date';
import { useJob } from '../api/get-jobs';
import { isFinalStatus } from '../api/get-requests';
import { useLiveProgress } from '../hooks/use-live-progress';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { ChangeStatusDialog } from './change-status-dialog';
import { MnoJobsTable } from './mno-jobs-table';
import { Field } from './request-details';
import { RequestProgress } from './request-progress';
import { requestHref } from './requests-table';
import { TasksTable } from './tasks-table';

/** One batch job (spec §2 /job): live progress, its tasks (View Tasks), its MNO jobs (staff) and Change Status (staff). */
export function JobDetails({ id }: { id: string }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const perms = useRequestPermissions();
  const query = useJob(id);
  const job = query.data;
  const live = useLiveProgress(job?.id, job, true);
  const [changing, setChanging] = useState(false);

  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label={t('details.loading')} />
      </Box>
    );
  }
  if (query.isError || !job) {
    const notFound = (query.error as { status?: number } | null)?.status === 404;
    return (
      <Alert severity={notFound ? 'warning' : 'error'} role="alert">
        {notFound ? t('jobs.notFound') : failure(query.error)}
      </Alert>
    );
  }
  const status = live.status ?? job.status;
  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1 }}>
          <Chip size="small" color="primary" variant="outlined" label={t(`types.${job.type}`, { defaultValue: job.type })} />
          <Chip size="small" label={job.profile || '—'} />
        </Stack>
        {perms.viewRequest && (
          <Button startIcon={<AssignmentOutlined />} component={RouterLink} to={requestHref(job.requestId)}>
            {t('jobs.viewRequest')}
          </Button>
        )}
        {perms.changeJobStatus && !isFinalStatus(status) && (
          <Button variant="outlined" color="error" startIcon={<SyncAltOutlined />} onClick={() => setChanging(true)}>
            {t('actions.changeStatus')}
          </Button>
        )}
      </Stack>
      <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
        <CardContent>
          <RequestProgress status={status} counts={live.counts ?? job.counts} percent={live.percent} live={live.running} />
          {job.statusReason && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('jobs.statusReason', { reason: job.statusReason })}
            </Typography>
          )}
          <Box component="dl" sx={{ m: 0, mt: 2.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <Field label={t('fields.simsCount')}>{number.format(job.simsCount)}</Field>
            <Field label={t('fields.organization')}>{job.organization?.tradeName ?? t('provider')}</Field>
            <Field label={t('fields.createdAt')}>{formatDateTime(job.createdAt)}</Field>
            <Field label={t('fields.scheduledAt')}>{job.scheduledAt ? formatDateTime(job.scheduledAt) : t('details.now')}</Field>
            <Field label={t('fields.startedAt')}>{job.startedAt ? formatDateTime(job.startedAt) : '—'}</Field>
            <Field label={t('fields.finishedAt')}>{job.finishedAt ? formatDateTime(job.finishedAt) : '—'}</Field>
          </Box>
        </CardContent>
      </Card>
      {perms.viewTasks && <TasksTable jobId={job.id} live={live.running} />}
      {perms.mnoJobs && <MnoJobsTable batchJobId={job.batchJobId} title={t('mno.title')} />}
      {changing && <ChangeStatusDialog job={{ ...job, status: status as typeof job.status }} onClose={() => setChanging(false)} />}
    </Stack>
  );
}
