import { Readable } from 'node:stream';
import { FINAL_JOB_STATUSES } from '@tarang/shared/requests/request.constants';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { getProgress } from './jobs.service';

/**
 * Live progress of a batch job as server-sent events (`GET /job-batch/{id}/events`): a `progress` event each second
 * until the job ends. A stream holds a connection and reads the database every second, so it is bounded three ways:
 *  - it lives as long as the credentials that opened it: they are checked again every few seconds, and when the
 *    session ends (logout, revocation, expiry, the user or their organisation disabled) or the access token expires,
 *    the stream sends `event: end` and closes; a client reconnects with a fresh token;
 *  - one user holds at most `liveStreamsPerUser` streams, the process at most `liveStreamsMax`; beyond them 429;
 *  - none lasts longer than `STREAM_MAX_MS`.
 */

const TICK_MS = 1000;
/** How often an open stream checks that its credentials still hold: well inside the 5 s a session's end may take. */
export const STREAM_SESSION_CHECK_MS = 2000;
const STREAM_MAX_MS = 30 * 60_000;

type TStreamCounts = { total: number; byUser: Map<string, number>; stops: Set<() => void> };

/** Open streams of each app (one per process in production; tests run several apps in one process). */
const openStreams = new WeakMap<TDeps, TStreamCounts>();

function countsOf(deps: TDeps): TStreamCounts {
  let counts = openStreams.get(deps);
  if (!counts) {
    counts = { total: 0, byUser: new Map(), stops: new Set() };
    openStreams.set(deps, counts);
  }
  return counts;
}

/** Takes a place for one stream of `userId`, or refuses with 429; the returned function gives it back (once). */
function reserveStream(deps: TDeps, userId: string): () => void {
  const counts = countsOf(deps);
  const mine = counts.byUser.get(userId) ?? 0;
  const retry = { headers: { 'retry-after': String(Math.ceil(STREAM_SESSION_CHECK_MS / 1000)) } };
  if (mine >= deps.config.liveStreamsPerUser) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `You have ${mine} live progress streams open, the most one user may hold; close one, or poll GET /job-batch/{id}/progress`,
      retry,
    );
  }
  if (counts.total >= deps.config.liveStreamsMax) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      'The server holds as many live progress streams as it can; poll GET /job-batch/{id}/progress',
      retry,
    );
  }
  counts.total += 1;
  counts.byUser.set(userId, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    counts.total -= 1;
    const left = (counts.byUser.get(userId) ?? 1) - 1;
    if (left > 0) counts.byUser.set(userId, left);
    else counts.byUser.delete(userId);
  };
}

/** Resolves after `ms`, or at once when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Opens the event stream of a job: 404 when the job is out of reach, 429 over the limits. `stillSignedIn` answers
 * whether the request's credentials are still accepted.
 */
export async function openJobEvents(
  deps: TDeps,
  ctx: TRequestContext,
  id: string,
  stillSignedIn: () => Promise<boolean>,
): Promise<Readable> {
  const actor = requireActor(ctx);
  const first = await getProgress(deps, ctx, id);
  const release = reserveStream(deps, actor.userId);
  const stop = new AbortController();
  async function* events(): AsyncGenerator<string, void, undefined> {
    let progress = first;
    const until = Date.now() + STREAM_MAX_MS;
    let checkedAt = Date.now();
    try {
      for (;;) {
        yield event('progress', progress);
        if ((FINAL_JOB_STATUSES as readonly string[]).includes(progress.status)) return;
        if (Date.now() > until) {
          yield event('end', { reason: 'time_limit' });
          return;
        }
        await pause(TICK_MS, stop.signal);
        if (stop.signal.aborted) return;
        if (Date.now() - checkedAt >= STREAM_SESSION_CHECK_MS) {
          checkedAt = Date.now();
          if (!(await stillSignedIn())) {
            yield event('end', { reason: 'signed_out' });
            return;
          }
        }
        progress = await getProgress(deps, ctx, id);
      }
    } finally {
      release();
    }
  }
  const stream = Readable.from(events());
  const end = () => stream.destroy();
  countsOf(deps).stops.add(end);
  // A client that goes away ends the wait at once, so its place is given back now rather than after the next tick.
  stream.once('close', () => {
    countsOf(deps).stops.delete(end);
    stop.abort();
    release();
  });
  return stream;
}

/** How many streams the app holds open now. */
export function openJobEventCount(deps: TDeps): number {
  return countsOf(deps).total;
}

/** Ends every open stream of the app: a server that is closing does not wait for streams that may last half an hour. */
export function closeJobEvents(deps: TDeps): void {
  for (const end of [...countsOf(deps).stops]) end();
}
