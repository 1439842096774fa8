import type { ChildProcess } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TLoginKey, TLoginResponseData } from '@tarang/shared/auth/auth.schemas';
import { sealPassword } from '@tarang/shared/auth/seal-password';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmStart, type TRunningProduct } from '../../../../../e2e/support/npm-start';
import { createTestApp, FIXTURE_PASSWORD, makeOrganization, makeRole, makeUser, type TTestApp } from '../../../test/test-app';
import { sharedStringsBomb } from '../../lib/files/xlsx-test-kit';

/**
 * A workbook whose shared strings unpack to about 1.4 GB (inside the zip limits), posted three times at once to a
 * real server process by an organisation's operator: the server stays up, its memory stays bounded, and each
 * uploader is told the limit.
 */

const GB = 1024 * 1024 * 1024;

let t: TTestApp;
let product: TRunningProduct;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;

/** A process and every process under it (a server that supervises its API process has it as a child). */
async function processTree(pid: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid)!.push(Number(name));
  }
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return out.sort((a, b) => a - b);
}

/** The largest peak resident memory (VmHWM) among the given processes. */
async function peakRss(pids: number[]): Promise<number> {
  let peak = 0;
  for (const p of pids) {
    const status = await readFile(`/proc/${p}/status`, 'utf8').catch(() => '');
    peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
  }
  return peak;
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t, 'Bomb Fleet');
  const role = await makeRole(t, 'Org Operator', scopesFrom({ 'sim-actions': true, request: true }), { organizationId: org.id });
  await makeUser(t, { email: 'operator@bomb.test', roleId: role.id, organizationId: org.id });
  await sharedStringsBomb();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-bomb-'));
  product = await npmStart({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: t.database.url,
    TARANG_DATA_DIR: dataDir,
    TARANG_WORKERS: '0',
  });
  server = product.process;
  baseUrl = product.baseUrl;
}, 300_000);

afterAll(async () => {
  await product?.stop();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a shared-strings bomb posted three times at once', () => {
  it('leaves the server up under 1 GB and tells each uploader the limit', async () => {
    const bomb = await sharedStringsBomb();
    expect(bomb.unpacked).toBeGreaterThan(1.3e9);
    expect(bomb.ratio).toBeLessThan(200);
    expect(bomb.size).toBeLessThan(20 * 1024 * 1024);

    const key = ((await (await fetch(`${baseUrl}/api/v1/auth/login-key`)).json()) as { data: TLoginKey }).data;
    const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator@bomb.test', password: await sealPassword(key, FIXTURE_PASSWORD) }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const token = ((await login.json()) as { data: TLoginResponseData }).data.token.access.token;

    const post = async () => {
      const form = new FormData();
      form.append('file', await openAsBlob(bomb.path), 'fleet.xlsx');
      try {
        const res = await fetch(`${baseUrl}/api/v1/request/file`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
          signal: AbortSignal.timeout(40_000),
        });
        return { status: res.status, body: await res.json() };
      } catch (error) {
        return { status: 0, body: String(error) };
      }
    };
    const processes = await processTree(server.pid!);
    const started = Date.now();
    const answers = await Promise.all([post(), post(), post()]);
    const seconds = (Date.now() - started) / 1000;

    // The same processes are alive: none died and none was started again in its place.
    expect(server.exitCode, product.output()).toBeNull();
    expect(await processTree(server.pid!)).toEqual(processes);
    const peak = await peakRss(processes);
    console.info(`three bombs answered in ${seconds.toFixed(1)} s; peak RSS of the server: ${Math.round(peak / 1024 / 1024)} MB`);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(1 * GB);
    const message = "This workbook's shared text is larger than 64 MB; save it as CSV or split it";
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body).toMatchObject({ message, errors: [{ path: 'file', message }] });
    }
    const health = await fetch(`${baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
  }, 60_000);
});
