import { ERROR_CODES, type TErrorCode } from '@tarang/shared/common/errors';

export type TFieldError = { path: string; message: string };

/** The one error type services throw; the error handler turns it into `{ success: false, message, code }`. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly errors?: TFieldError[];
  readonly headers?: Record<string, string>;

  constructor(code: TErrorCode, message?: string, options: { errors?: TFieldError[]; headers?: Record<string, string> } = {}) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
/** An error about one field of the request: the message names the field (`path: message`) and `errors` holds it. */
export const fieldError = (code: TErrorCode, path: string, message: string) =>
  new AppError(code, `${path}: ${message}`, { errors: [{ path, message }] });
