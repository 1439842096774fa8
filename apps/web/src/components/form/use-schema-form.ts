import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's state checked by its schema — the shared schema of `@tarang/shared` (or a form schema built from its
 * fields): the same rules as the server, run on submit and again as the user corrects a field.
 */
export function useSchemaForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'>,
) {
  return useForm<TIn, unknown, TOut>({ ...options, resolver: zodResolver(schema) });
}
