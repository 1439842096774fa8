import type { TDeps } from '../../app-deps';
import type { TDb } from '../../db/database';
import { AppError } from '../../http/app-error';
import { claimOperation, type TOperationRow, updateOperation } from './sim-operations.repository';

/**
 * The background runner of SIM operations (large allocations and roll-backs, bulk uploads): one per server
 * process, one operation at a time. Operations are durable rows; a process that starts (or finds an operation
 * whose runner stopped beating for `STALE_SECONDS`) picks unfinished ones up and resumes them from their
 * recorded position. A full job queue replaces this with the requests and jobs work.
 */

export const STALE_SECONDS = 60;
const POLL_MS = 15_000;

type THandler = (deps: TDeps, op: TOperationRow, shouldStop: () => boolean) => Promise<void>;

export type TSimRunner = {
  /** Look for work now. */
  kick: () => void;
  /** Start polling (on listen), so work left by a stopped process resumes. */
  start: () => void;
  /** Resolves when no operation is running. */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
};

const runners = new WeakMap<TDb, TSimRunner>();
const handlers = new Map<TOperationRow['kind'], THandler>();

/** Operation kinds register their handler (moves and uploads), so this file imports neither. */
export function registerOperationHandler(kind: TOperationRow['kind'], handler: THandler) {
  handlers.set(kind, handler);
}

export function createSimRunner(deps: TDeps): TSimRunner {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;

  async function runOne(op: TOperationRow) {
    const handler = handlers.get(op.kind);
    try {
      if (!handler) throw new Error(`No handler for ${op.kind}`);
      await handler(deps, op, () => stopping);
    } catch (error) {
      if (stopping) return; // the next start resumes it
      deps.logger.error({ err: error, operationId: op.id }, 'SIM operation failed');
      const message = error instanceof AppError ? error.message : 'The operation stopped on an unexpected error; it has been logged';
      await updateOperation(deps.db, op.id, { status: 'FAILED', error: message, finishedAt: new Date() }).catch(() => {});
    }
  }

  async function loop() {
    do {
      again = false;
      while (!stopping) {
        const op = await claimOperation(deps.db, STALE_SECONDS);
        if (!op) break;
        await runOne(op);
      }
    } while (again && !stopping);
  }

  const kick = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((error) => deps.logger.error({ err: error }, 'SIM operation runner failed'))
      .finally(() => {
        running = null;
      });
  };

  const runner: TSimRunner = {
    kick,
    start: () => {
      kick();
      timer ??= setInterval(kick, POLL_MS);
      timer.unref();
    },
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopping = true;
      if (timer) clearInterval(timer);
      if (running) await running;
    },
  };
  runners.set(deps.db, runner);
  return runner;
}

export function kickRunner(deps: TDeps) {
  runners.get(deps.db)?.kick();
}

export function runnerOf(deps: TDeps): TSimRunner | undefined {
  return runners.get(deps.db);
}
