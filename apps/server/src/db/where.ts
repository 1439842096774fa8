import { type SQL, sql } from 'drizzle-orm';

/** `WHERE a AND b …` for the conditions given (missing ones left out); nothing when none remain. */
export function whereOf(conditions: readonly (SQL | null | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => Boolean(c));
  return present.length ? sql`WHERE ${sql.join(present, sql` AND `)}` : sql``;
}
