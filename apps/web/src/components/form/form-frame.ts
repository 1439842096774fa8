import { createContext, type RefObject, useContext } from 'react';

/** What a form's fields need from the form around them. */
export type TFormFrame = {
  /** A validation or server message (English, as the shared schema or the server says it) in the reader's language. */
  translate: (message: string) => string;
  /** The form only shows its values (no permission to change them): every field is disabled. */
  readOnly: boolean;
  /** A submission is on its way (for what renders). */
  busy: boolean;
  /** A submission is on its way, known at once (for what runs before the next render: leaving after a save). */
  submitting: RefObject<boolean>;
};

export const FormFrame = createContext<TFormFrame>({
  translate: (message) => message,
  readOnly: false,
  busy: false,
  submitting: { current: false },
});

export const useFormFrame = () => useContext(FormFrame);
