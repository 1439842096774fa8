import { z } from 'zod';
import { text } from './text';

/** A query-string list, `A,B,C`, each item checked by `item`; one wrong item fails the whole list naming `name`. */
export const commaList = <T extends z.ZodType>(item: T, name: string) =>
  text()
    .max(500)
    .transform((raw, ctx) => {
      const parts = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const out: z.infer<T>[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            message: `${name} must be a comma list of ${item instanceof z.ZodEnum ? item.options.join(', ') : 'values'}`,
          });
          return z.NEVER;
        }
        out.push(parsed.data as z.infer<T>);
      }
      return out;
    });
