import { newId } from '@tarang/shared/common/ids';
import type {
  TDevice,
  TDeviceAssign,
  TDeviceCreate,
  TDeviceListQuery,
  TDeviceUpdate,
  TDeviceVehicle,
} from '@tarang/shared/devices/device.schemas';
import { maskKycNumber, maskPhone } from '@tarang/shared/devices/kyc';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { assertOrganizationInScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { createRequest } from '../requests/request-create.service';
import { findSimByIccid } from '../sims/sims.repository';
import { deviceReach, findDeviceRow, listDeviceRows, type TDeviceRow, toDevice } from './devices.repository';

/**
 * Devices (issue 17, docs/decisions/031-devices.md): add, edit, delete and read devices in the caller's reach; link a
 * device to one SIM of its organisation, optionally locking the SIM to the device's IMEI through an IMEI_LOCK request;
 * the end user's phone and identity document masked for roles without View KYC.
 */

/** SIM statuses in which a SIM is in service: a device linked to one is deleted only when unlinked in the same call. */
const IN_SERVICE = ['ACTIVE', 'SUSPENDED', 'BARRED', 'PENDING_ACTIVE', 'PENDING_SUSPENDED', 'PENDING_TERMINATED'];
const ENDED = ['TERMINATED', 'REPLACED'];

export const canViewKyc = (actor: TActor) => hasPermission(actor.authScopes, 'device', 'viewKyc');

const notFound = () => fieldError('NOT_FOUND', 'id', 'Device not found');

/** What the audit trail keeps of a device: the end user's phone and document masked, as most readers see them. */
function audited(r: Partial<TDeviceRow> | null) {
  if (!r) return null;
  return {
    imei: r.imei,
    make: r.make,
    model: r.model,
    firmwareVersion: r.firmware_version,
    serial: r.serial,
    organizationId: r.organization_id,
    simId: r.sim_id,
    vehicle: r.vehicle_registration ? { registration: r.vehicle_registration, type: r.vehicle_type } : null,
    endUser: r.end_user_name
      ? {
          name: r.end_user_name,
          phone: maskPhone(r.end_user_phone ?? null),
          kycIdType: r.kyc_id_type,
          kycIdNumber: maskKycNumber(r.kyc_id_number ?? null),
        }
      : null,
  };
}

/** The SIM a device is to hold: in reach (404 naming simIccid), of the device's organisation, not ended, free. */
async function simToLink(db: TExecutor, actor: TActor, iccid: string, organizationId: string | null, deviceId: string | null) {
  const sim = await findSimByIccid(db, actor.scope, iccid);
  if (!sim) throw fieldError('NOT_FOUND', 'simIccid', 'SIM not found');
  if ((sim.organization_id ?? null) !== organizationId) {
    throw fieldError('UNPROCESSABLE', 'simIccid', `SIM ${iccid} belongs to another organisation than the device`);
  }
  if (ENDED.includes(sim.status)) throw fieldError('UNPROCESSABLE', 'simIccid', `SIM ${iccid} is ${sim.status}: it cannot hold a device`);
  const { rows } = await db.execute<{ imei: string }>(
    sql`SELECT imei FROM devices WHERE sim_id = ${sim.id} AND id IS DISTINCT FROM ${deviceId} LIMIT 1`,
  );
  if (rows[0]) throw fieldError('CONFLICT', 'simIccid', `SIM ${iccid} is in device ${rows[0].imei}: unlink it there first`);
  return { id: sim.id, iccid: sim.primary_iccid, status: sim.status };
}

/** An IMEI_LOCK request locking the SIM to the device's IMEI (the SIMs' own rules apply: 422 naming simIccid). */
async function lockSim(deps: TDeps, ctx: TRequestContext, iccid: string, imei: string) {
  try {
    const { created } = await createRequest(deps, ctx, { type: 'IMEI_LOCK', iccids: [iccid], imei }, null);
    return created?.request ?? null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNPROCESSABLE') {
      throw fieldError('UNPROCESSABLE', 'lockSimToImei', `The SIM cannot be IMEI-locked: ${error.errors?.[0]?.message ?? error.message}`);
    }
    throw error;
  }
}

export type TDeviceSaved = { device: TDevice; lockRequest: { id: string; batchJobId: string } | null };

async function organizationFor(deps: TDeps, actor: TActor, requested: string | null | undefined): Promise<string | null> {
  if (requested) {
    await assertOrganizationInScope(deps.db, actor.scope, requested);
    return requested;
  }
  // An organisation's user adds to its own organisation; staff without one add to the provider's stock.
  return actor.scope.kind === 'subtree' ? actor.scope.organizationId : null;
}

export async function createDevice(deps: TDeps, ctx: TRequestContext, body: TDeviceCreate): Promise<TDeviceSaved> {
  const actor = requireActor(ctx);
  const organizationId = await organizationFor(deps, actor, body.organizationId);
  const id = newId();
  let row: TDeviceRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const sim = body.simIccid ? await simToLink(tx, actor, body.simIccid, organizationId, null) : null;
      await tx.execute(sql`
        INSERT INTO devices (id, imei, make, model, firmware_version, serial, organization_id, sim_id, vehicle_registration,
          vehicle_type, end_user_name, end_user_phone, kyc_id_type, kyc_id_number)
        VALUES (${id}, ${body.imei}, ${body.make}, ${body.model}, ${body.firmwareVersion ?? null}, ${body.serial ?? null},
          ${organizationId}, ${sim?.id ?? null}, ${body.vehicle?.registration ?? null}, ${body.vehicle?.type ?? null},
          ${body.endUser?.name ?? null}, ${body.endUser?.phone ?? null}, ${body.endUser?.kycIdType ?? null},
          ${body.endUser?.kycIdNumber ?? null})`);
      const saved = (await findDeviceRow(tx, { kind: 'all' }, sql`d.id = ${id}`))!;
      await recordAudit(tx, ctx, {
        action: 'device.create',
        entityType: 'device',
        entityId: id,
        organizationId,
        after: audited(saved),
      });
      return saved;
    });
  } catch (error) {
    if (violatedConstraint(error, '23505') === 'devices_imei_uq')
      throw fieldError('CONFLICT', 'imei', `A device with IMEI ${body.imei} is already registered`);
    if (violatedConstraint(error, '23505') === 'devices_sim_uq') throw fieldError('CONFLICT', 'simIccid', 'The SIM is in another device');
    throw error;
  }
  const lockRequest = body.simIccid && body.lockSimToImei ? await lockSim(deps, ctx, body.simIccid, body.imei) : null;
  return {
    device: toDevice(row, canViewKyc(actor)),
    lockRequest: lockRequest && { id: lockRequest.id, batchJobId: lockRequest.batchJobId },
  };
}

export async function updateDevice(deps: TDeps, ctx: TRequestContext, id: string, body: TDeviceUpdate): Promise<TDeviceSaved> {
  const actor = requireActor(ctx);
  let linkedIccid: string | null = null;
  const row = await deps.db
    .transaction(async (tx) => {
      const before = await findDeviceRow(tx, actor.scope, sql`d.id = ${id}`, true);
      if (!before) throw notFound();
      let simId = before.sim_id;
      if (body.simIccid === null) simId = null;
      else if (body.simIccid) {
        const sim = await simToLink(tx, actor, body.simIccid, before.organization_id, id);
        simId = sim.id;
        linkedIccid = sim.iccid;
      }
      const vehicle = body.vehicle === undefined ? undefined : body.vehicle;
      const endUser = body.endUser === undefined ? undefined : body.endUser;
      await tx.execute(sql`
        UPDATE devices SET
          make = ${body.make ?? before.make}, model = ${body.model ?? before.model},
          firmware_version = ${body.firmwareVersion === undefined ? before.firmware_version : body.firmwareVersion},
          serial = ${body.serial === undefined ? before.serial : body.serial},
          sim_id = ${simId},
          vehicle_registration = ${vehicle === undefined ? before.vehicle_registration : (vehicle?.registration ?? null)},
          vehicle_type = ${vehicle === undefined ? before.vehicle_type : (vehicle?.type ?? null)},
          end_user_name = ${endUser === undefined ? before.end_user_name : (endUser?.name ?? null)},
          end_user_phone = ${endUser === undefined ? before.end_user_phone : (endUser?.phone ?? null)},
          kyc_id_type = ${endUser === undefined ? before.kyc_id_type : (endUser?.kycIdType ?? null)},
          kyc_id_number = ${endUser === undefined ? before.kyc_id_number : (endUser?.kycIdNumber ?? null)},
          version = version + 1, updated_at = now()
        WHERE id = ${id}`);
      const after = (await findDeviceRow(tx, { kind: 'all' }, sql`d.id = ${id}`))!;
      await recordAudit(tx, ctx, {
        action: 'device.update',
        entityType: 'device',
        entityId: id,
        organizationId: before.organization_id,
        before: audited(before),
        after: audited(after),
      });
      return after;
    })
    .catch((error) => {
      if (violatedConstraint(error, '23505') === 'devices_sim_uq') throw fieldError('CONFLICT', 'simIccid', 'The SIM is in another device');
      throw error;
    });
  const lockRequest = linkedIccid && body.lockSimToImei ? await lockSim(deps, ctx, linkedIccid, row.imei) : null;
  return {
    device: toDevice(row, canViewKyc(actor)),
    lockRequest: lockRequest && { id: lockRequest.id, batchJobId: lockRequest.batchJobId },
  };
}

/** Delete: refused (409) while the device holds a SIM in service, unless `unlink` takes it off in the same call. */
export async function deleteDevice(deps: TDeps, ctx: TRequestContext, id: string, unlink: boolean): Promise<void> {
  const actor = requireActor(ctx);
  await deps.db.transaction(async (tx) => {
    const before = await findDeviceRow(tx, actor.scope, sql`d.id = ${id}`, true);
    if (!before) throw notFound();
    if (before.sim_id && IN_SERVICE.includes(before.sim_status ?? '') && !unlink) {
      throw new AppError(
        'CONFLICT',
        `Device ${before.imei} holds SIM ${before.sim_iccid}, which is ${before.sim_status}: unlink it to delete the device`,
        {
          errors: [{ path: 'unlink', message: 'The device holds a SIM in service: delete with unlink=true to take it off' }],
        },
      );
    }
    await tx.execute(sql`DELETE FROM devices WHERE id = ${id}`);
    await recordAudit(tx, ctx, {
      action: 'device.delete',
      entityType: 'device',
      entityId: id,
      organizationId: before.organization_id,
      before: audited(before),
      after: before.sim_id ? { unlinkedSim: before.sim_iccid } : null,
    });
  });
}

export async function getDevice(deps: TDeps, ctx: TRequestContext, id: string): Promise<TDevice> {
  const actor = requireActor(ctx);
  const row = await findDeviceRow(deps.db, actor.scope, sql`d.id = ${id}`);
  if (!row) throw notFound();
  return toDevice(row, canViewKyc(actor));
}

export async function listDevices(deps: TDeps, ctx: TRequestContext, q: TDeviceListQuery, options: { unlinkedOnly?: boolean } = {}) {
  const actor = requireActor(ctx);
  const { rows, total } = await listDeviceRows(deps.db, actor.scope, { ...q, ...options });
  const showKyc = canViewKyc(actor);
  return { rows: rows.map((r) => toDevice(r, showKyc)), meta: { page: q.page, limit: q.limit, total } };
}

/** Show Vehicle: the vehicle with its device and the SIM in it; 404 naming id when the device has no vehicle. */
export async function getDeviceVehicle(deps: TDeps, ctx: TRequestContext, id: string): Promise<TDeviceVehicle> {
  const device = await getDevice(deps, ctx, id);
  if (!device.vehicle) throw fieldError('NOT_FOUND', 'id', 'The device is fitted to no vehicle');
  let sim: TDeviceVehicle['sim'] = null;
  if (device.sim) {
    const { rows } = await deps.db.execute<{ msisdn: string | null; operators: string }>(sql`
      SELECT (SELECT msisdn FROM sim_profiles WHERE sim_id = ${device.sim.id} AND position = 0) AS msisdn,
        (SELECT string_agg(operator, '+' ORDER BY position) FROM sim_profiles WHERE sim_id = ${device.sim.id}) AS operators`);
    sim = { ...device.sim, msisdn: rows[0]?.msisdn ?? null, operators: rows[0]?.operators ?? '' };
  }
  return { registration: device.vehicle.registration, type: device.vehicle.type, device, sim };
}

/** The device a SIM holds, or the one registered with the IMEI it was seen in (Fetch Device Details), in reach. */
export async function deviceOfSim(deps: TDeps, actor: TActor, simId: string, imei: string | null) {
  const row =
    (await findDeviceRow(deps.db, actor.scope, sql`d.sim_id = ${simId}`)) ??
    (imei ? await findDeviceRow(deps.db, actor.scope, sql`d.imei = ${imei}`) : null);
  return row ? { id: row.id, name: `${row.make} ${row.model}`, imei: row.imei } : null;
}

/** Device inventory: devices holding no SIM, given to an organisation in reach; the others are named with why. */
export async function assignDevices(deps: TDeps, ctx: TRequestContext, body: TDeviceAssign) {
  const actor = requireActor(ctx);
  await assertOrganizationInScope(deps.db, actor.scope, body.organizationId);
  return await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string; sim_id: string | null; organization_id: string | null }>(sql`
      SELECT d.id, d.sim_id, d.organization_id FROM devices d
      WHERE d.id = ANY(${sql.param(body.deviceIds)}::char(24)[]) AND ${deviceReach(actor.scope)} ORDER BY d.id FOR UPDATE OF d`);
    const found = new Map(rows.map((r) => [r.id, r]));
    const skipped: { id: string; reason: string }[] = [];
    const take: string[] = [];
    for (const id of new Set(body.deviceIds)) {
      const r = found.get(id);
      if (!r) skipped.push({ id, reason: 'Device not found' });
      else if (r.sim_id) skipped.push({ id, reason: 'The device holds a SIM: unlink it first' });
      else take.push(id);
    }
    if (take.length === 0) {
      throw new AppError('UNPROCESSABLE', 'None of the devices can be assigned', {
        errors: skipped.slice(0, 20).map((s) => ({ path: 'deviceIds', message: `${s.id}: ${s.reason}` })),
      });
    }
    await tx.execute(sql`UPDATE devices SET organization_id = ${body.organizationId}, version = version + 1, updated_at = now()
      WHERE id = ANY(${sql.param(take)}::char(24)[])`);
    await recordAudit(tx, ctx, {
      action: 'device.assign',
      entityType: 'device',
      entityId: take[0]!,
      organizationId: body.organizationId,
      after: { organizationId: body.organizationId, devices: take.length, first: take.slice(0, 20) },
    });
    return { assigned: take.length, skipped };
  });
}
