import { describe, expect, it } from 'vitest';
import { generatedIccid, generatedIccidPrefix, generatedImei, simIdentity } from './generated-identifiers';
import { iccidError, imeiError, imsiError, msisdnError, OPERATORS } from './identifiers';

describe('generated identifiers', () => {
  it('gives each serial and operator a valid identity of its own', () => {
    for (const operator of OPERATORS) {
      for (const n of [0, 1, 42, 700_000_123, 9_999_999_999]) {
        const sim = simIdentity(n, operator);
        expect(iccidError(sim.iccid)).toBeNull();
        expect(imsiError(sim.imsi)).toBeNull();
        expect(msisdnError(sim.msisdn)).toBeNull();
        expect(sim.iccid.startsWith(generatedIccidPrefix(operator))).toBe(true);
        expect(generatedIccid(n, operator)).toBe(sim.iccid);
        expect(imeiError(generatedImei(n))).toBeNull();
      }
    }
    expect(simIdentity(7, 'AIRTEL')).toEqual({
      iccid: '8991100000000000076',
      imsi: '404100000000007',
      msisdn: '+915000000000007',
      operator: 'AIRTEL',
    });
    const iccids = OPERATORS.flatMap((operator) => [1, 2].map((n) => simIdentity(n, operator).iccid));
    expect(new Set(iccids).size).toBe(iccids.length);
  });
});
