import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TLoginKey } from '@tarang/shared/auth/auth.schemas';
import { sealPassword } from '@tarang/shared/auth/seal-password';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isAlive } from '../src/db/embedded-postgres';
import { restartDelayMs } from '../src/supervisor';

/**
 * `npm start` as it runs in production (the compiled server under its supervisor, the embedded PostgreSQL), as a real
 * process tree: the API process killed alone comes back with its data; the whole group killed with -9 leaves the
 * database behind, and the next start takes it over; SIGTERM stops everything, the database last.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ADMIN_EMAIL = 'supervised@tarang.test';
const ADMIN_PASSWORD = 'Supervised-Start-2026!';

type TRun = { npm: ChildProcess; output: () => string; exited: Promise<number | null> };

const runs: TRun[] = [];
let dataDir = '';

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined> | T | undefined, run?: TRun): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${ms} ms\n${run?.output().slice(-6000) ?? ''}`);
}

function npmStart(port: number): TRun {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    TARANG_DATA_DIR: dataDir,
    TARANG_ADMIN_EMAIL: ADMIN_EMAIL,
    TARANG_ADMIN_PASSWORD: ADMIN_PASSWORD,
    TARANG_PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The test signs in as the first super-admin with a password alone (two-factor sign-in has its own tests).
    TARANG_STAFF_TWO_FACTOR: 'optional',
  };
  // The embedded database, whatever the test run itself uses.
  delete env.DATABASE_URL;
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  npm.stdout?.on('data', keep);
  npm.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const run = { npm, output: () => output, exited };
  runs.push(run);
  return run;
}

/** The pids the supervisor logged for the API processes it started, in order. */
function apiPids(run: TRun): number[] {
  return [...run.output().matchAll(/"apiPid":(\d+),"msg":"API process started"/g)].map((m) => Number(m[1]));
}

/** The process listening on `port` (the API process), found through /proc whatever starts it. */
function listenerPid(port: number): number | undefined {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (existsSync(table) ? readFileSync(table, 'utf8') : '').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(hexPort) && cols[3] === '0A' && cols[9]) inodes.add(`socket:[${cols[9]}]`);
    }
  }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) if (inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return Number(pid);
    } catch {
      /* gone, or not ours to read */
    }
  }
  return undefined;
}

async function healthy(base: string): Promise<true | undefined> {
  const res = await fetch(`${base}/api/v1/health`).catch(() => null);
  return res?.ok ? true : undefined;
}

async function signIn(base: string): Promise<string> {
  const key = ((await (await fetch(`${base}/api/v1/auth/login-key`)).json()) as { data: TLoginKey }).data;
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_EMAIL, password: await sealPassword(key, ADMIN_PASSWORD) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { token: { access: { token: string } } } }).data.token.access.token;
}

async function readOrganization(base: string, token: string, id: string) {
  const res = await fetch(`${base}/api/v1/organization/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { data?: { tradeName?: string } } };
}

function postmasterPid(): number {
  return Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

afterAll(async () => {
  for (const run of runs) {
    if (run.npm.exitCode === null && run.npm.pid) {
      try {
        process.kill(-run.npm.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
  if (dataDir && existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))) {
    const pid = postmasterPid();
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('restartDelayMs', () => {
  it('doubles from 1 s on a crash loop and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => restartDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe('npm start', () => {
  it('brings the API back after a kill -9, takes over a database left running, and stops everything on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-supervised-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    // A start (building first if the sources changed), then a write through the API.
    const first = npmStart(port);
    await until('the first start', 240_000, () => healthy(base), first);
    const token = await signIn(base);
    const created = await fetch(`${base}/api/v1/organization`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ tradeName: 'Survives A Crash Pvt Ltd' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const orgId = ((await created.json()) as { data: { id: string } }).data.id;

    // The API process alone is killed: the supervisor starts another within seconds, on the same database.
    const api = listenerPid(port);
    expect(api).toBeGreaterThan(0);
    const database = postmasterPid();
    const killedAt = Date.now();
    process.kill(api!, 'SIGKILL');
    await until('the API going down', 5_000, async () => ((await healthy(base)) ? undefined : true), first);
    await until('health after the API was killed', 10_000 - (Date.now() - killedAt), () => healthy(base), first);
    expect(listenerPid(port)).not.toBe(api);
    expect(apiPids(first)).toEqual([api, listenerPid(port)]);
    expect(first.output()).toMatch(/killed by SIGKILL[^"]*; restarting/);
    expect(postmasterPid()).toBe(database);
    expect(isAlive(database)).toBe(true);
    const afterCrash = await readOrganization(base, token, orgId);
    expect(afterCrash.status).toBe(200);
    expect(afterCrash.body.data?.tradeName).toBe('Survives A Crash Pvt Ltd');

    // Everything of `npm start` killed with -9 at once: PostgreSQL, in a process group of its own, is left running
    // on the data directory; the next start stops it and starts its own on the same data.
    process.kill(-first.npm.pid!, 'SIGKILL');
    await first.exited;
    expect(isAlive(database)).toBe(true);
    const second = npmStart(port);
    await until('the start after kill -9 of the group', 120_000, () => healthy(base), second);
    expect(second.output()).toContain('stopping a PostgreSQL left running on the data directory');
    expect(isAlive(database)).toBe(false);
    const secondDatabase = postmasterPid();
    const afterRestart = await readOrganization(base, await signIn(base), orgId);
    expect(afterRestart.body.data?.tradeName).toBe('Survives A Crash Pvt Ltd');

    // SIGTERM to npm start: the API stops first, the database last, and nothing is left running.
    const secondApi = listenerPid(port);
    expect(secondApi).toBeGreaterThan(0);
    process.kill(second.npm.pid!, 'SIGTERM');
    const code = await Promise.race([second.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 40_000))]);
    expect(code, second.output().slice(-4000)).toBe(0);
    expect(isAlive(secondApi!)).toBe(false);
    expect(isAlive(secondDatabase)).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    const log = second.output();
    expect(log.indexOf('"msg":"shutting down"')).toBeGreaterThan(-1);
    expect(log.indexOf('"msg":"shutting down"')).toBeLessThan(log.indexOf('"msg":"stopped"'));
  }, 420_000);
});
