import { describe, expect, it } from 'vitest';
import { simIdentifierOf } from './identifier';

describe('simIdentifierOf', () => {
  it('tells an ICCID, an IMSI and an MSISDN apart, dropping the spaces and dashes people type', () => {
    expect(simIdentifierOf(' 8991 1000 0000 0001 0019 ')).toEqual({ kind: 'iccid', value: '89911000000000010019' });
    expect(simIdentifierOf('404450000000001')).toEqual({ kind: 'imsi', value: '404450000000001' });
    expect(simIdentifierOf('+91 98765-43210')).toEqual({ kind: 'msisdn', value: '+919876543210' });
    expect(simIdentifierOf('+915000940429601')).toEqual({ kind: 'msisdn', value: '+915000940429601' });
    expect(simIdentifierOf('9876543210')).toEqual({ kind: 'msisdn', value: '9876543210' });
  });

  it('refuses what is none of them', () => {
    for (const text of ['', 'hello', '12345', '+91 98765 4321x', '7991100000000010019']) expect(simIdentifierOf(text), text).toBeNull();
  });
});
