import { PHONE_DEFAULT_PREFIX } from '@tarang/shared/common/limits';
import {
  type TDevice,
  type TDeviceCreate,
  type TDeviceUpdate,
  type TVehicleType,
  VEHICLE_TYPES,
  ZDeviceCreate,
} from '@tarang/shared/devices/device.schemas';
import { KYC_ID_TYPES, kycNumberError, normaliseKycNumber, type TKycIdType } from '@tarang/shared/devices/kyc';
import { normaliseRegistration, registrationError } from '@tarang/shared/devices/vehicle-registration';
import { iccidError, imeiError } from '@tarang/shared/sims/identifiers';
import { ZPhone } from '@tarang/shared/users/user.schemas';
import { z } from 'zod';
import { ApiError, isApiError } from '@/lib/api-client';

/** The form's own words (the shared checks' are theirs), as `utils/messages.ts` translates them. */
export const DEVICE_FORM_TEXT = {
  imeiNeeded: 'Enter the IMEI',
  vehicleTypeNeeded: 'Choose the vehicle type',
  kycTypeNeeded: 'Choose the identity document',
  kycNumberNeeded: 'Give the document number',
  phoneMasked: 'Type the whole phone number: the masked one cannot be saved',
  kycNumberMasked: 'Type the whole document number: the masked one cannot be saved',
  organizationNeeded: 'Choose the organisation',
} as const;

/** What the form holds: text as typed ('' for none), the lock as a tick. Vehicle and end user are flat fields. */
export type TDeviceFormInput = {
  imei: string;
  make: string;
  model: string;
  firmwareVersion: string;
  serial: string;
  simIccid: string;
  lockSimToImei: boolean;
  registration: string;
  vehicleType: string;
  endUserName: string;
  endUserPhone: string;
  kycIdType: string;
  kycIdNumber: string;
  /** '' for the caller's own (an organisation user) or the provider's stock (staff). */
  organizationId: string;
};

type TVehicle = { registration: string; type: TVehicleType };
type TEndUser = { name: string; phone: string | null; kycIdType: TKycIdType; kycIdNumber: string };

/** What the form sends, once checked. */
export type TDeviceFormValues = {
  imei: string;
  make: string;
  model: string;
  firmwareVersion: string | null;
  serial: string | null;
  simIccid: string | null;
  lockSimToImei: boolean;
  vehicle: TVehicle | null;
  /** Undefined: an edit that left the end user as it was (a masked document is never sent back as a number). */
  endUser: TEndUser | null | undefined;
  organizationId: string | null;
};

export const EMPTY_DEVICE: TDeviceFormInput = {
  imei: '',
  make: '',
  model: '',
  firmwareVersion: '',
  serial: '',
  simIccid: '',
  lockSimToImei: false,
  registration: '',
  vehicleType: '',
  endUserName: '',
  endUserPhone: '',
  kycIdType: '',
  kycIdNumber: '',
  organizationId: '',
};

/** A device as the edit form starts: the end user's phone and document as the server sent them (masked or not). */
export function deviceFormValues(device: TDevice): TDeviceFormInput {
  return {
    ...EMPTY_DEVICE,
    imei: device.imei,
    make: device.make,
    model: device.model,
    firmwareVersion: device.firmwareVersion ?? '',
    serial: device.serial ?? '',
    simIccid: device.sim?.iccid ?? '',
    registration: device.vehicle?.registration ?? '',
    vehicleType: device.vehicle?.type ?? '',
    endUserName: device.endUser?.name ?? '',
    endUserPhone: device.endUser?.phone ?? '',
    kycIdType: device.endUser?.kycIdType ?? '',
    kycIdNumber: device.endUser?.kycIdNumber ?? '',
    organizationId: device.organization?.id ?? '',
  };
}

const END_USER_FIELDS = ['endUserName', 'endUserPhone', 'kycIdType', 'kycIdNumber'] as const;
const MASK = '•';
const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** A phone typed with or without its +91, spaces and dashes dropped (the phone field adds +91 before the digits). */
function phoneOf(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  if (compact === '' || compact === PHONE_DEFAULT_PREFIX) return null;
  return compact.startsWith('+') ? compact : `${PHONE_DEFAULT_PREFIX}${compact}`;
}

const isVehicleType = (v: string): v is TVehicleType => (VEHICLE_TYPES as readonly string[]).includes(v);
const isKycType = (v: string): v is TKycIdType => (KYC_ID_TYPES as readonly string[]).includes(v);

/**
 * The device form (Add Device, Edit, Add to inventory): the shared checks of an IMEI, an ICCID, a registration number,
 * a phone and an identity document, run before anything is sent. The vehicle is both its registration and type, or
 * neither; the end user is a name and a document (a phone optional), or nothing. On an edit (`original`), an end
 * user left as it was is not checked nor sent: a role without View KYC holds only its masked phone and document.
 */
export function deviceFormSchema({ original = null, withSim = true }: { original?: TDeviceFormInput | null; withSim?: boolean } = {}) {
  const shape = ZDeviceCreate.shape;
  return z
    .object({
      imei: z.string(),
      make: shape.make,
      model: shape.model,
      firmwareVersion: z.string(),
      serial: z.string(),
      simIccid: z.string(),
      lockSimToImei: z.boolean(),
      registration: z.string(),
      vehicleType: z.string(),
      endUserName: z.string(),
      endUserPhone: z.string(),
      kycIdType: z.string(),
      kycIdNumber: z.string(),
      organizationId: z.string(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: keyof TDeviceFormInput, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      // An edit does not change the IMEI.
      if (!original) {
        const imei = v.imei.trim();
        const problem = imei === '' ? DEVICE_FORM_TEXT.imeiNeeded : imeiError(imei);
        if (problem) issue('imei', problem);
      }
      if (withSim && v.simIccid !== '') {
        const problem = iccidError(v.simIccid);
        if (problem) issue('simIccid', problem);
      }
      if (v.registration.trim() !== '' || v.vehicleType !== '') {
        const problem = registrationError(v.registration);
        if (problem) issue('registration', problem);
        if (!isVehicleType(v.vehicleType)) issue('vehicleType', DEVICE_FORM_TEXT.vehicleTypeNeeded);
      }
      if (!endUserGiven(v) || !endUserChanged(v, original)) return;
      const name = shape.endUser.unwrap().unwrap().shape.name.safeParse(v.endUserName);
      if (!name.success) issue('endUserName', name.error.issues[0]?.message ?? '');
      if (v.endUserPhone.includes(MASK)) issue('endUserPhone', DEVICE_FORM_TEXT.phoneMasked);
      else {
        const phone = phoneOf(v.endUserPhone);
        const checked = phone === null ? null : ZPhone.safeParse(phone);
        if (checked && !checked.success) issue('endUserPhone', checked.error.issues[0]?.message ?? '');
      }
      if (!isKycType(v.kycIdType)) issue('kycIdType', DEVICE_FORM_TEXT.kycTypeNeeded);
      if (v.kycIdNumber.includes(MASK)) issue('kycIdNumber', DEVICE_FORM_TEXT.kycNumberMasked);
      else if (normaliseKycNumber(v.kycIdNumber) === '') issue('kycIdNumber', DEVICE_FORM_TEXT.kycNumberNeeded);
      else if (isKycType(v.kycIdType)) {
        const problem = kycNumberError(v.kycIdType, v.kycIdNumber);
        if (problem) issue('kycIdNumber', problem);
      }
    })
    .transform(
      (v): TDeviceFormValues => ({
        imei: v.imei.trim(),
        make: v.make,
        model: v.model,
        firmwareVersion: blankToNull(v.firmwareVersion),
        serial: blankToNull(v.serial),
        simIccid: withSim ? blankToNull(v.simIccid) : null,
        lockSimToImei: withSim && v.simIccid !== '' && v.lockSimToImei,
        vehicle: isVehicleType(v.vehicleType) ? { registration: normaliseRegistration(v.registration), type: v.vehicleType } : null,
        endUser: !endUserChanged(v, original)
          ? undefined
          : endUserGiven(v) && isKycType(v.kycIdType)
            ? {
                name: v.endUserName.trim(),
                phone: phoneOf(v.endUserPhone),
                kycIdType: v.kycIdType,
                kycIdNumber: normaliseKycNumber(v.kycIdNumber),
              }
            : null,
        organizationId: blankToNull(v.organizationId),
      }),
    );
}

function endUserGiven(v: TDeviceFormInput): boolean {
  return END_USER_FIELDS.some((field) => v[field].trim() !== '');
}

/** Whether the end user differs from the one the edit started with (always, when adding). */
function endUserChanged(v: TDeviceFormInput, original: TDeviceFormInput | null): boolean {
  if (!original) return true;
  return END_USER_FIELDS.some((field) => v[field].trim() !== original[field].trim());
}

/** POST /device (or /device-inventory, which takes no SIM): what was given; the organisation only when named. */
export function createBody(values: TDeviceFormValues): TDeviceCreate {
  return {
    imei: values.imei,
    make: values.make,
    model: values.model,
    firmwareVersion: values.firmwareVersion,
    serial: values.serial,
    ...(values.simIccid ? { simIccid: values.simIccid, lockSimToImei: values.lockSimToImei } : {}),
    vehicle: values.vehicle,
    endUser: values.endUser ?? null,
    ...(values.organizationId ? { organizationId: values.organizationId } : {}),
  };
}

/**
 * PUT /device/{id}: make, model, firmware and serial; the SIM when it changed (null unlinks) or is to be locked; the
 * vehicle when it changed; the end user only when it was edited.
 */
export function updateBody(values: TDeviceFormValues, device: TDevice): TDeviceUpdate {
  const currentSim = device.sim?.iccid ?? null;
  const simChanged = values.simIccid !== currentSim;
  const vehicleChanged =
    (values.vehicle?.registration ?? null) !== (device.vehicle?.registration ?? null) ||
    (values.vehicle?.type ?? null) !== (device.vehicle?.type ?? null);
  return {
    make: values.make,
    model: values.model,
    firmwareVersion: values.firmwareVersion,
    serial: values.serial,
    ...(simChanged || (values.simIccid && values.lockSimToImei) ? { simIccid: values.simIccid } : {}),
    ...(values.simIccid && values.lockSimToImei ? { lockSimToImei: true } : {}),
    ...(vehicleChanged ? { vehicle: values.vehicle } : {}),
    ...(values.endUser !== undefined ? { endUser: values.endUser } : {}),
  };
}

/** The server's field paths (`vehicle.registration`, `endUser.kycIdNumber`) as the form's fields. */
const FORM_FIELD_OF: Record<string, keyof TDeviceFormInput> = {
  imei: 'imei',
  make: 'make',
  model: 'model',
  firmwareVersion: 'firmwareVersion',
  serial: 'serial',
  simIccid: 'simIccid',
  lockSimToImei: 'lockSimToImei',
  organizationId: 'organizationId',
  vehicle: 'registration',
  'vehicle.registration': 'registration',
  'vehicle.type': 'vehicleType',
  endUser: 'endUserName',
  'endUser.name': 'endUserName',
  'endUser.phone': 'endUserPhone',
  'endUser.kycIdType': 'kycIdType',
  'endUser.kycIdNumber': 'kycIdNumber',
};

export function formFieldOf(path: string): keyof TDeviceFormInput | null {
  return FORM_FIELD_OF[path.replace(/^body\./, '')] ?? null;
}

/** A refusal whose field errors name the form's fields, so the form puts each on its field. */
export function withFormPaths(error: unknown): unknown {
  if (!isApiError(error) || !error.errors?.length) return error;
  const errors = error.errors.map((e) => ({ ...e, path: formFieldOf(e.path) ?? e.path }));
  return new ApiError(error.status, { ...error.body, message: error.message, code: error.code, errors });
}

/** The server kept the device but refused to lock its SIM (422 naming `lockSimToImei`): its reason, else null. */
export function lockRefusal(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return error.errors?.find((e) => formFieldOf(e.path) === 'lockSimToImei')?.message ?? null;
}
