/**
 * Error codes: each maps to one HTTP status and one default message. The server throws them,
 * the console translates them; nothing else invents an error.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid' },
  MALFORMED_BODY: { status: 400, message: 'The request body is not valid JSON' },
  SEALED_VALUE_INVALID: { status: 400, message: 'The sealed password could not be opened; fetch a new login key and try again' },
  WEAK_PASSWORD: { status: 422, message: 'This password is too common; choose another' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid username or password' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  TOKEN_INVALID: { status: 401, message: 'Invalid or expired token' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'This API route does not exist' },
  CONFLICT: { status: 409, message: 'This conflicts with an existing record' },
  OTP_INVALID: { status: 400, message: 'The code is wrong or has expired' },
  UNPROCESSABLE: { status: 422, message: 'The request cannot be carried out' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts; try again later' },
  REGISTRATION_CLOSED: { status: 403, message: 'Accounts are created by invitation only' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side' },
} as const satisfies Record<string, { status: number; message: string }>;

export type TErrorCode = keyof typeof ERROR_CODES;
