import { describe, expect, it } from 'vitest';
import { inspectStoredSession, SESSION_KEYS, saveTokens } from './auth-session';

const hour = 3_600_000;
function store(accessIn: number, refreshIn: number) {
  saveTokens({
    access: { token: 'a', expires: new Date(Date.now() + accessIn).toISOString() },
    refresh: { token: 'r', expires: new Date(Date.now() + refreshIn).toISOString() },
  });
}

describe('stored session', () => {
  it('is none when nothing is stored', () => {
    expect(inspectStoredSession().kind).toBe('none');
  });
  it('is usable while the access token lasts', () => {
    store(hour, 24 * hour);
    expect(inspectStoredSession().kind).toBe('access-valid');
    expect(localStorage.getItem(SESSION_KEYS.storedRefreshToken)).toBe('r');
  });
  it('needs a refresh when the access token has expired', () => {
    store(-1000, 24 * hour);
    expect(inspectStoredSession().kind).toBe('access-expired');
  });
  it('has expired when the refresh expiry has passed or a part is missing', () => {
    store(hour, -1000);
    expect(inspectStoredSession().kind).toBe('expired');
    store(hour, 24 * hour);
    localStorage.removeItem(SESSION_KEYS.accessExpiresAt);
    expect(inspectStoredSession().kind).toBe('expired');
  });
});
