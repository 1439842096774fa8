import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { MnoJobReport } from '@/features/requests/components/mno-job-report';
import { OperatorGateways } from '@/features/requests/components/operator-gateways';
import { useRequestPermissions } from '@/features/requests/hooks/use-request-permissions';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui']);

/** /report/mno-job-report: the MNO job report, every MNO job and the operator gateways (staff). */
export default function MnoJobReportRoute() {
  const { t } = useTranslation('requests');
  const perms = useRequestPermissions();
  return (
    <Page title={t('report.title')} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={t('report.title')}
        subtitle={t('report.subtitle')}
        section={{ label: i18n.t('groups.report', { ns: 'common' }), to: '/report' }}
        crumbs={[]}
      />
      {perms.staff ? (
        <Stack spacing={2.5}>
          <MnoJobReport />
          {perms.mnoJobs && <OperatorGateways />}
        </Stack>
      ) : (
        <StatusPage kind="forbidden" embedded />
      )}
    </Page>
  );
}
