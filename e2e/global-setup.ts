import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { createLogger } from '../apps/server/src/lib/logger';
import { buildConsoleIfNeeded, findChromium } from './support/console-build';
import { BROWSER_ARGS, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * One run of the browser tests: the built console, one real server on a random free port against a
 * throwaway database, and one Chromium (the system's, never a downloaded one) that every test file
 * connects to. Everything is stopped and removed at the end.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eBrowserWs: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function waitForServer(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped while starting (exit ${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/auth/login-key`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer within 120 s:\n${output()}`);
}

async function stopProcessGroup(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

export default async function setup(project: TestProject) {
  const executablePath = findChromium();
  buildConsoleIfNeeded();

  const logger = createLogger('silent');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'tarang-e2e-'));
  let adminUrl: string;
  let stopPostgres: (() => Promise<void>) | null = null;
  let pgDir: string | null = null;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    // Its own directory: as root, PostgreSQL runs as another user, which must be able to enter it.
    pgDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-e2e-pg-'));
    const embedded = await startEmbeddedPostgres(pgDir, logger, 'postgres');
    adminUrl = embedded.url;
    stopPostgres = embedded.stop;
  }
  const database = `tarang_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: withDatabase(adminUrl, database),
      TARANG_DATA_DIR: path.join(tmp, 'data'),
      TARANG_ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      TARANG_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      TARANG_PUBLIC_URL: baseUrl,
      // Every sign-in of the run comes from 127.0.0.1.
      TARANG_LOGIN_MAX_FAILURES_PER_IP: '10000',
      // The browser tests sign the super-admin in with a password alone; two-factor.test.ts enrols its own users.
      TARANG_STAFF_TWO_FACTOR: 'optional',
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  let browserServer: Awaited<ReturnType<typeof chromium.launchServer>> | null = null;
  const teardown = async () => {
    await browserServer?.close().catch(() => {});
    await stopProcessGroup(server);
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    if (stopPostgres) await stopPostgres().catch(() => {});
    if (pgDir) await rm(pgDir, { recursive: true, force: true });
    await rm(tmp, { recursive: true, force: true });
  };

  try {
    await waitForServer(baseUrl, server, () => output);
    browserServer = await chromium.launchServer({ executablePath, headless: true, args: BROWSER_ARGS });
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eBrowserWs', browserServer.wsEndpoint());
  return teardown;
}
