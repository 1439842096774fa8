import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { flushClosedAuditTallies } from '../audit/audit-tallies';
import { sweepThrottle, takeRequestToken } from './throttle.repository';

/**
 * Limits on the unauthenticated endpoints (docs/decisions/020-limits-on-anonymous-endpoints.md), on top of the
 * attempt limits of decision 011. Every counter is a row in PostgreSQL, shared by every API process.
 */

/**
 * The key of a client address. An IPv6 client usually holds a whole /64, so its addresses count as one;
 * an IPv4 address written as IPv6 (::ffff:a.b.c.d) counts as the IPv4 address.
 */
export function clientKey(ip: string | null): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part stands for two groups.
  const width = (parts: string[]) => parts.length + (parts.at(-1)?.includes('.') ? 1 : 0);
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(8 - width(left) - width(right), 0)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

export function tooManyRequests(waitSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', undefined, { headers: { 'retry-after': String(Math.max(1, Math.ceil(waitSeconds))) } });
}

const REFUSALS_REMEMBERED = 10_000;

/**
 * The per-address request rate of the unauthenticated endpoints, as a route's `onRequest` hook: it runs before
 * the body is parsed, so a refused request costs one statement and nothing else. Once the shared counter refuses
 * an address until some instant, this process answers that address's requests until then without asking again:
 * refused requests do not change the counter and admitted ones only push it later, so nothing can open the
 * address earlier, and a flood from one address costs one statement per refusal period instead of per request.
 */
export function limitAnonymousRequests(deps: TDeps): onRequestAsyncHookHandler {
  const refusedUntil = new Map<string, number>();
  return async (request: FastifyRequest) => {
    const key = `rate-ip:${clientKey(request.ip ?? null)}`;
    const until = refusedUntil.get(key);
    if (until !== undefined) {
      if (until > Date.now()) throw tooManyRequests((until - Date.now()) / 1000);
      refusedUntil.delete(key);
    }
    const wait = await takeRequestToken(deps.db, key, {
      perMinute: deps.config.anonymousRequestsPerMinutePerIp,
      burst: deps.config.anonymousBurstPerIp,
    });
    if (wait > 0) {
      if (refusedUntil.size >= REFUSALS_REMEMBERED) refusedUntil.delete(refusedUntil.keys().next().value!);
      refusedUntil.set(key, Date.now() + wait * 1000);
      throw tooManyRequests(wait);
    }
  };
}

/** The per-account request rate: for endpoints that name an account (its id, or the normalised username). */
export async function limitAccountRequests(deps: TDeps, account: string): Promise<void> {
  const perMinute = deps.config.anonymousRequestsPerMinutePerAccount;
  const wait = await takeRequestToken(deps.db, `rate-acct:${account}`, { perMinute, burst: perMinute });
  if (wait > 0) throw tooManyRequests(wait);
}

const SWEEP_EVERY_MS = 60_000;

/**
 * Every minute, in each API process: summarises the audit windows that have closed and removes counters that
 * hold nothing back any more. Several processes may do it at once; each window is summarised once.
 */
export function startThrottleSweeper(app: FastifyInstance, deps: TDeps): void {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= (async () => {
      try {
        await flushClosedAuditTallies(deps.db);
        await sweepThrottle(deps.db, Math.max(deps.config.loginThrottleWindowSeconds, 24 * 3600));
      } catch (error) {
        deps.logger.warn({ err: error }, 'sweeping the sign-in counters failed; tried again in a minute');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
