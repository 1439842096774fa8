/**
 * How many uploaded files one process reads at once. Reading a file costs memory up to its budget (a spreadsheet's
 * shared text, a CSV's rows in flight); the limiter bounds the sum. A file over the limit waits its turn on disk —
 * nothing of it is read — and turns are given in arrival order.
 */
export type TParseLimiter = {
  /** Waits for a turn; call the returned function once, when the file is read (or reading failed). */
  acquire: () => Promise<() => void>;
  /** Runs `task` in a turn. */
  run: <T>(task: () => Promise<T>) => Promise<T>;
  /** Files being read now, and files waiting. */
  readonly active: number;
  readonly waiting: number;
};

export function createParseLimiter(concurrency: number): TParseLimiter {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`The file parse concurrency must be at least 1, got ${concurrency}`);
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };

  const acquire = async (): Promise<() => void> => {
    if (active < concurrency) active++;
    else await new Promise<void>((resolve) => queue.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };

  return {
    acquire,
    run: async (task) => {
      const done = await acquire();
      try {
        return await task();
      } finally {
        done();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}

const limiters = new WeakMap<object, TParseLimiter>();

/** The limiter of one server (keyed by its configuration object: one per process in production). */
export function parseLimiterOf(config: { fileParseConcurrency: number }): TParseLimiter {
  let limiter = limiters.get(config);
  if (!limiter) {
    limiter = createParseLimiter(config.fileParseConcurrency);
    limiters.set(config, limiter);
  }
  return limiter;
}
