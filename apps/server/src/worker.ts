import { createDeps } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { EmbeddedPostgresError } from './db/embedded-postgres';
import { createLogger } from './lib/logger';
import './modules/reports/report-runner';
import { armReportsDue } from './modules/reports/report-schedules.service';
import './modules/requests/request-engine';
import { armUsageIngest } from './modules/usage/usage-ingest';
import { armReconcile } from './modules/whitelists/whitelist-reconcile';

/**
 * `npm run worker`: a process that only runs queue jobs (requests' MNO jobs, the whitelist reconcile, the usage ingest, scheduled reports and alerts), beside the server or on another machine
 * against the same database (DATABASE_URL). Start as many as the work needs; they share the queue through row locks.
 * SIGTERM/SIGINT hand running jobs back before exiting; a killed worker's jobs are taken over when its leases end.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  const deps = createDeps({ config, db: database.db, logger });
  await deps.worker.start();
  await armReconcile(database.db, config.whitelistReconcileEveryMs);
  if (config.usageIngestDaily) await armUsageIngest(database.db);
  await armReportsDue(database.db);
  logger.info({ worker: deps.worker.id, concurrency: Math.max(1, config.workerConcurrency) }, 'Tarang worker is running');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'worker stopping');
    await deps.worker.stop().catch(() => {});
    deps.messenger.close();
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof EmbeddedPostgresError ? error.message : error);
  process.exit(1);
});
