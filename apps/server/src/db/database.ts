import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import type { TConfig } from '../config';
import { startEmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema';

export type TDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type TExecutor = TDb | TTx;

export type TDatabase = { db: TDb; pool: pg.Pool; url: string; close: () => Promise<void> };

// bigint (int8) columns come back as strings by default; counts and paise fit in a JS number up to 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

export function connectDatabase(url: string, poolSize = 20): TDatabase {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, application_name: 'tarang' });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

/** Applies the migrations under an advisory lock, so a server and worker processes starting together take turns. */
export async function migrateDatabase(db: TDb): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7212001)');
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7212001)').catch(() => {});
    client.release();
  }
}

/** Opens the configured database (DATABASE_URL, else the embedded server) and applies migrations. */
export async function openDatabase(config: TConfig, logger: Logger): Promise<TDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    const embedded = await startEmbeddedPostgres(config.dataDir, logger);
    url = embedded.url;
    stopEmbedded = embedded.stop;
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  const database = connectDatabase(url);
  await migrateDatabase(database.db);
  return {
    ...database,
    close: async () => {
      await database.pool.end();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}
