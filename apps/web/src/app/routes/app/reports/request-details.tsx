import { ReportPage } from './report-page';

export { ready } from './report-page';

/** /report/request-details: the declared report. */
export default function RequestDetailsReportRoute() {
  return <ReportPage reportId="request-details" />;
}
