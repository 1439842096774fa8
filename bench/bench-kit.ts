import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { httpCall } from './http-client';

/** What the bench's sections share: timing the server's memory, calling the API, and the bare COPY baseline. */

/** Samples the server's RSS every 100 ms while `work` runs; returns its result, the time and the peak. */
export async function measured<T>(
  server: { rss: () => Promise<number> },
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; startRss: number; peakRss: number }> {
  const startRss = await server.rss();
  let peak = startRss;
  const timer = setInterval(() => {
    void server.rss().then((v) => {
      peak = Math.max(peak, v);
    });
  }, 100);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, startRss, peakRss: Math.max(peak, await server.rss()) };
  } finally {
    clearInterval(timer);
  }
}

/** One JSON call to the API as a signed-in user; an answer of 300 or more throws with its status and text. */
export async function jsonCall<T>(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: T }> {
  const res = await httpCall(
    `${base}${url}`,
    method,
    { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body === undefined ? undefined : JSON.stringify(body),
  );
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text.slice(0, 500)}`);
  return { status: res.status, json: JSON.parse(res.text) as T };
}

/** Lines of COPY text, `count` of them made by `line`, in chunks of 2,000. */
export async function* copyChunks(count: number, line: (i: number) => string): AsyncGenerator<string> {
  let buf = '';
  for (let i = 0; i < count; i++) {
    buf += line(i);
    if ((i + 1) % 2000 === 0) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

/** A bare COPY of these chunks (the baseline beside an API figure); answers its milliseconds. */
export async function timedCopy(pool: pg.Pool, copySql: string, chunks: AsyncIterable<string>): Promise<number> {
  const client = await pool.connect();
  try {
    const started = performance.now();
    await pipeline(Readable.from(chunks), client.query(copyFrom(copySql)));
    return performance.now() - started;
  } finally {
    client.release();
  }
}
