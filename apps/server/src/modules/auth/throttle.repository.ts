import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { loginThrottle } from './auth.table';

/**
 * Counters behind every limit on the unauthenticated endpoints (docs/decisions/011-sign-in-throttling.md and
 * 020-limits-on-anonymous-endpoints.md), one row per key in PostgreSQL so that every API process shares them.
 * Each operation is one statement on one row: the row lock orders requests that arrive at once.
 *
 *  - hard limits (`reserveAttempt` … `recordFailure`): an attempt is counted *before* the password or code is
 *    checked, so requests sent all at once cannot get more guesses through than the limit; a success gives its
 *    count back (`releaseAttempt`, `clearThrottle`), a failure keeps it and locks the key for the window once the
 *    limit is reached. Attempts refused while the limit is spent keep counting until the window ends.
 *  - spaced attempts (`reserveSpacedAttempt`): after `free` counted failures in the window each further attempt
 *    must wait a delay that doubles up to a cap, instead of a lock: a client address may be a whole office.
 *  - request rates (`takeRequestToken`): a token bucket (GCRA: one "theoretical arrival time" per key) of
 *    `perMinute` requests with bursts of `burst`.
 *
 * `refused` is 0 after an admitted request and counts the refusals since: RETURNING sees only the new row, and
 * this is how a statement tells which way it went.
 */

/** Seconds until every given key is unlocked; 0 when none is locked. */
export async function lockedForSeconds(db: TExecutor, keys: string[]): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, sql`now()`)));
  const latest = Math.max(0, ...rows.map((r) => r.lockedUntil!.getTime()));
  return latest ? Math.max(1, Math.ceil((latest - Date.now()) / 1000)) : 0;
}

/**
 * Counts one attempt against `key` inside a window that starts with the key's first attempt. Answers 0 when the
 * attempt may go ahead, otherwise the seconds to wait: the key is locked, or more than `max` attempts are counted.
 */
export async function reserveAttempt(db: TExecutor, key: string, max: number, windowSeconds: number): Promise<number> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const result = await db.execute<{ admitted: boolean; wait_seconds: number }>(sql`
    INSERT INTO login_throttle AS t (key, failures, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE
        WHEN t.locked_until > now() THEN t.failures
        WHEN t.window_started_at < now() - ${window} THEN 1
        ELSE t.failures + 1 END,
      window_started_at = CASE
        WHEN (t.locked_until IS NULL OR t.locked_until <= now()) AND t.window_started_at < now() - ${window} THEN now()
        ELSE t.window_started_at END
    RETURNING
      (t.locked_until IS NULL OR t.locked_until <= now()) AND t.failures <= ${max} AS admitted,
      ceil(extract(epoch FROM (CASE WHEN t.locked_until > now() THEN t.locked_until ELSE t.window_started_at + ${window} END) - now()))::int AS wait_seconds`);
  const row = result.rows[0]!;
  return row.admitted ? 0 : Math.max(1, Number(row.wait_seconds));
}

/** A counted attempt failed: at `max` counted failures the key is locked for the window. True when this failure locked it. */
export async function recordFailure(db: TExecutor, key: string, max: number, windowSeconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE login_throttle SET locked_until = now() + make_interval(secs => ${windowSeconds}), failures = 0, window_started_at = now()
    WHERE key = ${key} AND failures >= ${max} AND (locked_until IS NULL OR locked_until <= now())`);
  return (result.rowCount ?? 0) > 0;
}

/** A counted attempt succeeded: it no longer counts against the key. */
export async function releaseAttempt(db: TExecutor, key: string): Promise<void> {
  await db.execute(sql`UPDATE login_throttle SET failures = GREATEST(failures - 1, 0) WHERE key = ${key} AND failures > 0`);
}

export async function clearThrottle(db: TExecutor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

export type TSpacing = { free: number; baseSeconds: number; capSeconds: number; windowSeconds: number };

/**
 * Counts one attempt against `key` unless the key's next attempt is not due yet. After `free` counted attempts
 * in the window, each admitted attempt makes the next one wait `baseSeconds`, doubling, at most `capSeconds`.
 * Refused attempts are not counted and do not move the due time, so nobody waits longer than the cap.
 * Answers 0 when the attempt may go ahead, otherwise the seconds to wait.
 */
export async function reserveSpacedAttempt(db: TExecutor, key: string, spacing: TSpacing): Promise<number> {
  const { free, baseSeconds, capSeconds, windowSeconds } = spacing;
  const expired = sql`t.window_started_at < now() - make_interval(secs => ${windowSeconds})`;
  const notDue = sql`t.next_allowed_at > now()`;
  const result = await db.execute<{ admitted: boolean; wait_seconds: number }>(sql`
    INSERT INTO login_throttle AS t (key, failures, window_started_at, next_allowed_at, refused)
      VALUES (${key}, 1, now(), CASE WHEN ${free} < 1 THEN now() + make_interval(secs => ${Math.min(baseSeconds, capSeconds)}) END, 0)
    ON CONFLICT (key) DO UPDATE SET
      refused = CASE WHEN NOT ${expired} AND ${notDue} THEN t.refused + 1 ELSE 0 END,
      failures = CASE WHEN ${expired} THEN 1 WHEN ${notDue} THEN t.failures ELSE t.failures + 1 END,
      window_started_at = CASE WHEN ${expired} THEN now() ELSE t.window_started_at END,
      next_allowed_at = CASE
        WHEN ${expired} THEN CASE WHEN ${free} < 1 THEN now() + make_interval(secs => ${Math.min(baseSeconds, capSeconds)}) END
        WHEN ${notDue} THEN t.next_allowed_at
        WHEN t.failures + 1 > ${free}
          THEN now() + make_interval(secs => least(${capSeconds}::float8, ${baseSeconds}::float8 * power(2::float8, least(t.failures - ${free}, 30))))
        ELSE t.next_allowed_at END
    RETURNING t.refused = 0 AS admitted, ceil(extract(epoch FROM t.next_allowed_at - now()))::int AS wait_seconds`);
  const row = result.rows[0]!;
  return row.admitted ? 0 : Math.max(1, Number(row.wait_seconds));
}

export type TRate = { perMinute: number; burst: number };

/**
 * One request against a token bucket of `perMinute` requests a minute and bursts of `burst` (GCRA). Refused
 * requests take nothing. Answers 0 when the request may go ahead, otherwise the seconds (with a fraction) until it
 * would.
 */
export async function takeRequestToken(db: TExecutor, key: string, rate: TRate): Promise<number> {
  const interval = 60 / Math.max(rate.perMinute, 1e-6);
  const tolerance = interval * Math.max(rate.burst - 1, 0);
  const tat = sql`greatest(coalesce(t.next_allowed_at, now()), now())`;
  const fits = sql`${tat} <= now() + make_interval(secs => ${tolerance}::float8)`;
  const result = await db.execute<{ admitted: boolean; wait_seconds: number }>(sql`
    INSERT INTO login_throttle AS t (key, failures, window_started_at, next_allowed_at, refused)
      VALUES (${key}, 0, now(), now() + make_interval(secs => ${interval}::float8), 0)
    ON CONFLICT (key) DO UPDATE SET
      refused = CASE WHEN ${fits} THEN 0 ELSE t.refused + 1 END,
      next_allowed_at = CASE WHEN ${fits} THEN ${tat} + make_interval(secs => ${interval}::float8) ELSE t.next_allowed_at END
    RETURNING t.refused = 0 AS admitted,
      extract(epoch FROM t.next_allowed_at - make_interval(secs => ${tolerance}::float8) - now())::float8 AS wait_seconds`);
  const row = result.rows[0]!;
  return row.admitted ? 0 : Math.max(0.001, Number(row.wait_seconds));
}

/** Removes counters that no longer hold anything back: nothing counted for `idleSeconds`, no lock, nothing due. */
export async function sweepThrottle(db: TExecutor, idleSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM login_throttle
    WHERE window_started_at < now() - make_interval(secs => ${idleSeconds})
      AND (locked_until IS NULL OR locked_until < now())
      AND (next_allowed_at IS NULL OR next_allowed_at < now() - make_interval(secs => ${idleSeconds}))`);
  return result.rowCount ?? 0;
}
