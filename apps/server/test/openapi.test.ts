import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, OPENAPI_FILE, renderOpenApi } from '../src/scripts/write-openapi';
import { routeTest } from './route-test';

type TOperation = {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
};
type TDocument = {
  openapi: string;
  paths: Record<string, Record<string, TOperation>>;
  components: { securitySchemes: Record<string, unknown> };
  security: unknown[];
};

const { t } = routeTest();
let served: TDocument;

beforeAll(async () => {
  const res = await t.call({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  served = res.json();
});

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is committed and matches the routes (run `npm run openapi` after changing a route schema)', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    const generated = renderOpenApi(served);
    if (committed !== generated) {
      expect.fail('apps/server/openapi.json is out of date with the route schemas: run npm run openapi and commit the result');
    }
  });

  it('is built the same without a database, as `npm run openapi` does', async () => {
    expect(renderOpenApi(await buildOpenApiDocument())).toBe(renderOpenApi(served));
  });

  it('is OpenAPI 3.1 with a bearer security scheme applied by default', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(served.security).toEqual([{ bearer: [] }]);
  });

  it('documents every /api/v1 route, with the error shape, and marks public ones as needing no token', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const route of t.app.routeAccess) {
      const op = served.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const error = op.responses['4XX']?.content?.['application/json']?.schema;
      expect(Object.keys(error?.properties ?? {}), `${route.method} ${route.url} 4XX`).toEqual(
        expect.arrayContaining(['success', 'message', 'code', 'requestId']),
      );
      expect(op.responses['5XX'], `${route.method} ${route.url} 5XX`).toBeDefined();
      if (route.access.kind === 'public') expect(op.security, `${route.method} ${route.url} is public`).toEqual([]);
      else expect(op.security, `${route.method} ${route.url} needs a token`).toBeUndefined();
    }
    expect(missing).toEqual([]);
    // Nothing outside the API (docs, the document itself, the console) is in it.
    expect(Object.keys(served.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
  });

  it('is browsable at /api/docs', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Swagger UI');
    const init = await t.call({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const json = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
  });
});
