/**
 * Requests this user started from this browser and has not yet been told the end of: the console watches them
 * while it is open and says when each finishes (issue 5, live progress). Kept per user in local storage, so a
 * reload or another tab keeps watching.
 */
const KEY_PREFIX = 'tarang.watched-requests.';
/** Older entries are dropped: a request that has not ended in a week is followed on its page. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const MAX_ENTRIES = 50;

export type TWatched = { id: string; batchJobId: string; type: string; since: number };

const listeners = new Set<() => void>();

function read(userId: string): TWatched[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY_PREFIX + userId) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const now = Date.now();
    return parsed.filter(
      (w): w is TWatched =>
        typeof w?.id === 'string' && typeof w.batchJobId === 'string' && typeof w.since === 'number' && now - w.since < MAX_AGE_MS,
    );
  } catch {
    return [];
  }
}

function write(userId: string, list: TWatched[]) {
  try {
    localStorage.setItem(KEY_PREFIX + userId, JSON.stringify(list.slice(-MAX_ENTRIES)));
  } catch {
    /* watched for this visit only */
  }
  for (const listener of listeners) listener();
}

export function watchedRequests(userId: string): TWatched[] {
  return read(userId);
}

export function watchRequest(userId: string, request: Omit<TWatched, 'since'>): void {
  const list = read(userId).filter((w) => w.id !== request.id);
  write(userId, [...list, { ...request, since: Date.now() }]);
}

export function unwatchRequest(userId: string, id: string): void {
  const list = read(userId);
  if (list.some((w) => w.id === id))
    write(
      userId,
      list.filter((w) => w.id !== id),
    );
}

/** Called when the list changes in this tab (other tabs: the `storage` event). */
export function subscribeWatched(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isWatchedKey(storageKey: string | null, userId: string): boolean {
  return storageKey === KEY_PREFIX + userId;
}
