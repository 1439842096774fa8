import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { requestHref } from '@/features/requests/components/requests-table';
import { allowedActions, SimActionForm } from '@/features/requests/components/sim-action-form';
import { useRequestPermissions } from '@/features/requests/hooks/use-request-permissions';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui']);

const LIST = '/request';

/** /request/add: a new request on SIMs — the same flow as /sim-actions, reached from the request list. */
export default function RequestAddRoute() {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  const perms = useRequestPermissions();
  const actions = allowedActions(perms);
  return (
    <Page title={t('add.title')} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={t('add.title')}
        subtitle={t('add.subtitle')}
        section={{ label: t('list.title'), to: LIST }}
        crumbs={[{ label: t('add.title') }]}
      />
      {actions.length === 0 ? (
        <Alert severity="warning" role="alert">
          {t('simActions.noActions')}
        </Alert>
      ) : (
        <SimActionForm
          actions={actions}
          onCreated={(request) => navigate(perms.viewRequest ? requestHref(request.id) : `${LIST}?batchJobId=${request.batchJobId}`)}
          onCancel={() => navigate(LIST)}
        />
      )}
    </Page>
  );
}
