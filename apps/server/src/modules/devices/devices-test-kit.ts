import { newId } from '@tarang/shared/common/ids';
import { luhnCheckDigit } from '@tarang/shared/sims/identifiers';
import type pg from 'pg';

/** Test devices, written straight to the table (the API under test is not used to make its own fixtures). */

let serial = 0;

/** A valid IMEI nobody has used in this process: a fixed TAC, a serial and the Luhn check digit. */
export function freshImei(): string {
  serial += 1;
  const body = `35316811${String((Date.now() % 1_000_000) + serial * 7919)
    .slice(-6)
    .padStart(6, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

export async function makeDevice(
  pool: pg.Pool,
  attrs: { organizationId: string | null; simId?: string | null; vehicle?: boolean; imei?: string },
): Promise<{ id: string; imei: string }> {
  const id = newId();
  const imei = attrs.imei ?? freshImei();
  await pool.query(
    `INSERT INTO devices (id, imei, make, model, organization_id, sim_id, vehicle_registration, vehicle_type, end_user_name,
       end_user_phone, kyc_id_type, kyc_id_number)
     VALUES ($1, $2, 'Teltonika', 'FMB920', $3, $4, $5, $6, 'Ravi Kumar', '+919876543210', 'PAN', 'ABCPK1234F')
     ON CONFLICT (imei) DO NOTHING`,
    [
      id,
      imei,
      attrs.organizationId,
      attrs.simId ?? null,
      attrs.vehicle ? `MH12AB${String(serial % 10_000).padStart(4, '1')}` : null,
      attrs.vehicle ? 'TRUCK' : null,
    ],
  );
  return { id, imei };
}
