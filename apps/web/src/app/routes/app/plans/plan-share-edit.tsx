import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { EditShare, shareScreenHref } from '@/features/plans/components/share-edit-form';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

/** /plans/share/edit/{id}: a share's price. */
export default function PlanShareEditRoute() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user } = useSignedIn();
  const allowed = useCan('plans', 'allocate');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  const isStaff = user.organization === null;
  return (
    <Page title={t('shareEditTitle')} namespaces={['plans', 'common']}>
      <PageHeader title={t('shareEditTitle')} crumbs={[{ label: t('title'), to: '/plans' }, { label: t('shareEditTitle') }]} />
      <EditShare
        key={id}
        id={id}
        ownOrganizationId={user.organization?.id ?? null}
        onSaved={(share) => navigate(shareScreenHref(share, isStaff))}
        onCancel={(share) => navigate(shareScreenHref(share, isStaff))}
      />
    </Page>
  );
}
