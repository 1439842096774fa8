import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';

/** Bytes per stored piece of a run's file. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Stores a file being written (a report's stream) in `report_run_chunks`, a piece of about 1 MB per row as it comes:
 * memory holds one piece, and every process on the database can serve the file. Returns the bytes stored.
 */
export async function storeRunFile(db: TDb, runId: string, stream: AsyncIterable<Buffer | string>): Promise<number> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let total = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.execute(sql`INSERT INTO report_run_chunks (run_id, seq, data) VALUES (${runId}, ${seq++}, ${data})`);
  };
  for await (const piece of stream) {
    const buf = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
    pending.push(buf);
    pendingBytes += buf.length;
    total += buf.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  return total;
}

/** A stored file as a stream, read a piece at a time. */
export function readRunFile(db: TDb, runId: string): Readable {
  async function* pieces() {
    for (let seq = 0; ; seq++) {
      const { rows } = await db.execute<{ data: Buffer }>(sql`SELECT data FROM report_run_chunks WHERE run_id = ${runId} AND seq = ${seq}`);
      if (!rows[0]) return;
      yield rows[0].data;
    }
  }
  return Readable.from(pieces());
}
