import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import { formatPaise } from '@tarang/shared/format/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import type { TTaskCounts } from '@/features/requests/api/types';
import { jobHref } from '@/features/requests/components/jobs-table';
import { Field } from '@/features/requests/components/request-details';
import { RequestProgress } from '@/features/requests/components/request-progress';
import { requestHref } from '@/features/requests/components/requests-table';
import { JobStatusChip } from '@/features/requests/components/status-chip';
import { useLiveProgress } from '@/features/requests/hooks/use-live-progress';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useCancelActivation } from '../api/cancel-activation';
import { useActivation } from '../api/get-activation';
import { useActivationMessages } from '../utils/messages';
import { CANCELLABLE_STATUSES } from './activations-table';
import { HoldStatusChip } from './status-chips';

/** The task counts the progress bar draws, from the activation's SIMs and its settled counts (the rest still pending). */
export function countsOf(activation: Pick<TActivation, 'simsCount' | 'counts'>): TTaskCounts {
  const { succeeded, failed, cancelled } = activation.counts;
  const queued = Math.max(0, activation.simsCount - succeeded - failed - cancelled);
  return { total: activation.simsCount, queued, inFlight: 0, succeeded, failed, cancelled };
}

function Amount({ label, paise, testId, tone }: { label: string; paise: number; testId: string; tone?: string }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, px: 2, py: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="h3"
        component="div"
        sx={{ fontSize: '1.25rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: tone }}
        data-testid={testId}
      >
        {formatPaise(paise)}
      </Typography>
    </Box>
  );
}

/**
 * One activation (/activation/{id}): the plan and its price, the SIMs' live progress, the money held on the wallet
 * and what became of it (captured for SIMs activated, released for SIMs that failed or were cancelled, what is still
 * held), the request and job it runs as, and Cancel Activation while nothing has reached an operator.
 */
export function ActivationDetails({ id }: { id: string }) {
  const { t } = useTranslation('activations');
  const number = useNumberFormat();
  const { failure, success } = useActivationMessages();
  const canCancel = useCan('activation', 'cancelActivation');
  const canOpenRequest = useCan('request', 'viewDetails');
  const canOpenJob = useCan('job');
  const query = useActivation(id);
  const activation = query.data;
  const base = activation ? { status: activation.status, counts: countsOf(activation) } : undefined;
  const live = useLiveProgress(activation?.request.jobId, base, canOpenJob);
  const cancel = useCancelActivation();
  const [asking, setAsking] = useState(false);

  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label={t('details.loading')} />
      </Box>
    );
  }
  if (query.isError || !activation) {
    const notFound = (query.error as { status?: number } | null)?.status === 404;
    return (
      <Alert severity={notFound ? 'warning' : 'error'} role="alert">
        {notFound ? t('details.notFound') : failure(query.error)}
      </Alert>
    );
  }

  const status = live.status ?? activation.status;
  const { amounts } = activation;
  const cancellable = canCancel && CANCELLABLE_STATUSES.includes(status);

  const doCancel = async () => {
    try {
      const result = await cancel.mutateAsync(id);
      notify.success(success(result.message, 'cancelled'));
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, flexWrap: 'wrap' }} useFlexGap>
          <JobStatusChip status={status} />
          <HoldStatusChip status={activation.holdStatus} />
        </Stack>
        {canOpenRequest && (
          <Button startIcon={<ReceiptLongOutlined />} component={RouterLink} to={requestHref(activation.request.id)}>
            {t('details.viewRequest')}
          </Button>
        )}
        {canOpenJob && (
          <Button startIcon={<WorkOutlined />} component={RouterLink} to={jobHref(activation.request.jobId)}>
            {t('details.viewJob')}
          </Button>
        )}
        {cancellable && (
          <Button color="error" variant="outlined" startIcon={<BlockOutlined />} onClick={() => setAsking(true)}>
            {t('actions.cancel')}
          </Button>
        )}
      </Stack>

      <SectionCard title={t('details.money')}>
        <Box
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
          data-testid="activation-amounts"
        >
          <Amount label={t('fields.held')} paise={amounts.held} testId="amount-held" />
          <Amount label={t('fields.captured')} paise={amounts.captured} testId="amount-captured" tone="success.main" />
          <Amount label={t('fields.released')} paise={amounts.released} testId="amount-released" />
          <Amount
            label={t('fields.remaining')}
            paise={amounts.remaining}
            testId="amount-remaining"
            tone={amounts.remaining > 0 ? 'warning.main' : undefined}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('details.moneyHelp', { price: formatPaise(activation.price) })}
        </Typography>
      </SectionCard>

      <SectionCard title={t('details.progress')}>
        <RequestProgress status={status} counts={live.counts ?? countsOf(activation)} percent={live.percent} live={live.running} />
        {activation.scheduledAt && status === 'QUEUED' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('details.scheduledFor', { at: formatDateTime(activation.scheduledAt) })}
          </Alert>
        )}
      </SectionCard>

      <SectionCard title={t('details.overview')}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          <Field label={t('fields.batchJobId')}>{activation.request.batchJobId}</Field>
          <Field label={t('fields.organization')}>{activation.organization.tradeName}</Field>
          <Field label={t('fields.plan')}>
            {t('details.planWithValidity', {
              plan: activation.plan.name,
              count: activation.plan.validityDays,
              formatted: number.format(activation.plan.validityDays),
            })}
          </Field>
          <Field label={t('fields.price')}>{formatPaise(activation.price)}</Field>
          <Field label={t('fields.simsCount')}>{number.format(activation.simsCount)}</Field>
          <Field label={t('fields.holdStatus')}>{t(`holdStatus.${activation.holdStatus}`)}</Field>
          <Field label={t('fields.createdBy')}>{activation.createdBy?.label || '—'}</Field>
          <Field label={t('fields.createdAt')}>{formatDateTime(activation.createdAt)}</Field>
          <Field label={t('fields.scheduledAt')}>
            {activation.scheduledAt ? formatDateTime(activation.scheduledAt) : t('details.now')}
          </Field>
        </Box>
      </SectionCard>

      <ConfirmDialog
        open={asking}
        title={t('confirm.cancelTitle', { batchJobId: activation.request.batchJobId })}
        text={t('confirm.cancelText', { amount: formatPaise(amounts.remaining) })}
        confirmLabel={t('actions.cancel')}
        danger
        busy={cancel.isPending}
        onConfirm={() => void doCancel()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
