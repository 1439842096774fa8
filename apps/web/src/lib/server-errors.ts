import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * Puts the server's field errors (`errors[].path`) on the form's fields. Paths may come as
 * `email`, `body.email` or deeper (`authScopes.user.actions.add`): the first known field wins.
 * Returns whether at least one error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  translate: (message: string) => string,
): boolean {
  if (!isApiError(error) || !error.errors?.length) return false;
  let placed = false;
  for (const item of error.errors) {
    const parts = item.path.split('.').filter((p) => p !== 'body');
    const field = fields.find((f) => f === parts[0]);
    if (!field) continue;
    setError(field, { type: 'server', message: translate(item.message) }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
