import BlockOutlined from '@mui/icons-material/BlockOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { useSignedIn } from '@/lib/auth';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useRequest } from '../api/get-request';
import { useCheckpoints } from '../api/get-request-parts';
import { isFinalStatus } from '../api/get-requests';
import { useCancelRequest } from '../api/request-actions';
import type { TRequest } from '../api/types';
import { useLiveProgress } from '../hooks/use-live-progress';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { unwatchRequest, watchedRequests, watchRequest } from '../utils/watched-requests';
import { CheckpointsTimeline } from './checkpoints-timeline';
import { CloseRequestDialog } from './close-request-dialog';
import { InsightsDialog } from './insights-dialog';
import { jobHref } from './jobs-table';
import { MessageThread } from './message-thread';
import { MnoJobsTable } from './mno-jobs-table';
import { RequestProgress } from './request-progress';
import { TasksTable } from './tasks-table';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function TargetText({ request }: { request: TRequest }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const target = request.target;
  if (target.iccids) {
    const more = (target.iccidCount ?? target.iccids.length) - target.iccids.length;
    return (
      <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
        {target.iccids.map((iccid) => (
          <Chip
            key={iccid}
            size="small"
            label={iccid}
            component="span"
            sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
          />
        ))}
        {more > 0 && (
          <Chip size="small" variant="outlined" component="span" label={t('details.more', { formatted: number.format(more) })} />
        )}
      </Box>
    );
  }
  return <>{t('details.byFilter', { filter: JSON.stringify(target.filter ?? {}) })}</>;
}

/**
 * One request (spec §2 /request, View Details): live progress, what was asked, the workflow checkpoints, the message
 * thread, the SIMs' tasks, the MNO jobs (staff) and the actions the role allows — Cancel Request, Close Request,
 * Checkpoint Modify, Respond Request, Request Automation Insights.
 */
export function RequestDetails({ id }: { id: string }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure, message } = useRequestMessages();
  const perms = useRequestPermissions();
  const { user } = useSignedIn();
  const query = useRequest(id, { live: !perms.job });
  const request = query.data;
  const live = useLiveProgress(request?.jobId, request, perms.job);
  const checkpoints = useCheckpoints(id, live.running ? 3000 : false);
  const cancel = useCancelRequest();
  const [dialog, setDialog] = useState<'cancel' | 'close' | 'insights' | null>(null);

  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label={t('details.loading')} />
      </Box>
    );
  }
  if (query.isError || !request) {
    const notFound = (query.error as { status?: number } | null)?.status === 404;
    return (
      <Alert severity={notFound ? 'warning' : 'error'} role="alert">
        {notFound ? t('details.notFound') : failure(query.error)}
      </Alert>
    );
  }
  const status = live.status ?? request.status;
  const ended = isFinalStatus(status);
  // Once part of it has reached an operator the server refuses to cancel (the "Sent to operator" checkpoint says so).
  const sent = checkpoints.data?.some((c) => c.step === 'SENT_TO_OPERATOR' && c.doneAt !== null) ?? false;
  const closed = request.closedAt !== null;

  const doCancel = async () => {
    // The user ends it themselves: no "has finished" toast for it. Unfollowed before the call, because the saved
    // request refreshes every read of requests, the watcher's among them, before the call returns here.
    const followed = watchedRequests(user.id).find((w) => w.id === id);
    unwatchRequest(user.id, id);
    try {
      const result = await cancel.mutateAsync(id);
      notify.success(message(result.message) || t('messages.cancelled'));
    } catch (error) {
      if (followed) watchRequest(user.id, followed);
      notify.error(failure(error));
    } finally {
      setDialog(null);
    }
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, flexWrap: 'wrap' }} useFlexGap>
          <Chip size="small" color="primary" variant="outlined" label={t(`types.${request.type}`, { defaultValue: request.type })} />
          <Chip size="small" label={request.profile || '—'} />
          {closed && <Chip size="small" icon={<LockOutlined />} label={t('details.closed')} />}
        </Stack>
        {perms.job && (
          <Button startIcon={<WorkOutlined />} component={RouterLink} to={jobHref(request.jobId)}>
            {t('details.viewJob')}
          </Button>
        )}
        {perms.insights && (
          <Button startIcon={<InsightsOutlined />} onClick={() => setDialog('insights')}>
            {t('actions.insights')}
          </Button>
        )}
        {perms.cancelRequest && !ended && !closed && !sent && (
          <Button color="error" variant="outlined" startIcon={<BlockOutlined />} onClick={() => setDialog('cancel')}>
            {t('actions.cancel')}
          </Button>
        )}
        {perms.closeRequest && ended && !closed && (
          <Button variant="contained" startIcon={<LockOutlined />} onClick={() => setDialog('close')}>
            {t('actions.close')}
          </Button>
        )}
      </Stack>

      <SectionCard title={t('details.progress')}>
        <RequestProgress status={status} counts={live.counts ?? request.counts} percent={live.percent} live={live.running} />
        {request.scheduledAt && !request.startedAt && !ended && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('details.scheduledFor', { at: formatDateTime(request.scheduledAt) })}
          </Alert>
        )}
      </SectionCard>

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={2.5}>
          <SectionCard title={t('details.overview')}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Field label={t('fields.batchJobId')}>{request.batchJobId}</Field>
              <Field label={t('fields.simsCount')}>{number.format(request.simsCount)}</Field>
              <Field label={t('fields.organization')}>{request.organization?.tradeName ?? t('provider')}</Field>
              <Field label={t('fields.createdBy')}>{request.createdBy.label}</Field>
              <Field label={t('fields.createdAt')}>{formatDateTime(request.createdAt)}</Field>
              <Field label={t('fields.scheduledAt')}>{request.scheduledAt ? formatDateTime(request.scheduledAt) : t('details.now')}</Field>
              <Field label={t('fields.startedAt')}>{request.startedAt ? formatDateTime(request.startedAt) : '—'}</Field>
              <Field label={t('fields.finishedAt')}>{request.finishedAt ? formatDateTime(request.finishedAt) : '—'}</Field>
              <Field label={t('fields.reason')}>{request.reason ?? '—'}</Field>
              {closed && <Field label={t('fields.closedAt')}>{formatDateTime(request.closedAt!)}</Field>}
            </Box>
            <Box component="dl" sx={{ m: 0, mt: 2 }}>
              <Field label={t('details.sims')}>
                <TargetText request={request} />
              </Field>
            </Box>
          </SectionCard>
          <MessageThread requestId={id} canRespond={perms.respondRequest} closed={closed} />
        </Stack>
        {checkpoints.data ? (
          <CheckpointsTimeline requestId={id} checkpoints={checkpoints.data} canModify={perms.checkpointModify && !closed} />
        ) : checkpoints.isError ? (
          <Alert severity="error">{failure(checkpoints.error)}</Alert>
        ) : null}
      </Box>

      {perms.viewTasks && <TasksTable jobId={request.jobId} live={live.running} />}
      {perms.mnoJobs && <MnoJobsTable batchJobId={request.batchJobId} title={t('mno.title')} />}

      <ConfirmDialog
        open={dialog === 'cancel'}
        title={t('confirm.cancelTitle', { batchJobId: request.batchJobId })}
        text={t('confirm.cancelText')}
        confirmLabel={t('actions.cancel')}
        danger
        busy={cancel.isPending}
        onConfirm={() => void doCancel()}
        onClose={() => setDialog(null)}
      />
      {dialog === 'close' && <CloseRequestDialog request={request} onClose={() => setDialog(null)} />}
      {dialog === 'insights' && <InsightsDialog requestId={id} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
