import { ReportPage } from './report-page';

export { ready } from './report-page';

/** /report/usage: the declared report. */
export default function UsageReportRoute() {
  return <ReportPage reportId="usage" />;
}
