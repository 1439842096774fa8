import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { requestHref } from '@/features/requests/components/requests-table';
import { SimActionForm } from '@/features/requests/components/sim-action-form';
import { useRequestPermissions } from '@/features/requests/hooks/use-request-permissions';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui']);

const LIST = '/termination';
const ONLY_TERMINATE = ['TERMINATE'] as const;

/** /termination/add (Add Termination): a TERMINATE request with its reason, confirmed as final. */
export default function TerminationAddRoute() {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  const perms = useRequestPermissions();
  if (!perms.addTermination) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('terminations.addTitle')} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={t('terminations.addTitle')}
        subtitle={t('terminations.addSubtitle')}
        section={{ label: i18n.t('groups.requests', { ns: 'common' }), to: '/requests' }}
        crumbs={[{ label: t('terminations.title'), to: LIST }, { label: t('terminations.addTitle') }]}
      />
      <SimActionForm
        actions={ONLY_TERMINATE}
        onCreated={(request) => navigate(perms.viewRequest ? requestHref(request.id) : LIST)}
        onCancel={() => navigate(LIST)}
      />
    </Page>
  );
}
