/** Identifiers are 12 random bytes written as 24 lowercase hex characters (spec §9). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
