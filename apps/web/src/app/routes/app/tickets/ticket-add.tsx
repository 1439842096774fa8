import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { RaiseTicketForm } from '@/features/tickets/components/raise-ticket-form';
import { ticketHref } from '@/features/tickets/components/tickets-table';
import { useCan } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['tickets', 'ui']);

const LIST = '/tickets';
const ICCID = /^\d{19,20}$/;
const ID = /^[0-9a-f]{24}$/;

/**
 * /tickets/add (Raise a ticket). From the diagnosis page it is opened as `?diagnosis={ICCID}` (and for staff
 * `&organizationId={id}`, the SIM's organisation): the SIM's diagnosis goes with the ticket.
 */
export default function TicketAddRoute() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const allowed = useCan('tickets', 'addTickets');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  const diagnosis = searchParams.get('diagnosis')?.trim() ?? '';
  const organizationId = searchParams.get('organizationId') ?? '';
  return (
    <Page title={t('add.title')} namespaces={['tickets', 'common', 'ui']}>
      <PageHeader
        title={t('add.title')}
        subtitle={t('add.subtitle')}
        section={{ label: t('title'), to: LIST }}
        crumbs={[{ label: t('add.title') }]}
      />
      <RaiseTicketForm
        key={location.key}
        diagnosisIccid={ICCID.test(diagnosis) ? diagnosis : undefined}
        organizationId={ID.test(organizationId) ? organizationId : undefined}
        onRaised={(ticket) => navigate(ticketHref(ticket.id))}
        onCancel={() => navigate(LIST)}
      />
    </Page>
  );
}
