import type { TDevice, TDeviceListQuery, TVehicleType } from '@tarang/shared/devices/device.schemas';
import { maskKycNumber, maskPhone, type TKycIdType } from '@tarang/shared/devices/kyc';
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { inScope } from '../../lib/tenancy';

/** Devices (decision 031): the only place that writes SQL for the devices table. */

export type TDeviceRow = {
  id: string;
  imei: string;
  make: string;
  model: string;
  firmware_version: string | null;
  serial: string | null;
  organization_id: string | null;
  trade_name: string | null;
  sim_id: string | null;
  sim_iccid: string | null;
  sim_status: string | null;
  vehicle_registration: string | null;
  vehicle_type: string | null;
  end_user_name: string | null;
  end_user_phone: string | null;
  kyc_id_type: string | null;
  kyc_id_number: string | null;
  tac_make: string | null;
  tac_model: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
};

const columns = sql`d.id, d.imei, d.make, d.model, d.firmware_version, d.serial, d.organization_id, o.trade_name,
  d.sim_id, s.primary_iccid AS sim_iccid, s.status AS sim_status, d.vehicle_registration, d.vehicle_type, d.end_user_name,
  d.end_user_phone, d.kyc_id_type, d.kyc_id_number, t.make AS tac_make, t.model AS tac_model, d.version, d.created_at, d.updated_at`;

const from = sql`devices d LEFT JOIN organizations o ON o.id = d.organization_id LEFT JOIN sims s ON s.id = d.sim_id
  LEFT JOIN device_tacs t ON t.tac = substr(d.imei, 1, 8)`;

/** Devices in reach: their organisation in the caller's subtree; the provider's stock (no organisation) for staff only. */
export function deviceReach(scope: TTenantScope): SQL {
  return inScope(scope, sql`d.organization_id`) ?? sql`true`;
}

/** A device as the caller sees it: the end user's phone and document masked unless `showKyc`. */
export function toDevice(r: TDeviceRow, showKyc: boolean): TDevice {
  const endUser =
    r.end_user_name && r.kyc_id_type && r.kyc_id_number
      ? {
          name: r.end_user_name,
          phone: showKyc ? r.end_user_phone : maskPhone(r.end_user_phone),
          kycIdType: r.kyc_id_type as TKycIdType,
          kycIdNumber: showKyc ? r.kyc_id_number : maskKycNumber(r.kyc_id_number)!,
        }
      : null;
  return {
    id: r.id,
    imei: r.imei,
    make: r.make,
    model: r.model,
    firmwareVersion: r.firmware_version,
    serial: r.serial,
    organization: r.organization_id ? { id: r.organization_id, tradeName: r.trade_name ?? '' } : null,
    sim: r.sim_id ? { id: r.sim_id, iccid: r.sim_iccid!, status: r.sim_status! } : null,
    vehicle: r.vehicle_registration ? { registration: r.vehicle_registration, type: (r.vehicle_type ?? 'OTHER') as TVehicleType } : null,
    endUser,
    kycMasked: !!endUser && !showKyc,
    tac: r.tac_make ? { make: r.tac_make, model: r.tac_model ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    version: r.version,
  };
}

export async function findDeviceRow(db: TExecutor, scope: TTenantScope, where: SQL, lock = false): Promise<TDeviceRow | null> {
  const { rows } = await db.execute<TDeviceRow>(
    sql`SELECT ${columns} FROM ${from} WHERE ${where} AND ${deviceReach(scope)} ${lock ? sql`FOR UPDATE OF d` : sql``}`,
  );
  return rows[0] ?? null;
}

/** The list's filters as SQL (the list pages them, the export walks them by id). */
export function deviceFilters(scope: TTenantScope, q: Omit<TDeviceListQuery, 'page' | 'limit'> & { unlinkedOnly?: boolean }): SQL {
  const conditions = [deviceReach(scope)];
  if (q.search) {
    const prefix = `${q.search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(d.imei LIKE ${prefix} OR upper(d.serial) LIKE ${prefix} OR d.vehicle_registration LIKE ${prefix})`);
  }
  if (q.organizationId) conditions.push(sql`d.organization_id = ${q.organizationId}`);
  if (q.linked === 'true') conditions.push(sql`d.sim_id IS NOT NULL`);
  if (q.linked === 'false' || q.unlinkedOnly) conditions.push(sql`d.sim_id IS NULL`);
  if (q.make) conditions.push(sql`lower(d.make) = lower(${q.make})`);
  return sql.join(conditions, sql` AND `);
}

/** One page of an export: the next `limit` devices after `afterId`, by id. */
export async function deviceExportPage(db: TExecutor, where: SQL, afterId: string | null, limit: number): Promise<TDeviceRow[]> {
  const after = afterId ? sql`AND d.id > ${afterId}` : sql``;
  const { rows } = await db.execute<TDeviceRow>(sql`SELECT ${columns} FROM ${from} WHERE ${where} ${after} ORDER BY d.id LIMIT ${limit}`);
  return rows;
}

export async function listDeviceRows(db: TExecutor, scope: TTenantScope, q: TDeviceListQuery & { unlinkedOnly?: boolean }) {
  const where = deviceFilters(scope, q);
  const [page, count] = await Promise.all([
    db.execute<TDeviceRow>(
      sql`SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    ),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM devices d WHERE ${where}`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
}
