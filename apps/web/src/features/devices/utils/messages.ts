import { createMessages } from '@/lib/i18n/server-messages';
import { DEVICE_FORM_TEXT } from './device-form';

/** A SIM's status inside a message: in the reader's words (Hindi), as the server wrote it (English). */
const STATUS_VALUES = new Set(['status']);

/**
 * What the form's checks and the server say about devices — the shared checks of an IMEI, an ICCID, a registration
 * number, a phone and an identity document, and the server's refusals — by their English text, so a Hindi reader sees
 * them in Hindi. English shows the server's words as they are.
 */
export const useDeviceMessages = createMessages('devices', {
  texts: {
    [DEVICE_FORM_TEXT.imeiNeeded]: 'imeiNeeded',
    [DEVICE_FORM_TEXT.vehicleTypeNeeded]: 'vehicleTypeNeeded',
    [DEVICE_FORM_TEXT.kycTypeNeeded]: 'kycTypeNeeded',
    [DEVICE_FORM_TEXT.kycNumberNeeded]: 'kycNumberNeeded',
    [DEVICE_FORM_TEXT.phoneMasked]: 'phoneMasked',
    [DEVICE_FORM_TEXT.kycNumberMasked]: 'kycNumberMasked',
    [DEVICE_FORM_TEXT.organizationNeeded]: 'organizationNeeded',
    'IMEI must contain digits only': 'imeiDigits',
    'IMEI must be 15 digits': 'imeiLength',
    'IMEI check digit is wrong': 'imeiCheckDigit',
    'ICCID must contain digits only': 'iccidDigits',
    'ICCID must be 19 or 20 digits': 'iccidLength',
    'ICCID must start with 89': 'iccidPrefix',
    'ICCID check digit is wrong': 'iccidCheckDigit',
    'Give the make': 'makeNeeded',
    'make must be at most 80 characters': 'makeTooLong',
    'Give the model': 'modelNeeded',
    'model must be at most 80 characters': 'modelTooLong',
    'Give the end user’s name': 'endUserNameNeeded',
    'end user’s name must be at most 100 characters': 'endUserNameTooLong',
    'Enter a valid phone number: +91 and 10 digits (or 13 for M2M numbers)': 'phoneInvalid',
    'Give the registration number': 'registrationNeeded',
    'Not an Indian registration number: state code, district, series and number (MH12AB1234), or the BH series (22BH1234AA)':
      'registrationInvalid',
    'The district number cannot be 0': 'registrationDistrictZero',
    'The number cannot be 0': 'registrationNumberZero',
    'An Aadhaar number is 12 digits, not starting with 0 or 1': 'kycAadhaar',
    'This Aadhaar number’s check digit is wrong': 'kycAadhaarCheckDigit',
    'A PAN is five letters, four digits and a letter (ABCPE1234F)': 'kycPan',
    'An Indian passport number is a letter and seven digits (J8369854)': 'kycPassport',
    'A driving licence number is the state code and 13 digits (MH1420110062821)': 'kycDrivingLicence',
    'A voter ID (EPIC) is three letters and seven digits (ABC1234567)': 'kycVoterId',
    'A GSTIN is 15 characters: state, PAN, entity, Z and a check character': 'kycGstin',
    'Device not found': 'notFound',
    'SIM not found': 'simNotFound',
    'Organisation not found': 'organizationNotFound',
    'The SIM is in another device': 'simInAnotherDevice',
    'The device is fitted to no vehicle': 'noVehicle',
    'The device holds a SIM in service: delete with unlink=true to take it off': 'holdsSimInService',
    'None of the devices can be assigned': 'noneAssignable',
    'The device holds a SIM: unlink it first': 'holdsSim',
    'Device added': 'added',
    'Device saved': 'saved',
    'Device deleted': 'deleted',
    'Device added to the inventory': 'addedToInventory',
    'Give the version': 'versionNeeded',
    'version must be at most 40 characters': 'versionTooLong',
    'A version is letters, digits, dots, dashes, plus and underscores': 'versionInvalid',
    'The checksum is the file’s SHA-256: 64 hexadecimal characters': 'checksumInvalid',
    'Firmware not found': 'firmwareNotFound',
    'Firmware published': 'firmwarePublished',
    'Firmware saved': 'firmwareSaved',
    'Firmware withdrawn': 'firmwareWithdrawn',
    'None of the devices can take this firmware': 'firmwareNone',
    'The device holds no SIM: it is reached through its SIM': 'firmwareNoSim',
  },
  patterns: [
    { pattern: /^A device with IMEI (?<imei>\d+) is already registered$/, key: 'imeiTaken' },
    { pattern: /^SIM (?<iccid>\d+) belongs to another organisation than the device$/, key: 'simOtherOrganization' },
    { pattern: /^SIM (?<iccid>\d+) is (?<status>[A-Z_]+): it cannot hold a device$/, key: 'simEnded' },
    { pattern: /^SIM (?<iccid>\d+) is in device (?<imei>\d+): unlink it there first$/, key: 'simInDevice' },
    { pattern: /^The SIM cannot be IMEI-locked: (?<reason>.+)$/, key: 'lockRefused' },
    {
      pattern: /^Device (?<imei>\d+) holds SIM (?<iccid>\d+), which is (?<status>[A-Z_]+): unlink it to delete the device$/,
      key: 'deleteRefused',
    },
    { pattern: /^(?<code>[A-Z]{2}) is not a state or union territory code$/, key: 'registrationState' },
    { pattern: /^(?<name>.+) already has firmware (?<version>\S+)$/, key: 'firmwareTaken' },
    { pattern: /^The device is a (?<device>.+); this firmware is for the (?<firmware>.+)$/, key: 'firmwareOtherModel' },
    { pattern: /^The device already runs (?<version>\S+)$/, key: 'firmwareAlreadyRuns' },
    { pattern: /^The device's SIM is (?<status>[A-Z_]+): it is reached only through an active SIM$/, key: 'firmwareSimNotActive' },
    {
      pattern: /^(?<count>\d+) of the devices cannot take this firmware: send the others with proceedWithValid$/,
      key: 'firmwareSomeCannot',
    },
  ],
  // English keeps the server's words; Hindi gives a SIM's status in its words.
  values: (values, { t, english }) => {
    if (english) return values;
    return Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, STATUS_VALUES.has(k) ? t(`simStatus.${v}`, { defaultValue: v }) : v]),
    );
  },
});
