import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { JobsTable } from '@/features/requests/components/jobs-table';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui']);

/** /job: the batch jobs. */
export default function JobsRoute() {
  const { t } = useTranslation('requests');
  return (
    <Page title={t('jobs.title')} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={t('jobs.title')}
        subtitle={t('jobs.subtitle')}
        section={{ label: i18n.t('groups.requests', { ns: 'common' }), to: '/requests' }}
        crumbs={[]}
      />
      <JobsTable />
    </Page>
  );
}
