import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { EditPlan } from '@/features/plans/components/edit-plan';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

const LIST = '/plans';

/** /plans/edit/{id} (staff; read-only without the Edit permission). */
export default function PlanEditRoute() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user } = useSignedIn();
  const canSave = useCan('plans', 'edit');
  if (user.organization !== null) return <StatusPage kind="forbidden" embedded />;
  const title = canSave ? t('editTitle') : t('viewTitle');
  return (
    <Page title={title} namespaces={['plans', 'common']}>
      <PageHeader title={title} crumbs={[{ label: t('title'), to: LIST }, { label: title }]} />
      <EditPlan key={id} id={id} canSave={canSave} onSaved={() => navigate(LIST)} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
