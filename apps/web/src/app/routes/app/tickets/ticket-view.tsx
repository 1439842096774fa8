import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { DiagnosisSnapshot } from '@/features/sim-diagnosis/components/diagnosis-snapshot';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { TicketDetails } from '@/features/tickets/components/ticket-details';
import { i18n } from '@/lib/i18n/i18n';

// The ticket's words, the request and SIM words of its links, and the diagnosis words of the snapshot it may carry.
export const ready = i18n.loadNamespaces(['tickets', 'requests', 'sim-diagnosis', 'ui']);

const ID = /^[0-9a-f]{24}$/;

/** /tickets/{id}: one ticket, its conversation, files and links, and what the reader may do with it. */
export default function TicketViewRoute() {
  const { t } = useTranslation('tickets');
  const { id = '' } = useParams();
  const valid = ID.test(id);
  const ticket = useTicket(id, valid).data;
  const title = ticket ? t('details.title', { number: ticket.number }) : t('details.titlePlain');
  return (
    <Page title={title} namespaces={['tickets', 'requests', 'sim-diagnosis', 'common', 'ui']}>
      <PageHeader
        title={title}
        section={{ label: t('title'), to: '/tickets' }}
        crumbs={[{ label: ticket?.number ?? t('details.titlePlain') }]}
      />
      {valid ? (
        <TicketDetails key={id} id={id} diagnosis={(snapshot) => <DiagnosisSnapshot snapshot={snapshot} />} />
      ) : (
        <Alert severity="warning" role="alert">
          {t('details.notFound')}
        </Alert>
      )}
    </Page>
  );
}
