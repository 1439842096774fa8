import { isApiError } from '@/lib/api-client';

export type TFieldMessage = { field: string; message: string };

/**
 * The server's field errors (`errors[].path`) that name one of `fields`. Paths may come as `email`, `body.email` or
 * deeper (`authScopes.user.actions.add`): the first segment after `body` is the field.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): TFieldMessage[] {
  if (!isApiError(error) || !error.errors?.length) return [];
  const out: TFieldMessage[] = [];
  for (const item of error.errors) {
    const field = item.path.split('.').filter((part) => part !== 'body')[0];
    if (field && fields.includes(field)) out.push({ field, message: item.message });
  }
  return out;
}
