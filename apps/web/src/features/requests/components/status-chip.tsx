import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const JOB_COLORS: Record<string, ChipProps['color']> = {
  QUEUED: 'default',
  RUNNING: 'info',
  WAITING_OPERATOR: 'info',
  COMPLETED: 'success',
  PARTIAL: 'warning',
  FAILED: 'error',
  CANCELLED: 'default',
};

const TASK_COLORS: Record<string, ChipProps['color']> = {
  QUEUED: 'default',
  PENDING: 'info',
  SUBMITTING: 'info',
  SUBMITTED: 'info',
  SUCCEEDED: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};

/** The status of a request, batch job or MNO job. */
export function JobStatusChip({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) {
  const { t } = useTranslation('requests');
  return (
    <Chip
      size={size}
      color={JOB_COLORS[status] ?? 'default'}
      variant={status === 'CANCELLED' ? 'outlined' : 'filled'}
      label={t(`status.${status}`, { defaultValue: status })}
      data-status={status}
    />
  );
}

/** The status of one SIM's task. */
export function TaskStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('requests');
  return (
    <Chip
      size="small"
      color={TASK_COLORS[status] ?? 'default'}
      variant={status === 'CANCELLED' || status === 'QUEUED' ? 'outlined' : 'filled'}
      label={t(`taskStatus.${status}`, { defaultValue: status })}
    />
  );
}
