import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { createLogger } from '../apps/server/src/lib/logger';
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
const WEB = path.join(ROOT, 'apps/web');

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The system Chromium: CHROME_PATH or /usr/bin/chromium; installed with apt-get when we are root on Debian. */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log('[e2e] Chromium not found: installing it with apt-get');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error('Chromium was not found. Install it with: sudo apt-get update && sudo apt-get install -y chromium (or set CHROME_PATH)');
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the console when its sources (or the shared package) are newer than the build, or when E2E_BUILD=1. */
function buildWebIfNeeded() {
  const built = path.join(WEB, 'dist/index.html');
  const sources = [
    path.join(WEB, 'src'),
    path.join(WEB, 'index.html'),
    path.join(WEB, 'vite.config.ts'),
    path.join(WEB, 'public'),
    path.join(ROOT, 'packages/shared/src'),
  ];
  const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
  if (!stale && process.env.E2E_BUILD !== '1') return;
  const started = Date.now();
  // A production build whatever NODE_ENV the test runner set (Vite follows NODE_ENV).
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(`[e2e] built the console in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
  buildWebIfNeeded();

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
