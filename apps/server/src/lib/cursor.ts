import type { z } from 'zod';
import { AppError } from '../http/app-error';

/**
 * Keyset cursors: the position after a page's last row, as base64url JSON. A cursor is not signed; it is read back
 * through a strict schema of its list (every field's type, each date a real one inside the contract's range, each id
 * and ICCID in its format), so a cursor the server did not issue is a 400 on `querystring.cursor` and never reaches
 * SQL. A cursor cannot widen what a caller sees: tenancy and filters are applied beside it on every page
 * (docs/decisions/019-input-contract.md).
 */

const CURSOR_MESSAGE = 'The cursor is not valid for this list; start again without it';
const BASE64URL = /^[A-Za-z0-9_-]{1,400}$/;

export const badCursor = () =>
  new AppError('VALIDATION_FAILED', `querystring.cursor: ${CURSOR_MESSAGE}`, {
    errors: [{ path: 'querystring.cursor', message: CURSOR_MESSAGE }],
  });

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
