import { describe, expect, it } from 'vitest';
import { formatWhitelistNumber, normaliseWhitelistNumber } from './whitelist-numbers';

describe('normaliseWhitelistNumber', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['91 98765 43210', '+919876543210'],
    ['098765-43210', '+919876543210'],
    ['0 98765 43210', '+919876543210'],
    ['(+91) 98765.43210', '+919876543210'],
    ['(0) 98765 43210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['  98765\u00a043210  ', '+919876543210'],
    ['6000000000', '+916000000000'],
    ['7000000000', '+917000000000'],
    ['8999999999', '+918999999999'],
    ['9999999999', '+919999999999'],
    // 13-digit M2M numbers stay 13 digits.
    ['5912345678901', '5912345678901'],
    ['59123 4567 8901', '5912345678901'],
    ['59123-4567-8901', '5912345678901'],
    ['1000000000000', '1000000000000'],
    ['9123456789012', '9123456789012'],
    // A SIM's M2M number as E.164 (+91 and 13 digits), as the SIM inventory shows it.
    ['+91 5912345678901', '5912345678901'],
  ])('stores %j as %s', (text, number) => {
    expect(normaliseWhitelistNumber(text)).toEqual({ number });
  });

  it.each([
    ['', /^Enter a phone number$/],
    ['   ', /^Enter a phone number$/],
    ['- ( ) .', /^Enter a phone number$/],
    ['+', /^Enter a phone number after the \+$/],
    ['98765abcde', /digits only: remove the letters/],
    ['nine876543210', /digits only: remove the letters/],
    ['९८७६५४३२१०', /digits only/],
    ['98765+43210', /digits only, with an optional \+ at the start/],
    ['9876#543210', /digits only/],
    ['++919876543210', /digits only/],
    ['+1 415 555 0100', /^Only Indian numbers \(\+91\) and 13-digit M2M numbers/],
    ['+44 7911 123456', /^Only Indian numbers \(\+91\) and 13-digit M2M numbers/],
    ['+92 300 1234567', /^Only Indian numbers/],
    ['0044 7911 123456', /^Only Indian numbers/],
    ['5876543210', /^Indian mobile numbers start with 6, 7, 8 or 9$/],
    ['0876543210', /^Indian mobile numbers start with 6, 7, 8 or 9$/],
    ['1234567890', /start with 6, 7, 8 or 9/],
    ['05876543210', /start with 6, 7, 8 or 9/],
    ['915876543210', /start with 6, 7, 8 or 9/],
    ['+91 58765 43210', /start with 6, 7, 8 or 9/],
    ['+91 08765 43210', /start with 6, 7, 8 or 9/],
    ['0912345678901', /13-digit M2M numbers do not start with 0/],
    ['+91 0912345678901', /13-digit M2M numbers do not start with 0/],
    ['987654321', /needs 10 digits .* or 13 digits .*; this one has 9$/],
    ['98765432101', /this one has 11$/],
    ['929876543210', /this one has 12$/],
    ['98765432101234', /this one has 14$/],
    ['9'.repeat(40), /this one has 40$/],
    ['+91 98765 4321', /this one has 9$/],
    ['+91 98765 432101', /this one has 11$/],
    ['+91', /this one has 0$/],
    ['\u00009876543210', /control character/],
    ['98765\u000043210', /control character/],
    ['98765\n43210', /control character/],
    ['9876543210\t', /control character/],
    ['\u007f', /control character/],
  ])('rejects %j', (text, message) => {
    const result = normaliseWhitelistNumber(text);
    expect(result).toEqual({ error: expect.stringMatching(message) });
  });

  it('answers text that is not a string with an error, not a throw', () => {
    expect(normaliseWhitelistNumber(undefined as unknown as string)).toEqual({ error: 'Enter a phone number' });
    expect(normaliseWhitelistNumber(9876543210 as unknown as string)).toEqual({ error: 'Enter a phone number' });
  });
});

describe('formatWhitelistNumber', () => {
  it.each([
    ['+919876543210', '+91 98765 43210'],
    ['+916000000000', '+91 60000 00000'],
    ['5912345678901', '59123 4567 8901'],
    ['1000000000000', '10000 0000 0000'],
    ['not a number', 'not a number'],
    ['', ''],
  ])('shows %j as %j', (number, text) => {
    expect(formatWhitelistNumber(number)).toBe(text);
  });

  it.each(['+919876543210', '5912345678901'])('reads %j back from its formatted text', (number) => {
    expect(normaliseWhitelistNumber(formatWhitelistNumber(number))).toEqual({ number });
  });
});
