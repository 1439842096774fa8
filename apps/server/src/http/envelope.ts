import { z } from 'zod';

/** Response schemas for OpenAPI and serialisation: `{ success, message?, data, meta? }`. */
export const ZListMeta = z.object({ page: z.number(), limit: z.number(), total: z.number(), nextCursor: z.string().nullable().optional() });

/** The meta of an answer that declares none of its own: a page list's, when there is one. */
export type TOptionalListMeta = z.ZodOptional<typeof ZListMeta>;

/** `meta`: the schema of a list's own meta (a keyset list's cursor, say); the page meta, optional, otherwise. */
export function envelope<T extends z.ZodType, M extends z.ZodType = TOptionalListMeta>(data: T, meta?: M) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data, meta: (meta ?? ZListMeta.optional()) as M });
}

/** The one error shape: every 4xx and 5xx answer of the API. */
export const ZErrorBody = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    requestId: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .describe('Error: a message, a code from the error catalogue, the request id and, for bad input, the fields at fault');

export const ZMessageOnly = z.object({ success: z.literal(true), message: z.string().optional(), data: z.null().optional() });
