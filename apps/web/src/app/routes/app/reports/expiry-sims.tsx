import { ReportPage } from './report-page';

export { ready } from './report-page';

/** /report/expiry-sims: the declared report. */
export default function ExpirySimsReportRoute() {
  return <ReportPage reportId="expiry-sims" />;
}
