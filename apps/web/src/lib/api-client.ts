import type { TTokenPair } from '@tarang/shared/auth/auth.schemas';
import type { TApiError, TListMeta } from '@tarang/shared/common/api';
import { MESSAGES } from '@tarang/shared/common/messages';
import { getAccessToken, getRefreshToken, saveTokens } from './auth-session';

/**
 * The one HTTP client of the console (spec §7). Paths are relative to the API base (`/api/v1`);
 * after sign-in every call carries the bearer token; bodies are JSON.
 * GET, POST, PUT and DELETE reject with the error body ({ message, code, errors, … } as an ApiError);
 * PATCH rejects with the message only. A 401 triggers one token refresh and one retry; when the
 * refresh fails the session ends (listeners of `onSessionEnded` sign the user out).
 */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api/v1';

export type TEnvelope<T> = { success: true; message?: string; data: T; meta?: TListMeta };

export type TQueryParams = Record<string, string | number | boolean | null | undefined | readonly string[]>;

export type TRequestOptions = {
  params?: TQueryParams;
  body?: unknown;
  /** A multipart body (file uploads), sent as it is instead of JSON. */
  form?: FormData;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Drop `organizationId` from the query (a base GET that must see every organisation). */
  omitOrganizationId?: boolean;
  /** Further headers of the call (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
};

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId?: string;
  readonly errors?: { path: string; message: string }[];
  readonly body: TApiError | null;

  constructor(status: number, body: Partial<TApiError> | null) {
    super(body?.message || MESSAGES.genericClientError);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? (status === 0 ? 'NETWORK' : 'UNKNOWN');
    this.requestId = body?.requestId;
    this.errors = body?.errors;
    this.body = body && body.success === false ? (body as TApiError) : null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any rejection: the server's, else 'There is an error!' (spec §8). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return MESSAGES.genericClientError;
}

type TSessionEndedListener = (reason: 'refresh-failed') => void;
const sessionEndedListeners = new Set<TSessionEndedListener>();

export function onSessionEnded(listener: TSessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function buildUrl(path: string, params?: TQueryParams, omitOrganizationId = false): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (omitOrganizationId && key === 'organizationId') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

async function send(method: string, path: string, options: TRequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined && !options.form) headers['content-type'] = 'application/json';
  const token = options.auth === false ? null : getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return await fetch(buildUrl(path, options.params, options.omitOrganizationId), {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

let refreshInFlight: Promise<boolean> | null = null;

function isTokenPair(value: unknown): value is TTokenPair {
  const v = value as TTokenPair | null | undefined;
  return (
    typeof v?.access?.token === 'string' &&
    typeof v.access.expires === 'string' &&
    typeof v.refresh?.token === 'string' &&
    typeof v.refresh.expires === 'string'
  );
}

async function doRefresh(seenRefreshToken: string | null): Promise<boolean> {
  const current = getRefreshToken();
  if (!current) return false;
  // Another tab rotated the token while we waited: use the session it stored.
  if (seenRefreshToken && current !== seenRefreshToken) return true;
  try {
    const response = await send('POST', '/auth/refresh-tokens', { body: { refreshToken: current }, auth: false });
    if (!response.ok) return false;
    const body = (await readJson(response)) as { data?: unknown } | null;
    // Checked by shape here: the schema library stays out of the sign-in page.
    if (!isTokenPair(body?.data)) return false;
    saveTokens(body.data);
    return true;
  } catch {
    return false;
  }
}

/**
 * Rotates the tokens once, however many calls ask at the same time. Tabs take turns through a
 * Web Lock, so two tabs never present the same refresh token (which would end the session).
 */
export function refreshSession(): Promise<boolean> {
  if (refreshInFlight) return refreshInFlight;
  const seen = getRefreshToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run: Promise<boolean> = locks
    ? (locks.request('tarang-token-refresh', () => doRefresh(seen)) as unknown as Promise<boolean>)
    : doRefresh(seen);
  const flight = run.finally(() => {
    refreshInFlight = null;
  });
  refreshInFlight = flight;
  return flight;
}

function endSession() {
  for (const listener of sessionEndedListeners) listener('refresh-failed');
}

/** Sends a call with the session's token; a 401 rotates the tokens once and sends it again. */
async function sendSigned(method: string, path: string, options: TRequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await send(method, path, options);
    const signedCall = options.auth !== false && getAccessToken() !== null;
    if (response.status === 401 && signedCall && !path.startsWith('/auth/')) {
      if (await refreshSession()) {
        response = await send(method, path, options);
        if (response.status === 401) endSession();
      } else {
        endSession();
      }
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  return response;
}

async function request<T>(method: string, path: string, options: TRequestOptions = {}): Promise<TEnvelope<T>> {
  const response = await sendSigned(method, path, options);
  const body = await readJson(response);
  if (!response.ok) {
    const errorBody = body && typeof body === 'object' ? (body as Partial<TApiError>) : null;
    if (method === 'PATCH') throw new ApiError(response.status, { message: errorBody?.message });
    throw new ApiError(response.status, errorBody);
  }
  return (body ?? { success: true, data: null }) as TEnvelope<T>;
}

/** A file the API sends (export, template, rejected rows): its bytes and the name the server gave it. */
export type TDownload = { blob: Blob; fileName: string | null };

function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? null;
}

/** GET of a file with the bearer token (a plain link could not carry it); rejects like GET. */
async function download(path: string, options: Omit<TRequestOptions, 'body' | 'form'> = {}): Promise<TDownload> {
  const response = await sendSigned('GET', path, options);
  if (!response.ok) {
    const body = await readJson(response);
    throw new ApiError(response.status, body && typeof body === 'object' ? (body as Partial<TApiError>) : null);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

export const api = {
  get: <T>(path: string, options?: Omit<TRequestOptions, 'body'>) => request<T>('GET', path, options),
  /** GET by id: the data of the answer, as a copy the caller may change. */
  getById: async <T>(path: string, options?: Omit<TRequestOptions, 'body'>): Promise<T> =>
    structuredClone((await request<T>('GET', path, options)).data),
  post: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'body'>) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<TRequestOptions, 'body'>) => request<T>('DELETE', path, options),
  /** POST of a multipart form (a file upload). */
  postForm: <T>(path: string, form: FormData, options?: Omit<TRequestOptions, 'body' | 'form'>) =>
    request<T>('POST', path, { ...options, form }),
  download,
};
