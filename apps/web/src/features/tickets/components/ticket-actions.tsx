import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TICKET_DONE_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TTicket,
  type TTicketUpdate,
} from '@tarang/shared/tickets/ticket.schemas';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useTicketAssignees } from '../api/get-ticket-assignees';
import { useUpdateTicket } from '../api/update-ticket';
import { useTicketMessages } from '../utils/messages';

/**
 * What the reader may do with a ticket. Staff: set its status and priority, give it to one of the staff who work tickets
 * or take it (Assign to me), or let it go (Unassign). The organisation: Resolve it, Close it, or Reopen it once resolved or closed. Each change is said, and
 * the ticket shown as the server answered it.
 */
export function TicketActions({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation('tickets');
  const { failure } = useTicketMessages();
  const { user } = useSignedIn();
  const staff = user.organization === null;
  const update = useUpdateTicket();
  const assignees = useTicketAssignees(staff);

  const change = async (body: TTicketUpdate, done: string) => {
    try {
      await update.mutateAsync({ id: ticket.id, body });
      notify.success(done);
    } catch (error) {
      notify.error(failure(error));
    }
  };
  const setStatus = (status: TTicket['status']) => change({ status }, t('changed.status', { status: t(`statuses.${status}`) }));

  if (staff) {
    const mine = ticket.assignee?.id === user.id;
    return (
      <Stack spacing={2} data-testid="ticket-actions">
        <TextField
          select
          size="small"
          label={t('fields.status')}
          value={ticket.status}
          disabled={update.isPending}
          onChange={(event) => void setStatus(event.target.value as TTicket['status'])}
        >
          {TICKET_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('fields.priority')}
          value={ticket.priority}
          disabled={update.isPending}
          onChange={(event) => {
            const priority = event.target.value as TTicket['priority'];
            void change({ priority }, t('changed.priority', { priority: t(`priorities.${priority}`) }));
          }}
        >
          {TICKET_PRIORITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`priorities.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('fields.assignee')}
          value={ticket.assignee?.id ?? ''}
          disabled={update.isPending || !assignees.data}
          onChange={(event) => {
            const id = event.target.value || null;
            void change({ assigneeId: id }, id ? t('changed.assigned') : t('changed.unassigned'));
          }}
        >
          <MenuItem value="">{t('fields.nobody')}</MenuItem>
          {(assignees.data ?? (ticket.assignee ? [ticket.assignee] : [])).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.label}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {!mine && (
            <Button
              variant="outlined"
              startIcon={<PersonAddAltOutlined />}
              disabled={update.isPending}
              onClick={() => void change({ assigneeId: user.id }, t('changed.assigned'))}
            >
              {t('actions.assignToMe')}
            </Button>
          )}
          {ticket.assignee && (
            <Button
              color="inherit"
              startIcon={<PersonRemoveOutlined />}
              disabled={update.isPending}
              onClick={() => void change({ assigneeId: null }, t('changed.unassigned'))}
            >
              {t('actions.unassign')}
            </Button>
          )}
        </Stack>
      </Stack>
    );
  }

  const done = TICKET_DONE_STATUSES.includes(ticket.status);
  return (
    <Stack spacing={1.5} data-testid="ticket-actions">
      <Typography variant="body2" color="text.secondary">
        {t('details.customerActions')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {!done && (
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckCircleOutlineOutlined />}
            disabled={update.isPending}
            onClick={() => void setStatus('RESOLVED')}
          >
            {t('actions.resolve')}
          </Button>
        )}
        {ticket.status !== 'CLOSED' && (
          <Button variant="outlined" startIcon={<LockOutlined />} disabled={update.isPending} onClick={() => void setStatus('CLOSED')}>
            {t('actions.close')}
          </Button>
        )}
        {done && (
          <Button variant="outlined" startIcon={<ReplayOutlined />} disabled={update.isPending} onClick={() => void setStatus('OPEN')}>
            {t('actions.reopen')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
