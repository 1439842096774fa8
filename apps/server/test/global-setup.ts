import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { createLogger } from '../src/lib/logger';

/**
 * One PostgreSQL for the whole run: the embedded server by default, or the one at DATABASE_URL.
 * Migrations are applied once to a template database; each test file clones it (tests/test-app.ts).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const logger = createLogger('silent');
  let adminUrl: string;
  let stop: (() => Promise<void>) | null = null;
  let dataDir: string | null = null;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-test-pg-'));
    const embedded = await startEmbeddedPostgres(dataDir, logger, 'postgres');
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const template = `tarang_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const tpl = connectDatabase(withDatabase(adminUrl, template), 2);
  await migrateDatabase(tpl.db);
  await tpl.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    // Drop every database this run made (test files drop their own; this catches the rest).
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
      `${template}_%`,
      template,
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    if (stop) await stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
