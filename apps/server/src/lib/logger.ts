import pino, { type Logger } from 'pino';

/** Paths and query strings that carry a secret; they are masked in every log line. */
const SECRET_URL_PATTERNS: [RegExp, string][] = [
  // An access token in the API path, and a set-password link token in the console path the e-mail links to.
  [/(\/auth\/(?:logged-in-user|reset-password)\/)[^/?#]+/i, '$1[REDACTED]'],
  [/([?&](?:token|otp|otpToken|refreshToken|accessToken|access_token|apiKey|api_key|password|secret)=)[^&#]*/gi, '$1[REDACTED]'],
];

export function redactUrl(url: string): string {
  let out = url;
  for (const [pattern, replacement] of SECRET_URL_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Keys that hold a secret, masked at the top level and up to two objects down (`{ body: { user: { password } } }`). */
const SECRET_KEYS = [
  'password',
  'newpassword',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'otp',
  'otpToken',
  'apiKey',
  'secret',
  'authorization',
  'cookie',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

type TSerializedError = { message?: unknown; stack?: unknown; params?: unknown; cause?: unknown; [key: string]: unknown };

/** The `params: …` text of every failed query in an error's cause chain, exactly as the messages hold it. */
function queryParamTexts(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return [];
  const own = 'query' in error && 'params' in error ? [`\nparams: ${String(error.params)}`] : [];
  return [...own, ...queryParamTexts(error.cause, depth + 1)];
}

function scrub(serialized: TSerializedError, texts: string[], depth = 0): TSerializedError {
  for (const key of ['message', 'stack'] as const) {
    const value = serialized[key];
    if (typeof value === 'string') serialized[key] = texts.reduce((out, text) => out.replaceAll(text, '\nparams: [REDACTED]'), value);
  }
  if ('params' in serialized) serialized.params = '[REDACTED]';
  if (serialized.cause && typeof serialized.cause === 'object' && depth < 5) scrub(serialized.cause as TSerializedError, texts, depth + 1);
  return serialized;
}

/**
 * A failed query's error carries its parameters (in `params` and in the message), and those can be an outgoing
 * message with a reset code or a private key being stored: the query text and the cause stay, the parameters go.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return scrub(pino.stdSerializers.err(error) as unknown as TSerializedError, queryParamTexts(error));
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      serializers: {
        req: (req: { id?: string; method?: string; url?: unknown; ip?: string }) => ({
          id: req.id,
          method: req.method,
          url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
          ip: req.ip,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
    destination,
  );
}
