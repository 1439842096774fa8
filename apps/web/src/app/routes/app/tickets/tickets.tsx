import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { TicketsTable } from '@/features/tickets/components/tickets-table';
import { Can } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['tickets', 'ui', 'list']);

/** /tickets: the support tickets in reach, newest first. */
export default function TicketsRoute() {
  const { t } = useTranslation('tickets');
  return (
    <Page title={t('title')} namespaces={['tickets', 'common', 'ui']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        section={{ label: i18n.t('groups.requests', { ns: 'common' }), to: '/requests' }}
        crumbs={[]}
        action={
          <Can module="tickets" action="addTickets">
            <Button component={RouterLink} to="/tickets/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.raise')}
            </Button>
          </Can>
        }
      />
      <TicketsTable />
    </Page>
  );
}
