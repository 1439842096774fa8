import { isoDateTime } from '@tarang/shared/common/dates';
import { ZId } from '@tarang/shared/common/text';
import { type AnyColumn, asc, Column, desc, eq, ilike, is, or, SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError } from '../http/app-error';

/**
 * Every list endpoint reads its rows through here. Two kinds of list:
 *  - page lists (organisations, users, roles, outbox): `page` and `limit`, a sort from the list's whitelist, and the
 *    total of matching rows (`meta: { page, limit, total }`, spec §7): `readPage`;
 *  - keyset lists (SIMs, requests, jobs, tasks, MNO jobs, audit events): `limit` and an opaque cursor, the position
 *    after the page's last row in an order made total by a unique last column (`meta: { limit, nextCursor }`):
 *    `readKeysetPage`, or its parts (`keysetOrderBy`, `keysetAfter`, `pageOfRows`) where one page takes more than one
 *    statement.
 * A cursor is not signed; it is read back through a strict schema of its list (every field's type, each date a real one
 * inside the contract's range, each id and ICCID in its format), so a cursor the server did not issue is a 400 on
 * `querystring.cursor` and never reaches SQL. A cursor cannot widen what a caller sees: tenancy and filters are
 * applied beside it on every page (docs/decisions/019-input-contract.md).
 */

// ─── sorts and search text ──────────────────────────────────────────────────────────────────────

type TSort<K extends string = string> = { key: K; descending: boolean };

/** `sort=-createdAt` as `{ key: 'createdAt', descending: true }`; a key outside `allowed` is a 400 naming the field. */
export function parseSort<K extends string>(raw: string, allowed: readonly K[]): TSort<K> {
  const descending = raw.startsWith('-');
  const key = (descending ? raw.slice(1) : raw) as K;
  if (!allowed.includes(key)) {
    // Named like the schema's own query errors (`querystring.<field>`), so a client reads both the same way.
    throw fieldError('VALIDATION_FAILED', 'querystring.sort', `sort must be one of ${allowed.join(', ')} (prefix - for descending)`);
  }
  return { key, descending };
}

/** ORDER BY for a page list: the asked sort over the columns the list allows, then `tieBreaker` (unique) for a stable order. */
export function orderByFromSort(
  sort: string | undefined,
  sortable: Record<string, AnyColumn | SQL>,
  fallback: string,
  tieBreaker: AnyColumn,
): SQL[] {
  const { key, descending } = parseSort(sort ?? fallback, Object.keys(sortable));
  const column = sortable[key]!;
  return [descending ? desc(column) : asc(column), sql`${tieBreaker}`];
}

/** Text with LIKE's wildcards (and its escape character) escaped, to match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE pattern for a user's search text, anywhere in the value (compare with the value lower-cased, or ILIKE). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/** A calendar date (YYYY-MM-DD) as the start or end of that day in India; a full timestamp as it is. */
function dayBound(value: string, endOfDay: boolean): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}+05:30` : value;
}

/** A list's date filter: `column` from `from` and up to `to` (a date includes its whole day), either bound optional. */
export function withinDates(column: SQL, from: string | undefined, to: string | undefined): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= ${dayBound(from, false)}::timestamptz`);
  if (to) out.push(sql`${column} <= ${dayBound(to, true)}::timestamptz`);
  return out;
}

// ─── page lists ─────────────────────────────────────────────────────────────────────────────────

export type TPageQuery = { page: number; limit: number };

/**
 * The filters of the shared list query (spec §7): `_id`, the row with that id, and `search`, text found in any of
 * `searchable` whatever its case (an SQL expression is compared lower-cased, as its index is built).
 */
export function listQueryConditions(
  query: { _id?: string; search?: string },
  id: AnyColumn,
  searchable: readonly (AnyColumn | SQL)[],
): (SQL | undefined)[] {
  const pattern = query.search ? containsPattern(query.search) : null;
  return [
    query._id ? eq(id, query._id) : undefined,
    pattern ? or(...searchable.map((c) => (is(c, SQL) ? sql`lower(${c}) LIKE ${pattern}` : ilike(c, pattern)))) : undefined,
  ];
}
export type TPageMeta = { page: number; limit: number; total: number };

/** An ordered select of a page list, before its window (a drizzle select after `.orderBy(…)`). */
type TOrderedSelect<TRow> = { limit(limit: number): { offset(offset: number): PromiseLike<TRow[]> } };

/** The page `query` asks for of `rows`, and `total` (a `count()` select over the same condition), read together. */
export async function readPage<TRow>(
  query: TPageQuery,
  rows: TOrderedSelect<TRow>,
  total: PromiseLike<{ n: number }[]>,
): Promise<{ rows: TRow[]; meta: TPageMeta }> {
  const [page, [counted]] = await Promise.all([rows.limit(query.limit).offset((query.page - 1) * query.limit), total]);
  return { rows: page, meta: { page: query.page, limit: query.limit, total: counted?.n ?? 0 } };
}

// ─── cursors ────────────────────────────────────────────────────────────────────────────────────

const CURSOR_MESSAGE = 'The cursor is not valid for this list; start again without it';
const BASE64URL = /^[A-Za-z0-9_-]{1,400}$/;
const DIGITS = /^\d{1,400}$/;

const badCursor = () => fieldError('VALIDATION_FAILED', 'querystring.cursor', CURSOR_MESSAGE);

/** A position as a cursor: base64url JSON. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The decoded position, or a 400 naming `querystring.cursor` when the text is not a cursor of this shape. */
export function decodeCursor<T extends z.ZodType>(cursor: string, shape: T): z.output<T> {
  if (!BASE64URL.test(cursor)) throw badCursor();
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const parsed = shape.safeParse(raw);
  if (!parsed.success) throw badCursor();
  return parsed.data;
}

/** How a list writes its positions as cursors and reads them back. */
export type TCursorFormat<P> = { encode: (position: P) => string; decode: (cursor: string) => P };

/** Positions as base64url JSON, read back through the list's strict schema. */
export function jsonCursor<T extends z.ZodType>(shape: T): TCursorFormat<z.output<T>> {
  return { encode: encodeCursor, decode: (cursor) => decodeCursor(cursor, shape) };
}

/**
 * A position that is one integer key (a bigserial), written as its digits. Digits past any key read as the largest
 * safe integer, so they page from the newest (or after the last) row instead of overflowing bigint.
 */
export const integerCursor: TCursorFormat<[number]> = {
  encode: ([key]) => String(key),
  decode: (cursor) => {
    if (!DIGITS.test(cursor)) throw badCursor();
    return [Math.min(Number(cursor), Number.MAX_SAFE_INTEGER)];
  },
};

// ─── keyset lists ───────────────────────────────────────────────────────────────────────────────

/** A value of a position: text (ids, ICCIDs, timestamps as exact text), a number, or null. */
export type TKeyValue = string | number | null;

/** A column of a keyset order; `cast` when its cursor value is text that SQL must read as another type. */
export type TKeyColumn = AnyColumn | SQL | { column: AnyColumn | SQL; cast: 'timestamptz' };

const isCast = (c: TKeyColumn): c is { column: AnyColumn | SQL; cast: 'timestamptz' } => !is(c, SQL) && !is(c, Column);
const columnOf = (c: TKeyColumn) => (isCast(c) ? c.column : c);
const positionValue = (c: TKeyColumn, value: TKeyValue) => (isCast(c) ? sql`${value}::${sql.raw(c.cast)}` : sql`${value}`);

/** ORDER BY of a keyset: every column in the one direction. */
export function keysetOrderBy(columns: readonly TKeyColumn[], descending: boolean): SQL {
  const direction = descending ? sql`DESC` : sql`ASC`;
  return sql.join(
    columns.map((c) => sql`${columnOf(c)} ${direction}`),
    sql`, `,
  );
}

/** The rows after a position in that order: one row comparison, which the index of the columns reads as a range. */
export function keysetAfter(columns: readonly TKeyColumn[], values: readonly TKeyValue[], descending: boolean): SQL {
  const after = descending ? sql`<` : sql`>`;
  if (columns.length === 1) return sql`${columnOf(columns[0]!)} ${after} ${positionValue(columns[0]!, values[0]!)}`;
  const left = sql.join(columns.map(columnOf), sql`, `);
  const right = sql.join(
    columns.map((c, i) => positionValue(c, values[i]!)),
    sql`, `,
  );
  return sql`(${left}) ${after} (${right})`;
}

/** A page from the `limit + 1` rows read: the first `limit`, and the last of them when another page follows. */
export function pageOfRows<TRow>(rows: TRow[], limit: number): { rows: TRow[]; last: TRow | null } {
  if (rows.length <= limit) return { rows, last: null };
  const page = rows.slice(0, limit);
  return { rows: page, last: page[page.length - 1] ?? null };
}

/**
 * A keyset list: its order (the last column unique, so the order is total), how its cursors are written, and the
 * position of a row (its values of the columns).
 */
export type TKeysetList<TRow, P extends readonly TKeyValue[]> = {
  columns: readonly TKeyColumn[];
  descending: boolean;
  cursor: TCursorFormat<P>;
  positionOf: (row: TRow) => P;
};

export type TKeysetMeta = { limit: number; nextCursor: string | null };

/** What `read` is given: the condition after the cursor (none on the first page), the ORDER BY, and how many rows to read. */
export type TKeysetSlice = { after: SQL | undefined; orderBy: SQL; limit: number };

/** One page of a keyset list after `query.cursor`; `read` runs the list's statement for the slice it is given. */
export async function readKeysetPage<TRow, P extends readonly TKeyValue[]>(
  list: TKeysetList<TRow, P>,
  query: { cursor?: string; limit: number },
  read: (slice: TKeysetSlice) => Promise<TRow[]>,
): Promise<{ rows: TRow[]; meta: TKeysetMeta }> {
  const after = query.cursor ? keysetAfter(list.columns, list.cursor.decode(query.cursor), list.descending) : undefined;
  const { rows, last } = pageOfRows(
    await read({ after, orderBy: keysetOrderBy(list.columns, list.descending), limit: query.limit + 1 }),
    query.limit,
  );
  return { rows, meta: { limit: query.limit, nextCursor: last ? list.cursor.encode(list.positionOf(last)) : null } };
}

// ─── newest first ───────────────────────────────────────────────────────────────────────────────

/** A timestamptz column as exact ISO text (UTC, microseconds): a cursor position that loses nothing. */
export const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** `isoText`'s microsecond text as JavaScript's millisecond ISO form, for an answer. */
export const isoMillis = (text: string | null) => (text ? `${text.slice(0, 23)}Z` : null);

/** Newest first: the cursor holds the last row's (created_at as `isoText`, id); anything else is a 400. */
const ZNewestFirstCursor = z.tuple([isoDateTime('cursor'), ZId]);

/** A list newest first by `createdAt`, ties broken by `id` (requests, batch and MNO jobs, activations, holds). */
export function newestFirst<TRow>(
  createdAt: SQL | AnyColumn,
  id: SQL | AnyColumn,
  positionOf: (row: TRow) => [string, string],
): TKeysetList<TRow, [string, string]> {
  return {
    columns: [{ column: createdAt, cast: 'timestamptz' }, id],
    descending: true,
    cursor: jsonCursor(ZNewestFirstCursor),
    positionOf,
  };
}
