import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { findChromium } from './support/chromium';
import { BROWSER_ARGS, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';
import { npmStart, type TRunningProduct } from './support/npm-start';

/**
 * One run of the browser tests: the product started as an operator starts it (`npm start`, which builds the console
 * and the server when their sources changed) on a random free port, with a data directory of its own and a throwaway
 * database (the embedded PostgreSQL in that directory, or a new database on DATABASE_URL's server), and one Chromium
 * (the system's, never a downloaded one) that every test file connects to. Everything is stopped and removed at the end.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eBrowserWs: string;
  }
}

/** A database of this run on DATABASE_URL's server, dropped at the end. */
async function createRunDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tarang_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    },
  };
}

export default async function setup(project: TestProject) {
  const executablePath = findChromium();
  // The data directory itself comes from mkdtemp: as root, PostgreSQL runs as another user, which must be able to enter it.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-e2e-'));
  let database: Awaited<ReturnType<typeof createRunDatabase>> | null = null;
  let product: TRunningProduct | null = null;
  let browserServer: Awaited<ReturnType<typeof chromium.launchServer>> | null = null;
  const teardown = async () => {
    await browserServer?.close().catch(() => {});
    await product?.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    if (process.env.DATABASE_URL) database = await createRunDatabase(process.env.DATABASE_URL);
    product = await npmStart({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Without one, the supervisor starts an embedded PostgreSQL in the data directory.
      DATABASE_URL: database?.url,
      TARANG_DATA_DIR: dataDir,
      TARANG_ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      TARANG_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Every sign-in of the run comes from 127.0.0.1.
      TARANG_LOGIN_MAX_FAILURES_PER_IP: '10000',
      // The browser tests sign the super-admin in with a password alone; two-factor.test.ts enrols its own users.
      TARANG_STAFF_TWO_FACTOR: 'optional',
    });
    browserServer = await chromium.launchServer({ executablePath, headless: true, args: BROWSER_ARGS });
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('e2eBaseUrl', product.baseUrl);
  project.provide('e2eBrowserWs', browserServer.wsEndpoint());
  return teardown;
}
