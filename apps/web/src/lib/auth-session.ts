import type { TTokenPair } from '@tarang/shared/auth/auth.schemas';

/**
 * The signed-in session, kept in localStorage (spec §3): access token, refresh token and both expiry
 * times, with the refresh token also stored under its own key. localStorage is the source of truth:
 * every API call reads the token from here, so all open tabs share one session.
 */
export type TSession = {
  accessToken: string;
  refreshToken: string;
  /** ISO time the access token stops working. */
  accessExpiresAt: string;
  /** ISO time the refresh token (and so the session) stops working. */
  refreshExpiresAt: string;
};

export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  accessExpiresAt: 'accessExpiresAt',
  refreshExpiresAt: 'refreshExpiresAt',
  /** The refresh token on its own, kept separately (spec §3). */
  storedRefreshToken: 'tarang.refreshToken',
} as const;

/** What the stored session looks like when the console starts (spec §4, steps 1–2). */
export type TStoredSessionState =
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'access-valid'; session: TSession }
  | { kind: 'access-expired'; session: TSession };

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readSession(): Partial<TSession> {
  const s = storage();
  if (!s) return {};
  const out: Partial<TSession> = {};
  const refresh = s.getItem(SESSION_KEYS.refreshToken) ?? s.getItem(SESSION_KEYS.storedRefreshToken);
  const access = s.getItem(SESSION_KEYS.accessToken);
  const accessExpiresAt = s.getItem(SESSION_KEYS.accessExpiresAt);
  const refreshExpiresAt = s.getItem(SESSION_KEYS.refreshExpiresAt);
  if (access) out.accessToken = access;
  if (refresh) out.refreshToken = refresh;
  if (accessExpiresAt) out.accessExpiresAt = accessExpiresAt;
  if (refreshExpiresAt) out.refreshExpiresAt = refreshExpiresAt;
  return out;
}

export function getAccessToken(): string | null {
  return storage()?.getItem(SESSION_KEYS.accessToken) ?? null;
}

export function getRefreshToken(): string | null {
  const s = storage();
  return s?.getItem(SESSION_KEYS.refreshToken) ?? s?.getItem(SESSION_KEYS.storedRefreshToken) ?? null;
}

export function saveTokens(tokens: TTokenPair): TSession {
  const session: TSession = {
    accessToken: tokens.access.token,
    refreshToken: tokens.refresh.token,
    accessExpiresAt: tokens.access.expires,
    refreshExpiresAt: tokens.refresh.expires,
  };
  const s = storage();
  if (s) {
    s.setItem(SESSION_KEYS.accessToken, session.accessToken);
    s.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
    s.setItem(SESSION_KEYS.accessExpiresAt, session.accessExpiresAt);
    s.setItem(SESSION_KEYS.refreshExpiresAt, session.refreshExpiresAt);
    s.setItem(SESSION_KEYS.storedRefreshToken, session.refreshToken);
  }
  return session;
}

export function clearTokens(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(SESSION_KEYS)) s.removeItem(key);
}

function isPast(iso: string, now: number): boolean {
  const t = Date.parse(iso);
  return Number.isNaN(t) || t <= now;
}

/**
 * Classifies the stored session. Nothing stored at all is `none` (a first visit or after signing out);
 * a session with a part missing, or whose refresh expiry has passed, is `expired`.
 */
export function inspectStoredSession(now = Date.now()): TStoredSessionState {
  const stored = readSession();
  const parts = [stored.accessToken, stored.refreshToken, stored.accessExpiresAt, stored.refreshExpiresAt];
  if (parts.every((p) => !p)) return { kind: 'none' };
  if (parts.some((p) => !p)) return { kind: 'expired' };
  const session = stored as TSession;
  if (isPast(session.refreshExpiresAt, now)) return { kind: 'expired' };
  // A token that expires within the next 10 seconds is refreshed now rather than failing mid-call.
  if (isPast(session.accessExpiresAt, now + 10_000)) return { kind: 'access-expired', session };
  return { kind: 'access-valid', session };
}
