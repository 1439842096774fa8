import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './lib/logger';
import { ensureFirstAdmin } from './modules/bootstrap/first-start';

/** `npm start`: database (embedded unless DATABASE_URL), migrations, first-start admin, then the API and console. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
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
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: `http://localhost:${config.port}` }, 'Tarang is ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
