import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { EmbeddedPostgresError } from './db/embedded-postgres';
import { createLogger } from './lib/logger';
import { ensureFirstAdmin } from './modules/bootstrap/first-start';

/**
 * The API process: database (embedded unless DATABASE_URL), migrations, first-start admin, then the API and console.
 * `npm start` runs it under supervisor.ts, which passes the database's URL and starts it again when it dies; it tells
 * the supervisor when it is ready and stops when the supervisor is gone. `npm run dev` runs it alone.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // Crash on an unhandled error, as Node does, but leave the reason in the log first: the supervisor restarts us.
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception; the API process stops');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection; the API process stops');
    process.exit(1);
  });
  const database = await openDatabase(config, logger);
  await ensureFirstAdmin(database.db, config, logger);
  const { app } = await buildApp({ config, db: database.db, logger });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The supervisor is gone (killed with -9): stop rather than hold the port its next start needs.
  process.on('disconnect', () => void shutdown('supervisor gone'));
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: `http://localhost:${config.port}` }, 'Tarang is ready');
  process.send?.({ type: 'ready' });
}

main().catch((error) => {
  // A start that cannot succeed as things are says what to do in one sentence, without a stack.
  console.error(error instanceof EmbeddedPostgresError ? error.message : error);
  process.exit(1);
});
