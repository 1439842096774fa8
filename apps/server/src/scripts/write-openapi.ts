import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/database';
import { createLogger } from '../lib/logger';

/** The committed OpenAPI document; CI compares it with the routes (test/openapi.test.ts). */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../openapi.json');

/**
 * Builds the app without a database (the pool is never opened: building registers routes and queries nothing)
 * and returns its OpenAPI document.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig(
    { NODE_ENV: 'production' },
    { webDistDir: path.join(import.meta.dirname, 'no-web-app'), corsOrigins: [], trustedProxies: [] },
  );
  const database = connectDatabase('postgres://openapi@127.0.0.1:9/unused', 1);
  const { app } = await buildApp({ config, db: database.db, logger: createLogger('silent') });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Pretty JSON with keys sorted at every level, so the file changes only when the API does. */
export function renderOpenApi(document: unknown): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}

async function main() {
  const text = renderOpenApi(await buildOpenApiDocument());
  await writeFile(OPENAPI_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${text.length} bytes)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
