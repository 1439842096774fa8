import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTicket } from '@tarang/shared/tickets/ticket.schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { SectionCard } from '@/components/ui/section-card';
import { requestHref } from '@/features/requests/components/requests-table';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { useTicket } from '../api/get-ticket';
import { useTicketMessages } from '../utils/messages';
import { TicketActions } from './ticket-actions';
import { TicketAttachments } from './ticket-attachments';
import { OverdueChip, TicketPriorityChip, TicketStatusChip } from './ticket-chips';
import { TicketThread } from './ticket-thread';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

const simHref = (iccid: string) => `/sim-details?number=${encodeURIComponent(iccid)}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The SLA line of the head: due when, overdue since when, paused, or when it was resolved or closed. */
function SlaText({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation('tickets');
  if (ticket.slaDueAt) {
    return ticket.overdue ? (
      <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
        {t('details.overdueSince', { at: formatDateTime(ticket.slaDueAt) })}
      </Box>
    ) : (
      t('details.dueAt', { at: formatDateTime(ticket.slaDueAt) })
    );
  }
  if (ticket.status === 'WAITING_ON_CUSTOMER') return t('sla.paused');
  if (ticket.closedAt) return t('details.closedAt', { at: formatDateTime(ticket.closedAt) });
  if (ticket.resolvedAt) return t('details.resolvedAt', { at: formatDateTime(ticket.resolvedAt) });
  return t('sla.done');
}

/**
 * The head of a ticket: its subject, chips for status, priority, category and Overdue, who raised it, when, for whom,
 * the SLA and the assignee; beside them (under them on a phone) what the reader may do with it.
 */
function TicketHead({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation('tickets');
  const { user } = useSignedIn();
  const staff = user.organization === null;
  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <CardContent sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' } }}>
        <Box sx={{ minWidth: 0 }} data-testid="ticket-head">
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="body2" sx={{ fontFamily: MONO, fontWeight: 700 }}>
              {ticket.number}
            </Typography>
            <TicketStatusChip status={ticket.status} />
            <TicketPriorityChip priority={ticket.priority} />
            <Chip size="small" variant="outlined" label={t(`categories.${ticket.category}`)} />
            {ticket.overdue && <OverdueChip />}
          </Stack>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, wordBreak: 'break-word' }}>
            {ticket.subject}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, m: 0, mt: 2 }}
          >
            {staff && <Fact label={t('fields.organization')}>{ticket.organization.tradeName}</Fact>}
            <Fact label={t('fields.createdBy')}>
              {ticket.createdBy.label} · {t(`sides.${ticket.createdBy.side}`)}
            </Fact>
            <Fact label={t('fields.createdAt')}>{formatDateTime(ticket.createdAt)}</Fact>
            <Fact label={t('fields.assignee')}>{ticket.assignee?.label ?? t('details.unassigned')}</Fact>
            <Fact label={t('fields.slaDueAt')}>
              <SlaText ticket={ticket} />
            </Fact>
            <Fact label={t('fields.updatedAt')}>{formatDateTime(ticket.updatedAt)}</Fact>
          </Box>
        </Box>
        <Box
          component="section"
          aria-labelledby="ticket-actions-title"
          sx={{
            minWidth: 0,
            borderColor: 'divider',
            borderStyle: 'solid',
            borderWidth: 0,
            borderTopWidth: { xs: 1, lg: 0 },
            borderLeftWidth: { xs: 0, lg: 1 },
            pt: { xs: 2, lg: 0 },
            pl: { xs: 0, lg: 3 },
          }}
        >
          <Typography id="ticket-actions-title" variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
            {t('details.actions')}
          </Typography>
          <TicketActions ticket={ticket} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** The SIMs and requests the ticket is about, each a link to its page when the role may open it. */
function TicketLinks({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation(['tickets', 'requests']);
  // The SIM's page reads the SIM with the inventory's View Details.
  const canOpenSimPage = useCan('sim-details');
  const canReadSim = useCan('sim-inventory', 'viewDetails');
  const canViewSim = canOpenSimPage && canReadSim;
  const canViewRequest = useCan('request', 'viewDetails');
  if (ticket.sims.length === 0 && ticket.requests.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('details.nothingLinked')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {ticket.sims.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('details.sims')}
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('details.sims')}>
            {ticket.sims.map((sim) => (
              <Box component="li" key={sim.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                {canViewSim ? (
                  <Link to={simHref(sim.iccid)} aria-label={t('actions.openSim', { iccid: sim.iccid })} sx={{ fontFamily: MONO }}>
                    {sim.iccid}
                  </Link>
                ) : (
                  <Typography variant="body2" sx={{ fontFamily: MONO }}>
                    {sim.iccid}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary">
                  {t(`requests:simStatus.${sim.status}`, { defaultValue: sim.status })}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      {ticket.requests.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('details.requests')}
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('details.requests')}>
            {ticket.requests.map((r) => {
              const name = r.batchJobId ?? r.id;
              return (
                <Box component="li" key={r.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {canViewRequest ? (
                    <Link to={requestHref(r.id)} aria-label={t('actions.openRequest', { batchJobId: name })} sx={{ fontFamily: MONO }}>
                      {name}
                    </Link>
                  ) : (
                    <Typography variant="body2" sx={{ fontFamily: MONO }}>
                      {name}
                    </Typography>
                  )}
                  <Typography variant="caption" color="text.secondary">
                    {t(`requests:types.${r.type}`, { defaultValue: r.type })}
                  </Typography>
                </Box>
              );
            })}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

type TTicketDetailsProps = {
  id: string;
  /** How the diagnosis kept with the ticket is drawn (the diagnosis feature's snapshot, given by the page). */
  diagnosis?: (snapshot: Record<string, unknown>) => ReactNode;
};

/**
 * One ticket (spec /tickets/{id}): its head (number, subject, status, priority, organisation, SLA, assignee), the
 * conversation with the reply box, the actions the reader may take, its files, the SIMs and requests it is about and
 * the diagnosis it was raised with. Read again every few seconds, and at once after each change.
 */
export function TicketDetails({ id, diagnosis }: TTicketDetailsProps) {
  const { t } = useTranslation('tickets');
  const { failure } = useTicketMessages();
  const query = useTicket(id);
  const ticket = query.data;

  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('details.titlePlain')} />
      </Box>
    );
  }
  if (!ticket) {
    const notFound = (query.error as { status?: number } | null)?.status === 404;
    return (
      <Alert severity={notFound ? 'warning' : 'error'} role="alert">
        {notFound ? t('details.notFound') : failure(query.error)}
      </Alert>
    );
  }
  return (
    <Stack spacing={2.5} data-ticket-status={ticket.status}>
      <TicketHead ticket={ticket} />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <TicketThread ticket={ticket} />
          <TicketAttachments ticket={ticket} />
        </Stack>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <SectionCard title={t('details.linked')}>
            <TicketLinks ticket={ticket} />
          </SectionCard>
          {ticket.diagnosis && diagnosis && <SectionCard title={t('details.diagnosis')}>{diagnosis(ticket.diagnosis)}</SectionCard>}
        </Stack>
      </Box>
    </Stack>
  );
}
