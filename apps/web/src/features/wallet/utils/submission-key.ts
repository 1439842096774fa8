/** A random UUID (v4) from the browser, also where `crypto.randomUUID` is missing (a console served over plain HTTP). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      /* not a secure context */
    }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of a money dialog's submission: submitting the same body again (a retry after a lost answer,
 * a second click) sends the same key, so the server moves the money once and answers the first result; another
 * body is another submission, with a new key (the server refuses a key reused with another body).
 */
export function createSubmissionKey(makeKey: () => string = newKey) {
  let current: { body: string; key: string } | null = null;
  return (body: unknown): string => {
    const print = JSON.stringify(body);
    if (current?.body !== print) current = { body: print, key: makeKey() };
    return current.key;
  };
}
