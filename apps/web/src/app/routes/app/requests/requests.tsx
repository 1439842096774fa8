import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { RequestsTable } from '@/features/requests/components/requests-table';
import { useRequestPermissions } from '@/features/requests/hooks/use-request-permissions';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui']);

/** /request (and ?batchJobId={id} from global search). */
export default function RequestsRoute() {
  const { t } = useTranslation('requests');
  const perms = useRequestPermissions();
  return (
    <Page title={t('list.title')} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        section={{ label: i18n.t('groups.requests', { ns: 'common' }), to: '/requests' }}
        crumbs={[]}
        action={
          (perms.simActions || perms.addTermination) && (
            <Button component={RouterLink} to="/request/add" variant="contained" startIcon={<AddOutlined />}>
              {t('list.add')}
            </Button>
          )
        }
      />
      <RequestsTable kind="requests" />
    </Page>
  );
}
