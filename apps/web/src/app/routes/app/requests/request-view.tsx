import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { useRequest } from '@/features/requests/api/get-request';
import { RequestDetails } from '@/features/requests/components/request-details';
import { useRequestPermissions } from '@/features/requests/hooks/use-request-permissions';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui']);

const ID = /^[0-9a-f]{24}$/;

/** /request/{id}: one request, live (View Details). */
export default function RequestViewRoute() {
  const { t } = useTranslation('requests');
  const { id = '' } = useParams();
  const perms = useRequestPermissions();
  const valid = ID.test(id);
  const query = useRequest(id, { live: false, enabled: valid && perms.viewRequest });
  if (!perms.viewRequest) return <StatusPage kind="forbidden" embedded />;
  const title = query.data ? t('details.title', { batchJobId: query.data.batchJobId }) : t('details.titlePlain');
  return (
    <Page title={title} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={title}
        subtitle={
          query.data
            ? t('details.subtitle', { type: t(`types.${query.data.type}`, { defaultValue: query.data.type }), count: query.data.simsCount })
            : undefined
        }
        section={{ label: t('list.title'), to: '/request' }}
        crumbs={[{ label: query.data?.batchJobId ?? t('details.titlePlain') }]}
      />
      {valid ? (
        <RequestDetails key={id} id={id} />
      ) : (
        <Alert severity="warning" role="alert">
          {t('details.notFound')}
        </Alert>
      )}
    </Page>
  );
}
