import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { loadConfig } from './config';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './db/embedded-postgres';
import { createLogger } from './lib/logger';

/**
 * `npm start`: a small parent that owns the embedded PostgreSQL (unless DATABASE_URL is set) and keeps the API process
 * running (docs/decisions/018-start-supervision-and-root.md). The API runs in a child process; when it dies (out of
 * memory, a native fault, an unhandled rejection, kill -9) it is started again after a back-off, and the database,
 * which belongs to this process, is still there. SIGTERM, SIGINT or SIGHUP stop the API first and the database last.
 */

/** The back-off before restart n (1-based) of a crash loop: 1 s, 2 s, 4 s … at most `maxMs`. */
export function restartDelayMs(restart: number, baseMs = 1000, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, restart - 1));
}

/** An API process that ran this long without dying ends the crash loop: the next crash restarts after the base delay. */
export const STABLE_AFTER_MS = 60_000;
/** How long the API process may take to drain on SIGTERM before it is killed. */
const STOP_GRACE_MS = 30_000;

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal === 'SIGKILL') return 'killed by SIGKILL (out of memory, or killed by hand)';
  if (signal) return `killed by ${signal}`;
  if (code === 134) return 'aborted (exit 134: V8 out of memory or a native fault)';
  return `exit code ${code}`;
}

type TChildMessage = { type?: string };

async function supervise(logger: Logger): Promise<void> {
  const config = loadConfig();
  const apiEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), `main${path.extname(fileURLToPath(import.meta.url))}`);
  const env: NodeJS.ProcessEnv = { ...process.env, TARANG_SUPERVISED: '1' };
  let stopDatabase: () => Promise<void> = async () => {};
  if (!config.databaseUrl) {
    const embedded = await startEmbeddedPostgres(config.dataDir, logger);
    env.DATABASE_URL = embedded.url;
    stopDatabase = embedded.stop;
    logger.info({ dataDir: config.dataDir, pgDir: embedded.pgDir, postgresPid: embedded.pid }, 'embedded PostgreSQL started');
  }

  let child: ChildProcess | null = null;
  let stopping = false;
  let everReady = false;
  let crashes = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });

  const startApi = () => {
    restartTimer = null;
    if (stopping) return;
    const startedAt = Date.now();
    // Stack traces of the bundled API point at the TypeScript sources.
    const execArgv = apiEntry.endsWith('.js') ? [...process.execArgv, '--enable-source-maps'] : process.execArgv;
    const api = fork(apiEntry, [], { env, execArgv, stdio: 'inherit' });
    child = api;
    logger.info({ apiPid: api.pid }, 'API process started');
    api.on('message', (message: TChildMessage) => {
      if (message?.type === 'ready') everReady = true;
    });
    api.once('exit', (code, signal) => {
      child = null;
      if (stopping) {
        resolveDone();
        return;
      }
      const reason = describeExit(code, signal);
      if (!everReady) {
        // A process that never became ready has a start-up fault (configuration, port, migrations): restarting it
        // would repeat the same failure. Stop and say so.
        logger.fatal({ apiPid: api.pid, code, signal }, `the API process stopped before it was ready (${reason}); not restarting`);
        process.exitCode = typeof code === 'number' && code !== 0 ? code : 1;
        void shutdown('API start failed');
        return;
      }
      const ranMs = Date.now() - startedAt;
      crashes = ranMs >= STABLE_AFTER_MS ? 1 : crashes + 1;
      const delay = restartDelayMs(crashes);
      logger.error({ apiPid: api.pid, code, signal, ranMs, restartInMs: delay }, `the API process stopped (${reason}); restarting`);
      restartTimer = setTimeout(startApi, delay);
    });
  };

  const shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason: why }, 'stopping');
    if (restartTimer) clearTimeout(restartTimer);
    const running = child as ChildProcess | null;
    if (running && running.exitCode === null && running.signalCode === null) {
      const killer = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS);
      running.kill('SIGTERM');
      await done;
      clearTimeout(killer);
    }
    await stopDatabase().catch((error) => logger.error({ err: error }, 'stopping PostgreSQL failed'));
    logger.info('stopped');
    process.exit();
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  startApi();
  await new Promise<never>(() => {});
}

/** Runs the supervisor in this process until it is stopped by a signal; a start that cannot succeed exits 1. */
export function runSupervisor(): void {
  const logger = createLogger(process.env.LOG_LEVEL ?? 'info');
  supervise(logger).catch((error) => {
    if (error instanceof EmbeddedPostgresError) {
      // One sentence that says what to do; the stack would not help.
      console.error(error.message);
    } else {
      logger.fatal({ err: error }, 'could not start');
    }
    process.exit(1);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) runSupervisor();
