import { getReport } from '@tarang/shared/reports/report-catalogue';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { ReportScreen, reportLanguage } from '@/features/reports/components/report-screen';
import { SavedReportsPanel } from '@/features/reports/components/saved-reports-panel';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['reports', 'list', 'ui']);

/** A page of the /report group showing one declared report (its title and description from the declaration). */
export function ReportPage({ reportId }: { reportId: string }) {
  const { i18n: current } = useTranslation('reports');
  const report = getReport(reportId);
  if (!report) throw new Error(`No report "${reportId}" is declared`);
  const lang = reportLanguage(current.language);
  return (
    <Page title={report.title[lang]} namespaces={['reports', 'common']}>
      <PageHeader
        title={report.title[lang]}
        subtitle={`${report.description[lang]}. ${report.rows[lang]}.`}
        section={{ label: i18n.t('groups.report', { ns: 'common' }), to: '/report' }}
        crumbs={[]}
      />
      <ReportScreen report={report} />
      <SavedReportsPanel report={report} />
    </Page>
  );
}
