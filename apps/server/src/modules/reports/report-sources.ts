import type { TReportId } from '@tarang/shared/reports/report-catalogue';
import type { TReportSource } from './report-source';
import { atomicSimsSource } from './sources/atomic-sims.source';
import { auditTrailSource } from './sources/audit-trail.source';
import { expirySimsSource } from './sources/expiry-sims.source';
import { mnoJobsSource } from './sources/mno-jobs.source';
import { requestDetailsSource } from './sources/request-details.source';
import { transactionsSource } from './sources/transactions.source';
import { usageSource } from './sources/usage.source';

/** The source of each declared report; a declaration without one does not compile. */
export const REPORT_SOURCES: Readonly<Record<TReportId, TReportSource>> = {
  'audit-trail': auditTrailSource,
  transactions: transactionsSource,
  'request-details': requestDetailsSource,
  'mno-job-report': mnoJobsSource,
  'atomic-sims': atomicSimsSource,
  'expiry-sims': expirySimsSource,
  usage: usageSource,
};
