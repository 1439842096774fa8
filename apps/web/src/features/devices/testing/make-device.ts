import type { TDevice } from '@tarang/shared/devices/device.schemas';
import { hexId, ORG_A } from '@/testing/signed-in';

/** Luhn-valid IMEIs and ICCID of the test devices. */
export const IMEI = '356938035643809';
export const IMEI_2 = '867169050000129';
export const ICCID = '8991100000000020009';
/** An Aadhaar number whose Verhoeff check digit is right, and the same number with it wrong. */
export const AADHAAR = '234567890124';
export const AADHAAR_BAD = '234567890125';

/** Test data: a device as GET /device answers it to a role with View KYC (linked to an active SIM, fitted to a truck). */
export function makeDevice(overrides: Partial<TDevice> = {}): TDevice {
  return {
    id: hexId('d'),
    imei: IMEI,
    make: 'Teltonika',
    model: 'FMB920',
    firmwareVersion: '03.27.07',
    serial: 'SN-000451',
    organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
    sim: { id: hexId('5'), iccid: ICCID, status: 'ACTIVE' },
    vehicle: { registration: 'MH12AB1234', type: 'TRUCK' },
    endUser: { name: 'Ravi Kumar', phone: '+919876543210', kycIdType: 'AADHAAR', kycIdNumber: AADHAAR },
    kycMasked: false,
    tac: { make: 'Teltonika', model: 'FMB920' },
    createdAt: '2026-11-22T09:15:00.000Z',
    updatedAt: '2026-11-22T09:15:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** The same device as a role without View KYC is sent it. */
export function makeMaskedDevice(overrides: Partial<TDevice> = {}): TDevice {
  return makeDevice({
    endUser: { name: 'Ravi Kumar', phone: '+91•••••••210', kycIdType: 'AADHAAR', kycIdNumber: '••••••••0124' },
    kycMasked: true,
    ...overrides,
  });
}
