import { describe, expect, it } from 'vitest';
import { normaliseRegistration, registrationError } from './vehicle-registration';

describe('Indian vehicle registration numbers', () => {
  it.each([
    'MH12AB1234',
    'DL3CAF0001',
    'KA01A9',
    'KA 01 A 9',
    'dl-3c-af-0001',
    'TN09BZ9999',
    'UP16Z1234',
    'DL1C1234',
    '22BH1234AA',
    '21BH0001A',
    'OD02AB1234',
  ])('takes %s', (v) => expect(registrationError(v)).toBeNull());

  it.each([
    ['', /Give the registration number/],
    ['XX12AB1234', /XX is not a state or union territory code/],
    ['MH00AB1234', /district number cannot be 0/],
    ['MH12AB0000', /number cannot be 0/],
    ['MH12ABCD1234', /Not an Indian registration number/],
    ['MH12AB12345', /Not an Indian registration number/],
    ['12MH1234', /Not an Indian registration number/],
    ['22BH12345A', /Not an Indian registration number/],
    ['MH12AB12\u00004', /Not an Indian registration number/],
  ])('refuses %j', (v, why) => expect(registrationError(v)).toMatch(why));

  it('is stored in capitals without spaces, dots or hyphens', () => {
    expect(normaliseRegistration(' mh-12 ab.1234 ')).toBe('MH12AB1234');
  });
});
