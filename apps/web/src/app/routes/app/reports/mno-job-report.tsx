import Stack from '@mui/material/Stack';
import { getReport } from '@tarang/shared/reports/report-catalogue';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { ExportButton } from '@/components/list-screen/export-button';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { exportReport } from '@/features/reports/api/report-rows';
import { reportLanguage } from '@/features/reports/components/report-screen';
import { useReportMessages } from '@/features/reports/utils/messages';
import { MnoJobReport } from '@/features/requests/components/mno-job-report';
import { OperatorGateways } from '@/features/requests/components/operator-gateways';
import { useRequestPermissions } from '@/features/requests/hooks/use-request-permissions';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['requests', 'ui', 'reports', 'list']);

/** The declared report's filters the screen's address holds (period, operator, status). */
const EXPORTED_FILTERS = (getReport('mno-job-report')?.filters ?? []).map((f) => f.key);

/**
 * /report/mno-job-report: the MNO job report (per operator and operation), every MNO job to work by hand, and the
 * operator gateways (staff). Export writes the declared report, one row per MNO job, for the period and filters shown.
 */
export default function MnoJobReportRoute() {
  const { t } = useTranslation('requests');
  const { failure } = useReportMessages();
  const perms = useRequestPermissions();
  const [params] = useSearchParams();
  const lang = reportLanguage(i18n.language);
  const filter = Object.fromEntries(EXPORTED_FILTERS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));
  return (
    <Page title={t('report.title')} namespaces={['requests', 'common', 'ui']}>
      <PageHeader
        title={t('report.title')}
        subtitle={t('report.subtitle')}
        section={{ label: i18n.t('groups.report', { ns: 'common' }), to: '/report' }}
        crumbs={[]}
        action={
          perms.staff ? (
            <ExportButton onExport={(format) => exportReport('mno-job-report', filter, format, lang)} failure={failure} />
          ) : undefined
        }
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
