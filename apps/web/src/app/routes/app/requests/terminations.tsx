import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { RequestsTable } from '@/features/requests/components/requests-table';
import { Can } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui']);

/** /termination: the TERMINATE requests. */
export default function TerminationsRoute() {
  const { t } = useTranslation('requests');
  return (
    <Page title={t('terminations.title')} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={t('terminations.title')}
        subtitle={t('terminations.subtitle')}
        section={{ label: i18n.t('groups.requests', { ns: 'common' }), to: '/requests' }}
        crumbs={[]}
        action={
          <Can module="termination" action="addTermination">
            <Button component={RouterLink} to="/termination/add" variant="contained" color="error" startIcon={<AddOutlined />}>
              {t('terminations.add')}
            </Button>
          </Can>
        }
      />
      <RequestsTable kind="terminations" />
    </Page>
  );
}
