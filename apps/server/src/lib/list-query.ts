import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { AppError } from '../http/app-error';

/** Turns `sort=-createdAt` into an ORDER BY over the columns a list allows; anything else is a 400 naming the field. */
export function orderByFromSort(sort: string | undefined, allowed: Record<string, AnyColumn | SQL>, fallback: string): SQL[] {
  const raw = sort ?? fallback;
  const descending = raw.startsWith('-');
  const field = descending ? raw.slice(1) : raw;
  const column = allowed[field];
  if (!column) {
    // Named like the schema's own query errors (`querystring.<field>`), so a client reads both the same way.
    const message = `sort must be one of ${Object.keys(allowed).join(', ')} (prefix - for descending)`;
    throw new AppError('VALIDATION_FAILED', `querystring.sort: ${message}`, { errors: [{ path: 'querystring.sort', message }] });
  }
  return [descending ? desc(column) : asc(column)];
}

/** LIKE pattern for a user's search text, with wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
