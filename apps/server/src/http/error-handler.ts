import { ERROR_CODES, type TErrorCode } from '@tarang/shared/common/errors';
import { isUnprocessableIssue } from '@tarang/shared/money/amount';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type TFieldError } from './app-error';

/** Maps fastify's own client errors to our codes. */
const FASTIFY_CODES: Record<string, TErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
};

/** Other client errors (from fastify or a plugin) keep their status and message, with the catalogue's code for it. */
const CODE_BY_STATUS: Partial<Record<number, TErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * PostgreSQL errors that only a value can cause (SQLSTATE class 22, data exceptions): a character the database cannot
 * hold, text that is not a number, date or id, a date or number out of range, text longer than its column. The
 * contract (packages/shared: text(), isoDate…) refuses such input before it reaches SQL; when some value slips past it
 * anyway, the client gets a 400 instead of a 500, and the log says which statement refused what so the schema can be
 * tightened.
 */
const INPUT_DATA_ERRORS: Record<string, string> = {
  '22001': 'string data too long',
  '22003': 'numeric value out of range',
  '22007': 'invalid date-time format',
  '22008': 'date-time field out of range',
  '22021': 'character not in repertoire',
  '22P02': 'invalid text representation',
  '22P05': 'untranslatable character',
};

/** The PostgreSQL data exception behind an error (drivers and the ORM wrap it as `cause`), if that is what it is. */
function inputDataError(error: unknown): { code: string; message: string } | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, severity } = e as { code?: unknown; message?: unknown; severity?: unknown };
    if (typeof code === 'string' && code in INPUT_DATA_ERRORS && typeof severity === 'string') {
      return { code, message: typeof message === 'string' ? message : INPUT_DATA_ERRORS[code]! };
    }
  }
  return null;
}

const INPUT_DATA_MESSAGE = 'A value in the request cannot be stored or compared; check the values sent';

function send(reply: FastifyReply, request: FastifyRequest, code: TErrorCode, message?: string, errors?: TFieldError[]) {
  const { status, message: fallback } = ERROR_CODES[code];
  return reply
    .status(status)
    .send({ success: false, message: message ?? fallback, code, requestId: request.id, ...(errors?.length ? { errors } : {}) });
}

function fieldPath(instancePath: string, context: string | undefined, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  const path = parts.join('.');
  return context && context !== 'body' ? (path ? `${context}.${path}` : context) : path || (context ?? 'body');
}

/** One error handler: client mistakes are 4xx naming the field; anything else is a 500 that shows no internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, request, error.code, error.message, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const params = v.params as { keys?: string[] };
        const unknownKey = v.keyword === 'unrecognized_keys' ? params.keys?.[0] : undefined;
        return {
          path: fieldPath(v.instancePath, error.validationContext, unknownKey),
          message: unknownKey ? `Unknown field "${unknownKey}"` : (v.message ?? 'Invalid value'),
        };
      });
      const first = errors[0]!;
      // A money amount that is not one the ledger can move is a 422 (packages/shared/src/money/amount.ts).
      const code = error.validation.every((v) => isUnprocessableIssue(v.params)) ? 'UNPROCESSABLE' : 'VALIDATION_FAILED';
      return send(reply, request, code, `${first.path}: ${first.message}`, errors);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return send(reply, request, mapped);
    if (error instanceof SyntaxError) return send(reply, request, 'MALFORMED_BODY');
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, request, 'TOO_MANY_REQUESTS');
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
      return reply
        .status(ERROR_CODES[code].status)
        .send({ success: false, message: error.message || ERROR_CODES[code].message, code, requestId: request.id });
    }
    const dataError = inputDataError(error);
    if (dataError) {
      // A value reached SQL that the contract should have refused: a client error, logged so the schema gets fixed.
      request.log.warn({ err: error, sqlState: dataError.code, reason: dataError.message }, 'database refused a value from the request');
      return send(reply, request, 'VALIDATION_FAILED', INPUT_DATA_MESSAGE);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 'INTERNAL');
  });
}

/**
 * Errors the router meets before a route is chosen (a malformed percent-encoding, an over-long path segment).
 * No hook runs for them, so the headers every response carries are set here (HSTS aside: the request here does not
 * know the trusted proxies, and browsers keep HSTS from the other responses).
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-request-id': request.id,
  });
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the URL is too long' : 'The URL is not valid';
  return send(reply, request, 'VALIDATION_FAILED', message, [{ path: 'url', message }]);
}
