import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { PlansTable } from '@/features/plans/components/plans-table';
import { useSignedIn } from '@/lib/auth';
import { Can } from '@/lib/authorization';

/** /plans. */
export default function PlansRoute() {
  const { t } = useTranslation('plans');
  const { user } = useSignedIn();
  const isStaff = user.organization === null;
  return (
    <Page title={t('title')} namespaces={['plans', 'common']}>
      <PageHeader
        title={t('title')}
        subtitle={isStaff ? t('subtitleStaff') : t('subtitleOrganization')}
        crumbs={[{ label: t('title') }]}
        action={
          isStaff && (
            <Can module="plans" action="add">
              <Button component={RouterLink} to="/plans/add" variant="contained" startIcon={<AddOutlined />}>
                {t('actions.add')}
              </Button>
            </Can>
          )
        }
      />
      <PlansTable />
    </Page>
  );
}
