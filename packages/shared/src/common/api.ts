import { z } from 'zod';
import { text, trimmedText, ZId } from './text';

/** Every response is `{ success, message?, data?, meta? }`. */
export type TApiResponse<T> = { success: true; message?: string; data: T; meta?: TListMeta };

export type TApiError = {
  success: false;
  message: string;
  code: string;
  requestId?: string;
  errors?: { path: string; message: string }[];
};

export const ZListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(25),
    sort: text()
      .max(64)
      .regex(/^-?[a-zA-Z]+$/, 'sort must be a field name, optionally prefixed by -')
      .optional(),
    search: trimmedText().max(255).optional(),
    _id: ZId.optional(),
  })
  .strict();
export type TListQuery = z.infer<typeof ZListQuery>;

/**
 * A page position the server handed out (`meta.nextCursor`): opaque base64url text. The server decodes it and checks
 * every field before use; one it did not issue is a 400 naming `querystring.cursor`.
 */
export const ZCursor = text()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be the nextCursor of an earlier page');

export type TListMeta = { page: number; limit: number; total: number; nextCursor?: string | null };

export const ZIdParams = z.object({ id: ZId }).strict();
