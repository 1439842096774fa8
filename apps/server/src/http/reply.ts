import type { TListMeta } from '@tarang/shared/common/api';
import type { FastifyRequest } from 'fastify';
import type { TRequestContext } from './request-context';

/** `{ success: true, message?, data, meta? }`, the one success shape. */
export function ok<T>(data: T, extra: { message?: string; meta?: TListMeta } = {}) {
  return {
    success: true as const,
    ...(extra.message ? { message: extra.message } : {}),
    data,
    ...(extra.meta ? { meta: extra.meta } : {}),
  };
}

/** A list's answer, `{ success: true, data: rows, meta }`, from the page a service read. */
export function okPage<T, M>(page: { rows: T[]; meta: M }) {
  return { success: true as const, data: page.rows, meta: page.meta };
}

export function contextOf(request: FastifyRequest): TRequestContext {
  const ua = request.headers['user-agent'];
  return {
    actor: request.actor,
    ip: request.ip ?? null,
    userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null,
    requestId: request.id,
  };
}
