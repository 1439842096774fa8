import { describe, expect, it } from 'vitest';
import { kycNumberError, maskKycNumber, maskPhone, type TKycIdType, verhoeffValid } from './kyc';

describe('end-user identity documents', () => {
  it("checks an Aadhaar number's Verhoeff check digit", () => {
    // 2345 6789 0124: the last digit is the Verhoeff check digit of the first eleven.
    expect(verhoeffValid('234567890124')).toBe(true);
    expect(verhoeffValid('234567890125')).toBe(false);
    expect(verhoeffValid('2363')).toBe(true);
  });

  it.each<[TKycIdType, string]>([
    ['AADHAAR', '2345 6789 0124'],
    ['PAN', 'ABCPE1234F'],
    ['PAN', 'abcpe1234f'],
    ['PASSPORT', 'J8369854'],
    ['DRIVING_LICENCE', 'MH14-20110062821'],
    ['VOTER_ID', 'ABC1234567'],
    ['GSTIN', '27AAPFU0939F1ZV'],
  ])('takes a %s %s', (type, value) => expect(kycNumberError(type, value)).toBeNull());

  it.each<[TKycIdType, string, RegExp]>([
    ['AADHAAR', '234567890125', /check digit is wrong/],
    ['AADHAAR', '123456789012', /12 digits, not starting with 0 or 1/],
    ['AADHAAR', '23456789012', /12 digits/],
    ['PAN', 'ABCDE1234F', /five letters, four digits and a letter/],
    ['PAN', 'ABCP1234F', /five letters/],
    ['PASSPORT', '18369854', /a letter and seven digits/],
    ['DRIVING_LICENCE', 'MH1420110062', /state code and 13 digits/],
    ['VOTER_ID', 'AB12345678', /three letters and seven digits/],
    ['GSTIN', '27AAPFU0939F1YV', /15 characters/],
  ])('refuses a %s %s', (type, value, why) => expect(kycNumberError(type, value)).toMatch(why));

  it('masks all but the last four characters of a document and the last three digits of a phone', () => {
    expect(maskKycNumber('234567890124')).toBe('••••••••0124');
    expect(maskKycNumber(null)).toBeNull();
    expect(maskPhone('+919876543210')).toBe('+91•••••••210');
    expect(maskPhone(null)).toBeNull();
  });
});
