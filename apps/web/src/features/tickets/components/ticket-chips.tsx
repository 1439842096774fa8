import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTicketPriority, TTicketStatus, TTicketSummary } from '@tarang/shared/tickets/ticket.schemas';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date';

type TColor = NonNullable<ChipProps['color']>;

export const TICKET_STATUS_COLOR: Record<TTicketStatus, TColor> = {
  OPEN: 'info',
  IN_PROGRESS: 'primary',
  WAITING_ON_CUSTOMER: 'warning',
  RESOLVED: 'success',
  CLOSED: 'default',
};

export const TICKET_PRIORITY_COLOR: Record<TTicketPriority, TColor> = {
  LOW: 'default',
  MEDIUM: 'info',
  HIGH: 'warning',
  URGENT: 'error',
};

/** Where a ticket stands: filled once it has ended (resolved, closed), outlined while it is worked on. */
export function TicketStatusChip({ status }: { status: TTicketStatus }) {
  const { t } = useTranslation('tickets');
  const ended = status === 'RESOLVED' || status === 'CLOSED';
  return (
    <Chip
      size="small"
      color={TICKET_STATUS_COLOR[status]}
      variant={ended ? 'filled' : 'outlined'}
      label={t(`statuses.${status}`)}
      data-status={status}
    />
  );
}

/** How urgent a ticket is: Urgent and High stand out. */
export function TicketPriorityChip({ priority }: { priority: TTicketPriority }) {
  const { t } = useTranslation('tickets');
  return (
    <Chip
      size="small"
      color={TICKET_PRIORITY_COLOR[priority]}
      variant={priority === 'URGENT' ? 'filled' : 'outlined'}
      label={t(`priorities.${priority}`)}
      data-priority={priority}
    />
  );
}

/** Past its due time: red, filled. */
export function OverdueChip({ dense = false }: { dense?: boolean }) {
  const { t } = useTranslation('tickets');
  return <Chip size="small" color="error" label={t('sla.overdue')} data-testid="overdue" sx={dense ? { height: 20 } : undefined} />;
}

/**
 * The SLA clock of a ticket in one line: its due time in India time, Overdue in red once past it, Paused while the
 * ticket waits on the customer, a dash once resolved or closed.
 */
export function SlaDue({
  ticket,
  stacked = false,
}: {
  ticket: Pick<TTicketSummary, 'slaDueAt' | 'overdue' | 'status'>;
  /** The chip under the time (a narrow list cell). */
  stacked?: boolean;
}) {
  const { t } = useTranslation('tickets');
  if (!ticket.slaDueAt) {
    const paused = ticket.status === 'WAITING_ON_CUSTOMER';
    return (
      <Typography variant="body2" color="text.secondary" component="span" title={paused ? t('sla.paused') : undefined}>
        {paused ? t('sla.pausedShort') : t('sla.done')}
      </Typography>
    );
  }
  return (
    <Stack
      direction={stacked ? 'column' : 'row'}
      spacing={stacked ? 0.25 : 1}
      sx={{ alignItems: stacked ? 'flex-start' : 'center' }}
      component="span"
    >
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(ticket.slaDueAt)}
      </Typography>
      {ticket.overdue && <OverdueChip dense={stacked} />}
    </Stack>
  );
}
