import Box, { type BoxProps } from '@mui/material/Box';
import { type ReactNode, useMemo, useRef } from 'react';
import { type FieldValues, FormProvider, type Path, type UseFormReturn } from 'react-hook-form';
import { translateError, translateMessage } from '@/lib/i18n/i18n';
import { FormFrame } from './form-frame';
import { serverFieldErrors } from './server-errors';

/** How a form says what went wrong, in the reader's language: a feature's `use<Feature>Messages()` fits. */
export type TFormMessages = {
  /** A field's message (the shared schema's or the server's English text). */
  message: (text: string) => string;
  /** A failed submission that no field is about. */
  failure: (error: unknown) => string;
};

const GLOBAL_MESSAGES: TFormMessages = { message: translateMessage, failure: translateError };

/** Problems found on submit beyond the schema (a password the strength rule refuses): field → message. */
export type TFieldProblems<T extends FieldValues> = Partial<Record<Path<T>, string | null>>;

export type TFormProps<TIn extends FieldValues, TOut> = Omit<BoxProps<'form'>, 'onSubmit' | 'children'> & {
  /** The form's state: `useSchemaForm(schema, …)`, or `useForm` with a resolver of its own. */
  form: UseFormReturn<TIn, unknown, TOut>;
  /**
   * Sends the checked values. Resolving means done: the values become the form's clean state (errors it set stay).
   * Throwing means not saved: the server's `errors[]` go on their fields, anything else shows in the form's alert
   * (`FormAlert`).
   */
  onSubmit: (values: TOut) => Promise<unknown> | undefined;
  /** Checks that run on submit only, after the schema (they may be slow or load code); a problem stops the submit. */
  check?: (values: TOut) => Promise<TFieldProblems<TIn> | null>;
  messages?: TFormMessages;
  /** Where a failure no field is about is told (a toast); the form's alert (`FormAlert`) by default. */
  onFailure?: (message: string) => void;
  /** Every field disabled; nothing to submit. */
  readOnly?: boolean;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
};

/**
 * The frame of every form of the console: react-hook-form state checked by a schema, the fields' messages translated,
 * the server's field errors put on their fields, a general error for the rest, and the busy state of a submission.
 * Layouts: `FormCard` (a page's form, which also asks before unsaved changes are left), `FormDialog`.
 */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  check,
  messages = GLOBAL_MESSAGES,
  onFailure,
  readOnly = false,
  label,
  children,
  ...box
}: TFormProps<TIn, TOut>) {
  const { isSubmitting } = form.formState;
  const submitting = useRef(false);

  const submit = form.handleSubmit(async (values) => {
    submitting.current = true;
    try {
      const problems = check ? Object.entries((await check(values)) ?? {}).filter(([, message]) => message) : [];
      problems.forEach(([field, message], index) => {
        form.setError(field as Path<TIn>, { type: 'check', message: message as string }, { shouldFocus: index === 0 });
      });
      if (problems.length) return;
      await onSubmit(values);
      form.reset(form.getValues(), { keepErrors: true });
    } catch (error) {
      const placed = serverFieldErrors(error, Object.keys(form.formState.defaultValues ?? {}));
      placed.forEach(({ field, message }, index) => {
        form.setError(field as Path<TIn>, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      if (placed.length) return;
      if (onFailure) onFailure(messages.failure(error));
      else form.setError('root', { type: 'server', message: messages.failure(error) });
    } finally {
      submitting.current = false;
    }
  });

  const frame = useMemo(
    () => ({ translate: messages.message, readOnly, busy: isSubmitting, submitting }),
    [messages.message, readOnly, isSubmitting],
  );

  return (
    <FormProvider {...form}>
      <FormFrame.Provider value={frame}>
        <Box component="form" noValidate aria-label={label} aria-busy={isSubmitting || undefined} onSubmit={submit} {...box}>
          {children}
        </Box>
      </FormFrame.Provider>
    </FormProvider>
  );
}
