import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { PlanForm } from '@/features/plans/components/plan-form';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

const LIST = '/plans';

/** /plans/add (staff). */
export default function PlanAddRoute() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const { user } = useSignedIn();
  const allowed = useCan('plans', 'add') && user.organization === null;
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('addTitle')} namespaces={['plans', 'common']}>
      <PageHeader title={t('addTitle')} crumbs={[{ label: t('title'), to: LIST }, { label: t('addTitle') }]} />
      <PlanForm canSave onSaved={() => navigate(LIST)} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
