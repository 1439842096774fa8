/** The constraint a failed statement violated, for PostgreSQL's `code` (23505 unique, 23503 foreign key); null otherwise. */
export function violatedConstraint(error: unknown, code: '23505' | '23503'): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: unknown; constraint?: unknown };
    if (pgError.code === code) return typeof pgError.constraint === 'string' ? pgError.constraint : '';
  }
  return null;
}
