import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { PlanShare } from '@/features/plans/components/plan-share';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

/** /plans/share/{blueprintId}: the caller's own blueprint (an organisation), or the plan's id (staff). */
export default function PlanShareRoute() {
  const { t } = useTranslation('plans');
  const { blueprintId = '' } = useParams();
  const { user } = useSignedIn();
  const allowed = useCan('plans', 'allocate');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('shareTitle')} namespaces={['plans', 'common']}>
      <PageHeader
        title={t('shareTitle')}
        subtitle={t('shareSubtitle')}
        crumbs={[{ label: t('title'), to: '/plans' }, { label: t('shareTitle') }]}
      />
      <PlanShare key={blueprintId} id={blueprintId} ownOrganizationId={user.organization?.id ?? null} />
    </Page>
  );
}
