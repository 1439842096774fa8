import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { UserForm } from '@/features/users/components/user-form';
import { useCan } from '@/lib/authorization';

const LIST = '/management/user';

/** /management/user/add. */
export default function UserAddRoute() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const allowed = useCan('user', 'add');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('addTitle')} namespaces={['users', 'common']}>
      <PageHeader title={t('addTitle')} crumbs={[{ label: t('title'), to: LIST }, { label: t('addTitle') }]} />
      <UserForm onSaved={() => navigate(LIST)} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
