import { newId } from '@tarang/shared/common/ids';
import type {
  TDeviceConditionSet,
  TFirmware,
  TFirmwareCreate,
  TFirmwareListQuery,
  TFirmwareUpdateCreate,
  TFirmwareUpdateResult,
} from '@tarang/shared/devices/firmware.schemas';
import { DEVICE_GATEWAY } from '@tarang/shared/requests/request.constants';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { createRequest } from '../requests/request-create.service';
import { deviceReach } from './devices.repository';

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

/**
 * Update Firmware: a FIRMWARE_UPDATE request with a task per device through the device-management gateway, each device
 * reached through its SIM. A device that cannot take the version — not found, holding no SIM or one not ACTIVE, of
 * another make or model, already running it — is named with why; the request goes for the others only with
 * `proceedWithValid` (otherwise a 422 naming them, and nothing is made).
 */
export async function requestFirmwareUpdate(
  deps: TDeps,
  ctx: TRequestContext,
  body: TFirmwareUpdateCreate,
  idempotencyKey: string | null,
): Promise<TFirmwareUpdateResult> {
  const actor = requireActor(ctx);
  const { rows: found } = await deps.db.execute<TRow>(sql`SELECT * FROM firmware WHERE id = ${body.firmwareId}`);
  const fw = found[0];
  if (!fw) throw fieldError('NOT_FOUND', 'firmwareId', 'Firmware not found');
  const ids = [...new Set(body.deviceIds)];
  const { rows } = await deps.db.execute<{
    id: string;
    imei: string;
    make: string;
    model: string;
    firmware_version: string | null;
    iccid: string | null;
    sim_status: string | null;
  }>(sql`
    SELECT d.id, d.imei, d.make, d.model, d.firmware_version, s.primary_iccid AS iccid, s.status AS sim_status
    FROM devices d LEFT JOIN sims s ON s.id = d.sim_id
    WHERE d.id = ANY(${sql.param(ids)}::char(24)[]) AND ${deviceReach(actor.scope)}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const refused: TFirmwareUpdateResult['refused'] = [];
  const iccids: string[] = [];
  for (const id of ids) {
    const d = byId.get(id);
    const refuse = (reason: string) => refused.push({ deviceId: id, imei: d?.imei ?? null, reason });
    if (!d) refuse('Device not found');
    else if (d.make.toLowerCase() !== fw.make.toLowerCase() || d.model.toLowerCase() !== fw.model.toLowerCase())
      refuse(`The device is a ${d.make} ${d.model}; this firmware is for the ${fw.make} ${fw.model}`);
    else if (d.firmware_version === fw.version) refuse(`The device already runs ${fw.version}`);
    else if (!d.iccid) refuse('The device holds no SIM: it is reached through its SIM');
    else if (d.sim_status !== 'ACTIVE') refuse(`The device's SIM is ${d.sim_status}: it is reached only through an active SIM`);
    else iccids.push(d.iccid);
  }
  const refusal = (message: string) =>
    new AppError('UNPROCESSABLE', `deviceIds: ${message}`, {
      errors: [
        { path: 'deviceIds', message },
        ...refused
          .slice(0, 20)
          .map((r) => ({ path: `deviceIds.${ids.indexOf(r.deviceId)}`, message: r.imei ? `${r.imei}: ${r.reason}` : r.reason })),
      ],
    });
  if (body.dryRun) return { request: null, accepted: iccids.length, refused, replayed: false };
  if (iccids.length === 0) throw refusal('None of the devices can take this firmware');
  if (refused.length && !body.proceedWithValid) {
    throw refusal(`${refused.length} of the devices cannot take this firmware: send the others with proceedWithValid`);
  }
  const { created } = await createRequest(
    deps,
    ctx,
    {
      type: 'FIRMWARE_UPDATE',
      iccids,
      reason: `Firmware ${fw.version} for the ${fw.make} ${fw.model}`,
      scheduledAt: body.scheduledAt,
      proceedWithValid: true,
    },
    idempotencyKey,
    {
      gateway: DEVICE_GATEWAY,
      params: { firmwareId: fw.id, firmware: { version: fw.version, checksum: fw.checksum } },
      fingerprintExtra: { firmwareId: fw.id, deviceIds: ids },
    },
  );
  return { request: created?.request ?? null, accepted: iccids.length, refused, replayed: created?.replayed ?? false };
}

/** Staff tell the device-management simulator what devices do: ONLINE (the default), OFFLINE or INSTALL_FAILS. */
export async function setDeviceCondition(deps: TDeps, body: TDeviceConditionSet): Promise<{ changed: number }> {
  if (body.condition === 'ONLINE') {
    const { rows } = await deps.db.execute<{ n: number }>(sql`
      WITH d AS (DELETE FROM simulator_device_conditions WHERE imei = ANY(${sql.param(body.imeis)}::text[]) RETURNING 1)
      SELECT count(*)::int AS n FROM d`);
    return { changed: rows[0]?.n ?? 0 };
  }
  const { rows } = await deps.db.execute<{ n: number }>(sql`
    WITH i AS (
      INSERT INTO simulator_device_conditions (imei, condition)
      SELECT x, ${body.condition} FROM unnest(${sql.param(body.imeis)}::text[]) AS x
      ON CONFLICT (imei) DO UPDATE SET condition = EXCLUDED.condition, set_at = now()
      RETURNING 1)
    SELECT count(*)::int AS n FROM i`);
  return { changed: rows[0]?.n ?? 0 };
}
