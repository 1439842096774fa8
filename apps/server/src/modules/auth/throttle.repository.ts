import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { loginThrottle } from './auth.table';

/**
 * Failed-attempt counters (per account, per client address). An attempt is counted *before* the
 * password or code is checked (`reserveAttempt`), so requests sent all at once cannot get more
 * guesses through than the limit; a success gives its count back (`releaseAttempt`, `clearThrottle`),
 * a failure keeps it and locks the key for the window once the limit is reached (`recordFailure`).
 * Attempts refused while the limit is spent keep counting until the window ends.
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
 * Counts one attempt against `key` inside a sliding window. Answers 0 when the attempt may go ahead,
 * otherwise the seconds to wait: the key is locked, or more than `max` attempts of the window are counted.
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

/** A counted attempt failed: at `max` counted failures the key is locked for the window. */
export async function recordFailure(db: TExecutor, key: string, max: number, windowSeconds: number): Promise<void> {
  await db.execute(sql`
    UPDATE login_throttle SET locked_until = now() + make_interval(secs => ${windowSeconds}), failures = 0, window_started_at = now()
    WHERE key = ${key} AND failures >= ${max} AND (locked_until IS NULL OR locked_until <= now())`);
}

/** A counted attempt succeeded: it no longer counts against the key. */
export async function releaseAttempt(db: TExecutor, key: string): Promise<void> {
  await db.execute(sql`UPDATE login_throttle SET failures = GREATEST(failures - 1, 0) WHERE key = ${key} AND failures > 0`);
}

export async function clearThrottle(db: TExecutor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
