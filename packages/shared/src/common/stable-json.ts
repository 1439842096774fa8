/**
 * JSON with object keys sorted, so two equal bodies print the same whatever their key order: what an
 * Idempotency-Key is checked against, on the server (its fingerprint) and in the console (when to make a new key).
 */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(value)) ?? '';
}
