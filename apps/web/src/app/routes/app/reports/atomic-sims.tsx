import { ReportPage } from './report-page';

export { ready } from './report-page';

/** /report/atomic-sims: the declared report. */
export default function AtomicSimsReportRoute() {
  return <ReportPage reportId="atomic-sims" />;
}
