import { newId } from '@tarang/shared/common/ids';
import type { TFirmware, TFirmwareCreate, TFirmwareListQuery } from '@tarang/shared/devices/firmware.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import { violatedConstraint } from '../../db/errors';
import { fieldError } from '../../http/app-error';
import type { TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';

/** The firmware catalogue (decision 031): read by whoever works devices, kept by staff. */

type TRow = { id: string; make: string; model: string; version: string; release_notes: string; checksum: string; created_at: Date };

const toFirmware = (r: TRow): TFirmware => ({
  id: r.id,
  make: r.make,
  model: r.model,
  version: r.version,
  releaseNotes: r.release_notes,
  checksum: r.checksum,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listFirmware(deps: TDeps, q: TFirmwareListQuery) {
  const conditions: SQL[] = [sql`true`];
  if (q.make) conditions.push(sql`lower(make) = lower(${q.make})`);
  if (q.model) conditions.push(sql`lower(model) = lower(${q.model})`);
  const where = sql.join(conditions, sql` AND `);
  const [page, count] = await Promise.all([
    deps.db.execute<TRow>(
      sql`SELECT * FROM firmware WHERE ${where} ORDER BY lower(make), lower(model), created_at DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    ),
    deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM firmware WHERE ${where}`),
  ]);
  return { rows: page.rows.map(toFirmware), meta: { page: q.page, limit: q.limit, total: count.rows[0]?.n ?? 0 } };
}

export async function createFirmware(deps: TDeps, ctx: TRequestContext, body: TFirmwareCreate): Promise<TFirmware> {
  const id = newId();
  try {
    return await deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute<TRow>(sql`
        INSERT INTO firmware (id, make, model, version, release_notes, checksum)
        VALUES (${id}, ${body.make}, ${body.model}, ${body.version}, ${body.releaseNotes}, ${body.checksum}) RETURNING *`);
      await recordAudit(tx, ctx, { action: 'firmware.create', entityType: 'firmware', entityId: id, after: body });
      return toFirmware(rows[0]!);
    });
  } catch (error) {
    if (violatedConstraint(error, '23505') === 'firmware_version_uq') {
      throw fieldError('CONFLICT', 'version', `${body.make} ${body.model} already has firmware ${body.version}`);
    }
    throw error;
  }
}

export async function updateFirmware(deps: TDeps, ctx: TRequestContext, id: string, releaseNotes: string): Promise<TFirmware> {
  return await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<TRow>(sql`UPDATE firmware SET release_notes = ${releaseNotes} WHERE id = ${id} RETURNING *`);
    if (!rows[0]) throw fieldError('NOT_FOUND', 'id', 'Firmware not found');
    await recordAudit(tx, ctx, { action: 'firmware.update', entityType: 'firmware', entityId: id, after: { releaseNotes } });
    return toFirmware(rows[0]);
  });
}

export async function deleteFirmware(deps: TDeps, ctx: TRequestContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<TRow>(sql`DELETE FROM firmware WHERE id = ${id} RETURNING *`);
    if (!rows[0]) throw fieldError('NOT_FOUND', 'id', 'Firmware not found');
    await recordAudit(tx, ctx, { action: 'firmware.delete', entityType: 'firmware', entityId: id, before: toFirmware(rows[0]) });
  });
}
