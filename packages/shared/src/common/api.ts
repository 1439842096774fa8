import { z } from 'zod';

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
    sort: z
      .string()
      .max(64)
      .regex(/^-?[a-zA-Z]+$/, 'sort must be a field name, optionally prefixed by -')
      .optional(),
    search: z.string().trim().max(255).optional(),
    _id: z
      .string()
      .regex(/^[0-9a-f]{24}$/, 'must be a 24-character id')
      .optional(),
  })
  .strict();
export type TListQuery = z.infer<typeof ZListQuery>;

export type TListMeta = { page: number; limit: number; total: number; nextCursor?: string | null };

export const ZIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character id') }).strict();
