import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { useJob } from '@/features/requests/api/get-jobs';
import { JobDetails } from '@/features/requests/components/job-details';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui']);

const ID = /^[0-9a-f]{24}$/;

/** /job/{id}: one batch job with its tasks and MNO jobs. */
export default function JobViewRoute() {
  const { t } = useTranslation('requests');
  const { id = '' } = useParams();
  const valid = ID.test(id);
  const query = useJob(id, valid);
  const title = query.data ? t('jobs.detailTitle', { batchJobId: query.data.batchJobId }) : t('jobs.detailTitlePlain');
  return (
    <Page title={title} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={title}
        section={{ label: i18n.t('groups.requests', { ns: 'common' }), to: '/requests' }}
        crumbs={[{ label: t('jobs.title'), to: '/job' }, { label: query.data?.batchJobId ?? t('jobs.detailTitlePlain') }]}
      />
      {valid ? (
        <JobDetails key={id} id={id} />
      ) : (
        <Alert severity="warning" role="alert">
          {t('jobs.notFound')}
        </Alert>
      )}
    </Page>
  );
}
