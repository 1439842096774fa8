import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError } from '@/lib/api-client';

/**
 * After a refused save: puts the server's field errors that `place` knows (an item of a list, 'entries.3.ports',
 * 'numbers.2') on the form with `setError`, then rethrows for the form — what is left of the error for it to place
 * ('name'), or, when nothing is left, an error whose message (`placed`) asks to correct what is marked.
 */
export function throwPlacedErrors(
  error: unknown,
  placed: string,
  place: (path: string) => string | null,
  setError: (field: string, message: string, focus: boolean) => void,
): never {
  if (!isApiError(error) || !error.errors?.length) throw error;
  const rest: { path: string; message: string }[] = [];
  let count = 0;
  for (const item of error.errors) {
    const field = place(item.path);
    if (field === null) {
      rest.push(item);
      continue;
    }
    setError(field, item.message, count === 0);
    count++;
  }
  if (count === 0) throw error;
  if (rest.length) throw new ApiError(error.status, { ...error.body, message: error.message, code: error.code, errors: rest });
  throw new Error(placed);
}

/** `setError` of a form for `throwPlacedErrors`: a server error on the field, the first one focused. */
export function serverErrorSetter<T extends FieldValues>(setError: UseFormSetError<T>) {
  return (field: string, message: string, focus: boolean) =>
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: focus });
}
