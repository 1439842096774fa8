import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { createLogger } from '../src/lib/logger';

/**
 * As root, PostgreSQL runs as the `postgres` user, which cannot enter a directory like `mktemp -d` makes (mode 700) or
 * a checkout under /root. The embedded database then lives where that user can reach it, the same place on every
 * start, and one log line says where. (The binaries' side, a checkout such a user cannot enter, is run by CI from a
 * `mktemp -d` clone: .ci/run.)
 */

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.getuid?.() !== 0)('the embedded PostgreSQL started by root', () => {
  it('places its data where the postgres user can reach it, says where, and finds it again on the next start', async () => {
    const closed = await mkdtemp(path.join(os.tmpdir(), 'tarang-closed-'));
    cleanup.push(closed);
    const dataDir = path.join(closed, 'data');
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });

    const first = await startEmbeddedPostgres(dataDir, logger, 'postgres');
    cleanup.push(path.dirname(first.pgDir));
    try {
      expect(first.pgDir.startsWith(`${dataDir}${path.sep}`)).toBe(false);
      const said = lines.map((l) => JSON.parse(l) as { msg: string }).find((l) => l.msg.includes(`cannot enter ${dataDir}`));
      expect(said?.msg).toContain(first.pgDir);
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
      await client.end();
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedPostgres(dataDir, createLogger('silent'), 'postgres');
    try {
      expect(second.pgDir).toBe(first.pgDir);
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      expect((await client.query('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      await client.end();
    } finally {
      await second.stop();
    }
  }, 120_000);
});
