import { ReportPage } from './report-page';

export { ready } from './report-page';

/** /report/transactions: the declared report. */
export default function TransactionsReportRoute() {
  return <ReportPage reportId="transactions" />;
}
