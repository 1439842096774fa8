import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODES } from '@tarang/shared/common/errors';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTest } from './route-test';
import { API, type TTestApp } from './test-app';

/** Cross-cutting behaviour of the HTTP layer: one error shape, limits, headers, CORS, request ids. */

const ALLOWED_ORIGIN = 'https://console.tarang.example';
const SOME_ID = 'ffffffffffffffffffffffff';

let webDir: string;
// Registered before the set-ups, so it runs after both apps have closed (after-hooks run in reverse order).
afterAll(async () => rm(webDir, { recursive: true, force: true }));
const { t, tokens } = routeTest({ staff: true });
/** Behind a trusted proxy, with CORS for one origin and a built console to serve. */
const { t: edge } = routeTest({
  config: async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    return { trustedProxies: ['127.0.0.1'], corsOrigins: [ALLOWED_ORIGIN], webDistDir: webDir };
  },
});

type TRes = Awaited<ReturnType<TTestApp['call']>>;

/** The one error shape, and nothing else in it. */
function expectError(res: TRes, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code, requestId: res.headers['x-request-id'] });
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).every((k) => ['success', 'message', 'code', 'requestId', 'errors'].includes(k))).toBe(true);
  return body as { message: string; errors?: { path: string; message: string }[] };
}

const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe('bad input is a 4xx that names the field', () => {
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.call({
      method: 'POST',
      url: `${API}/organization`,
      token: tokens.staff,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('malformed JSON', async () => {
    const body = expectError(await post('{"tradeName": '), 400, 'MALFORMED_BODY');
    expect(body.message).toBe(ERROR_CODES.MALFORMED_BODY.message);
  });

  it('an empty JSON body', async () => {
    expectError(await post(''), 400, 'MALFORMED_BODY');
  });

  it('a prototype-pollution key', async () => {
    expectError(await post('{"tradeName":"Acme","__proto__":{"admin":true}}'), 400, 'MALFORMED_BODY');
  });

  it('a wrong type', async () => {
    const body = expectError(await post({ tradeName: 42 }), 400, 'VALIDATION_FAILED');
    expect(paths(body)).toEqual(['tradeName']);
    expect(body.message).toMatch(/^tradeName: /);
  });

  it('a missing field', async () => {
    expect(paths(expectError(await post({}), 400, 'VALIDATION_FAILED'))).toEqual(['tradeName']);
  });

  it('an over-long string', async () => {
    const body = expectError(await post({ tradeName: 'x'.repeat(201) }), 400, 'VALIDATION_FAILED');
    expect(body.errors).toEqual([{ path: 'tradeName', message: 'tradeName must be at most 200 characters' }]);
  });

  it('an unknown field', async () => {
    const body = expectError(await post({ tradeName: 'Acme', colour: 'red' }), 400, 'VALIDATION_FAILED');
    expect(body.errors).toEqual([{ path: 'colour', message: 'Unknown field "colour"' }]);
  });

  it('a body that is not an object', async () => {
    for (const payload of ['[1,2]', 'null', '"text"', '7'])
      expect(paths(expectError(await post(payload), 400, 'VALIDATION_FAILED')), payload).toEqual(['body']);
  });

  it('a nested wrong type, named by its path', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `${API}/organization/${SOME_ID}/settings`,
      token: tokens.staff,
      payload: { lowBalanceAlertPaise: 'ten' },
    });
    expect(paths(expectError(res, 400, 'VALIDATION_FAILED'))).toEqual(['lowBalanceAlertPaise']);
  });

  it('a bad path parameter and a bad query parameter', async () => {
    expect(
      paths(
        expectError(await t.call({ method: 'GET', url: `${API}/organization/not-an-id`, token: tokens.staff }), 400, 'VALIDATION_FAILED'),
      ),
    ).toEqual(['params.id']);
    expect(
      paths(expectError(await t.call({ method: 'GET', url: `${API}/users?limit=many`, token: tokens.staff }), 400, 'VALIDATION_FAILED')),
    ).toEqual(['querystring.limit']);
    expect(
      paths(expectError(await t.call({ method: 'GET', url: `${API}/users?hack=1`, token: tokens.staff }), 400, 'VALIDATION_FAILED')),
    ).toEqual(['querystring.hack']);
  });

  it('an over-long username on the public sign-in', async () => {
    const body = expectError(
      await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username: 'a'.repeat(256), password: 'x.y.z.w.v' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(paths(body)).toContain('username');
  });

  it('a malformed URL or an over-long path segment, before any route is chosen', async () => {
    for (const url of [
      `${API}/users/%ZZ`,
      '/%E0%A4%A',
      `${API}/search/${'a'.repeat(5000)}`,
      `${API}/auth/logged-in-user/${'t'.repeat(5000)}`,
    ]) {
      const res = await edge.call({ method: 'GET', url, token: tokens.staff });
      expect(paths(expectError(res, 400, 'VALIDATION_FAILED')), url).toEqual(['url']);
      expect(res.body).not.toContain('FST_');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('never answers 500 to junk sent to any route', async () => {
    const junk = [
      '{"a":',
      '[]',
      'null',
      '"text"',
      '{"x":1}',
      JSON.stringify({ a: { b: { c: [1, { d: 'e' }] } }, n: 1e308, s: '\u0000\ud800' }),
      '{}',
    ];
    const routes = t.app.routeAccess.filter((r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH');
    expect(routes.length).toBeGreaterThan(8);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, SOME_ID);
      for (const payload of junk) {
        const res = await t.call({
          method: route.method as 'POST',
          url,
          token: tokens.staff,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        if (res.statusCode >= 500 || res.json().success !== false)
          failures.push(`${route.method} ${route.url} ${payload} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    for (const route of t.app.routeAccess.filter((r) => r.method === 'GET' && !r.url.includes('/health'))) {
      const url = `${route.url.replace(/:[A-Za-z]+/g, 'zz%00%ff')}?limit=-1&page=abc&from=%ZZ&sort=%27%3B--&cursor=1e999`;
      const res = await t.call({ method: 'GET', url, token: tokens.staff });
      if (res.statusCode >= 500) failures.push(`GET ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('unknown routes', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)('answer %s with a JSON 404', async (method) => {
    for (const url of [`${API}/no-such-thing`, `${API}/users/${SOME_ID}/no-such-thing`, '/api/no-such-thing', '/api']) {
      const body = expectError(await t.call({ method, url, token: tokens.staff }), 404, 'ROUTE_NOT_FOUND');
      expect(body.message).toBe(ERROR_CODES.ROUTE_NOT_FOUND.message);
    }
  });

  it('answer HEAD with a 404 and no body, over a real socket', async () => {
    // On `edge`: listening starts the queue worker, whose connection would outlive the pool `t` closes below.
    const address = await edge.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${API}/no-such-thing`, { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });

  it('answer a known path with an unsupported method as a JSON 404', async () => {
    expectError(await t.call({ method: 'PATCH', url: `${API}/organization`, token: tokens.staff }), 404, 'ROUTE_NOT_FOUND');
  });

  it('without a built console, any other path is a JSON 404 too', async () => {
    expectError(await t.call({ method: 'GET', url: '/sim-inventory' }), 404, 'ROUTE_NOT_FOUND');
  });

  it('with a built console, other GETs serve its shell and API paths stay JSON', async () => {
    const page = await edge.call({ method: 'GET', url: '/management/user/edit/123' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expectError(await edge.call({ method: 'GET', url: `${API}/no-such-thing` }), 404, 'ROUTE_NOT_FOUND');
    expectError(await edge.call({ method: 'GET', url: '/api/whatever' }), 404, 'ROUTE_NOT_FOUND');
    expectError(await edge.call({ method: 'GET', url: '/api?x=1' }), 404, 'ROUTE_NOT_FOUND');
    expect((await edge.call({ method: 'HEAD', url: '/dashboard' })).statusCode).toBe(200);
    expectError(await edge.call({ method: 'POST', url: '/management/user', payload: {} }), 404, 'ROUTE_NOT_FOUND');
  });
});

describe('limits and content types', () => {
  it('refuses a body over the size limit with 413 in the error shape', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${API}/organization`,
      token: tokens.staff,
      payload: { tradeName: 'x'.repeat(t.deps.config.bodyLimitBytes) },
    });
    expect(expectError(res, 413, 'PAYLOAD_TOO_LARGE').message).toBe(ERROR_CODES.PAYLOAD_TOO_LARGE.message);
  });

  it('refuses an over-size body before checking who is calling', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { username: 'u', password: 'p'.repeat(2 * 1024 * 1024) },
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['text/plain', 'tradeName=Acme'],
    ['application/x-www-form-urlencoded', 'tradeName=Acme'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="tradeName"\r\n\r\nAcme\r\n--x--'],
    ['application/xml', '<tradeName>Acme</tradeName>'],
  ])('refuses %s with 415', async (contentType, payload) => {
    const res = await t.call({
      method: 'POST',
      url: `${API}/organization`,
      token: tokens.staff,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE').message).toBe(ERROR_CODES.UNSUPPORTED_MEDIA_TYPE.message);
  });
});

describe('security headers', () => {
  const responses = async (app: TTestApp) => ({
    'API 200': await app.call({ method: 'GET', url: `${API}/health` }),
    'API 400': await app.call({ method: 'POST', url: `${API}/auth/login`, payload: {} }),
    'API 401': await app.call({ method: 'GET', url: `${API}/users` }),
    'API 404': await app.call({ method: 'GET', url: `${API}/nope` }),
    'API 415': await app.call({ method: 'POST', url: `${API}/auth/login`, headers: { 'content-type': 'text/plain' }, payload: 'x' }),
    'OpenAPI document': await app.call({ method: 'GET', url: '/api/openapi.json' }),
    'API docs': await app.call({ method: 'GET', url: '/api/docs' }),
  });

  it('are on every response', async () => {
    const all = { ...(await responses(t)), 'console shell': await edge.call({ method: 'GET', url: '/dashboard' }) };
    for (const [name, res] of Object.entries(all)) {
      expect(res.headers['content-security-policy'], name).toBeTruthy();
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['referrer-policy'], name).toBe('no-referrer');
      expect(res.headers['x-powered-by'], name).toBeUndefined();
      expect(res.headers['x-request-id'], name).toBeTruthy();
      if (name !== 'API docs') {
        expect(res.headers['content-security-policy'], name).toContain("frame-ancestors 'none'");
        expect(res.headers['content-security-policy'], name).toContain("default-src 'self'");
        expect(res.headers['content-security-policy'], name).toContain("object-src 'none'");
        expect(res.headers['content-security-policy'], name).not.toContain('upgrade-insecure-requests');
      }
      if (name.startsWith('API ')) expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('include HSTS only for a request that came over TLS through a trusted proxy', async () => {
    const HSTS = 'strict-transport-security';
    const viaTrustedProxy = await edge.call({ method: 'GET', url: `${API}/health`, headers: { 'x-forwarded-proto': 'https' } });
    expect(viaTrustedProxy.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
    const errorViaProxy = await edge.call({ method: 'GET', url: `${API}/nope`, headers: { 'x-forwarded-proto': 'https' } });
    expect(errorViaProxy.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
    // Plain HTTP through the proxy, a client claiming TLS with no trusted proxy, and an untrusted hop.
    expect((await edge.call({ method: 'GET', url: `${API}/health` })).headers[HSTS]).toBeUndefined();
    expect(
      (await edge.call({ method: 'GET', url: `${API}/health`, headers: { 'x-forwarded-proto': 'http' } })).headers[HSTS],
    ).toBeUndefined();
    expect(
      (await t.call({ method: 'GET', url: `${API}/health`, headers: { 'x-forwarded-proto': 'https' } })).headers[HSTS],
    ).toBeUndefined();
    const untrusted = await edge.app.inject({
      method: 'GET',
      url: `${API}/health`,
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.statusCode).toBe(200);
    expect(untrusted.headers[HSTS]).toBeUndefined();
  });

  it('take the client address from X-Forwarded-For only through a trusted proxy', async () => {
    const res = await edge.call({
      method: 'POST',
      url: `${API}/organization`,
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    const line = edge.logs.find((l) => (l.req as { url?: string } | undefined)?.url === `${API}/organization`) as
      | { req: { ip: string } }
      | undefined;
    expect(line?.req.ip).toBe('198.51.100.7');
    await t.call({ method: 'POST', url: `${API}/organization`, headers: { 'x-forwarded-for': '198.51.100.7' }, payload: {} });
    const direct = t.logs.filter((l) => (l.req as { url?: string } | undefined)?.url === `${API}/organization`).at(-1) as {
      req: { ip: string };
    };
    expect(direct.req.ip).toBe('127.0.0.1');
  });
});

describe('CORS', () => {
  it('allows the configured origin', async () => {
    const res = await edge.call({ method: 'GET', url: `${API}/health`, headers: { origin: ALLOWED_ORIGIN } });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(res.headers['access-control-expose-headers']).toContain('x-request-id');
    const preflight = await edge.call({
      method: 'OPTIONS',
      url: `${API}/auth/login`,
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('does not allow other origins', async () => {
    const res = await edge.call({ method: 'GET', url: `${API}/health`, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await edge.call({
      method: 'OPTIONS',
      url: `${API}/auth/login`,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows no cross origin when none is configured', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/health`, headers: { origin: ALLOWED_ORIGIN } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request ids and structured logs', () => {
  it('keeps a sane incoming x-request-id in the response header, the error body and every log line of the request', async () => {
    const id = 'trace-7f3a-2026.11_22';
    const res = await t.call({
      method: 'POST',
      url: `${API}/organization`,
      token: tokens.staff,
      headers: { 'x-request-id': id },
      payload: { tradeName: 5 },
    });
    expect(res.headers['x-request-id']).toBe(id);
    expect(res.json().requestId).toBe(id);
    const lines = t.logs.filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(65)],
    ['with spaces', 'has a space in it'],
    ['with markup', '<script>alert(1)</script>'],
    ['with a newline', 'abcdefgh%0d%0aInjected: yes'],
  ])('replaces an incoming x-request-id that is %s', async (_name, incoming) => {
    const res = await t.call({ method: 'GET', url: `${API}/nope`, headers: { 'x-request-id': incoming } });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(res.json().requestId).toBe(id);
  });

  it('gives every request its own id', async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, () => t.call({ method: 'GET', url: `${API}/health` }).then((r) => r.headers['x-request-id'])),
    );
    expect(new Set(ids).size).toBe(5);
  });

  it('writes only JSON lines, and every request line carries reqId', () => {
    const raw = t.logText().split('\n').filter(Boolean);
    expect(raw.length).toBeGreaterThan(50);
    expect(t.logs.length).toBe(raw.length);
    const requestLines = t.logs.filter((l) => 'req' in l || 'res' in l || 'responseTime' in l);
    expect(requestLines.length).toBeGreaterThan(50);
    expect(requestLines.filter((l) => typeof l.reqId !== 'string' || !l.reqId)).toEqual([]);
    for (const line of t.logs) {
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('number');
      expect(typeof line.msg).toBe('string');
    }
  });
});

// Last: it closes the database of `t`.
describe('a 5xx shows no internals', () => {
  it('answers a generic message, code INTERNAL and the request id; the cause goes to the log only', async () => {
    await t.database.pool.end();
    const res = await t.call({
      method: 'GET',
      url: `${API}/users`,
      token: tokens.staff,
      headers: { 'x-request-id': 'internal-failure-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: ERROR_CODES.INTERNAL.message,
      code: 'INTERNAL',
      requestId: 'internal-failure-1',
    });
    expect(res.headers['content-security-policy']).toBeTruthy();
    const logged = t.logs.find((l) => l.reqId === 'internal-failure-1' && l.level === 50) as
      | { err?: { message?: string; stack?: string } }
      | undefined;
    expect(logged?.err?.message).toMatch(/pool/i);
    expect(logged?.err?.message).toContain('params: [REDACTED]');
    expect(res.body).not.toMatch(/pool|stack|at \w|node_modules|select|postgres/i);
  });

  it('answers the same for writes', async () => {
    const res = await t.call({ method: 'POST', url: `${API}/organization`, token: tokens.staff, payload: { tradeName: 'During outage' } });
    expect(res.statusCode).toBe(500);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message', 'requestId', 'success']);
    expect(res.json().message).toBe(ERROR_CODES.INTERNAL.message);
  });
});
