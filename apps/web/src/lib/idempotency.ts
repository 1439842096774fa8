import { stableJson } from '@tarang/shared/common/stable-json';

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a console served over plain HTTP). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      /* not a secure context */
    }
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of one submission: the same body sent again (a retry after a lost answer, a second click)
 * carries the same key, so the server answers the request it already made; a changed body is a new submission
 * with a new key (the server refuses a key reused with another body).
 */
export function createIdempotencyKeeper(makeKey: () => string = newUuid) {
  let current: { print: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const print = stableJson(body);
      if (current?.print !== print) current = { print, key: makeKey() };
      return current.key;
    },
    /** After a request was made: the next submission is a new one. */
    reset() {
      current = null;
    },
  };
}
