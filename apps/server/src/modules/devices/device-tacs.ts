import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { csvRecords } from '../../lib/files/csv-records';
import { columnName } from '../../lib/files/file-record';

/**
 * The TAC table (decision 028): an IMEI's make and model by its first 8 digits. The table is loaded from the GSMA TAC
 * file the provider licenses, exported as CSV with the columns tac, make (or manufacturer / brand), model (or
 * marketing_name) and optionally kind (or device_type); a new export is imported over the old one (same TAC: the new
 * row wins). The product ships the simulated devices' codes only.
 */

export type TDeviceTac = { tac: string; make: string; model: string; kind: string | null };

export async function findTac(db: TExecutor, imei: string): Promise<TDeviceTac | null> {
  const { rows } = await db.execute<TDeviceTac>(sql`SELECT tac, make, model, kind FROM device_tacs WHERE tac = ${imei.slice(0, 8)}`);
  return rows[0] ?? null;
}

const COLUMNS = {
  tac: ['tac', 'type_allocation_code'],
  make: ['make', 'manufacturer', 'brand', 'brand_name'],
  model: ['model', 'marketing_name', 'model_name'],
  kind: ['kind', 'device_type', 'type'],
};

export type TTacImport = { imported: number; refused: { row: number; reason: string }[] };

/** Imports a CSV export of the TAC file in batches of 5,000; rows without an 8-digit TAC, a make or a model are refused. */
export async function importTacs(db: TExecutor, path: string, source: string): Promise<TTacImport> {
  const refused: TTacImport['refused'] = [];
  let index: Record<keyof typeof COLUMNS, number> | null = null;
  let batch: TDeviceTac[] = [];
  let imported = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.execute(sql`
      INSERT INTO device_tacs (tac, make, model, kind, source, updated_at)
      SELECT DISTINCT ON (t) t, m, mo, k, ${source}, now()
      FROM unnest(${sql.param(batch.map((b) => b.tac))}::text[], ${sql.param(batch.map((b) => b.make))}::text[],
        ${sql.param(batch.map((b) => b.model))}::text[], ${sql.param(batch.map((b) => b.kind))}::text[]) AS x(t, m, mo, k)
      ON CONFLICT (tac) DO UPDATE SET make = EXCLUDED.make, model = EXCLUDED.model, kind = EXCLUDED.kind,
        source = EXCLUDED.source, updated_at = now()`);
    imported += batch.length;
    batch = [];
  };
  for await (const record of csvRecords(path)) {
    if (!index) {
      const names = record.cells.map(columnName);
      const find = (options: string[]) => names.findIndex((n) => options.includes(n));
      index = { tac: find(COLUMNS.tac), make: find(COLUMNS.make), model: find(COLUMNS.model), kind: find(COLUMNS.kind) };
      if (index.tac < 0 || index.make < 0 || index.model < 0) throw new Error('The file needs the columns tac, make and model');
      continue;
    }
    const cell = (i: number) => (i < 0 ? '' : (record.cells[i] ?? '').trim());
    const tac = cell(index.tac);
    if (!/^\d{8}$/.test(tac)) {
      refused.push({ row: record.row, reason: 'A TAC is 8 digits' });
      continue;
    }
    if (!cell(index.make) || !cell(index.model)) {
      refused.push({ row: record.row, reason: 'No make or model' });
      continue;
    }
    batch.push({
      tac,
      make: cell(index.make).slice(0, 200),
      model: cell(index.model).slice(0, 200),
      kind: cell(index.kind).slice(0, 100) || null,
    });
    if (batch.length === 5000) await flush();
  }
  await flush();
  return { imported, refused };
}
