import { describe, expect, it } from 'vitest';
import { iccidError, imeiError, imsiError, luhnCheckDigit, luhnValid, msisdnError, operatorError } from './identifiers';

describe('identifiers', () => {
  it('checks Luhn digits', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnCheckDigit('7992739871')).toBe('3');
  });

  it('accepts real-format ICCIDs and names what is wrong with bad ones', () => {
    const body = '899110200000012345';
    const iccid = `${body}${luhnCheckDigit(body)}`;
    expect(iccidError(iccid)).toBeNull();
    const twenty = `8991102000000123456${luhnCheckDigit('8991102000000123456')}`;
    expect(iccidError(twenty)).toBeNull();
    expect(iccidError(`${body}${(Number(luhnCheckDigit(body)) + 1) % 10}`)).toBe('ICCID check digit is wrong');
    expect(iccidError('8991abc')).toBe('ICCID must contain digits only');
    expect(iccidError('89911020000001')).toBe('ICCID must be 19 or 20 digits');
    expect(iccidError(`7${iccid.slice(1)}`)).toBe('ICCID must start with 89');
  });

  it('checks IMSI, MSISDN, IMEI and operators', () => {
    expect(imsiError('404451234567890')).toBeNull();
    expect(imsiError('40445123456789')).toBe('IMSI must be 15 digits');
    expect(msisdnError('+919876543210')).toBeNull();
    expect(msisdnError('+915754012345678')).toBeNull();
    expect(msisdnError('9876543210')).toMatch(/^MSISDN must be \+91/);
    expect(imeiError('490154203237518')).toBeNull();
    expect(imeiError('490154203237519')).toBe('IMEI check digit is wrong');
    expect(operatorError('AIRTEL')).toBeNull();
    expect(operatorError('JIO')).toBe('Operator must be one of AIRTEL, BSNL, VI');
  });
});
