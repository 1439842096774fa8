import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { ActivationsTable } from '@/features/activations/components/activations-table';
import { Can } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['activations', 'requests', 'ui']);

/** /activation: the activations, newest first. */
export default function ActivationsRoute() {
  const { t } = useTranslation('activations');
  return (
    <Page title={t('list.title')} namespaces={['activations', 'requests', 'common', 'ui']}>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        section={{ label: i18n.t('groups.requests', { ns: 'common' }), to: '/requests' }}
        crumbs={[]}
        action={
          <Can module="activation" action="addActivation">
            <Button component={RouterLink} to="/activation/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.add')}
            </Button>
          </Can>
        }
      />
      <ActivationsTable />
    </Page>
  );
}
