import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { describe, expect, it } from 'vitest';
import { hashOf, UploadIdentifierSet } from './upload-identifier-set';

describe('UploadIdentifierSet', () => {
  it('says whether any identifier of a row was met before; a row repeating its own value does not count', () => {
    const set = new UploadIdentifierSet();
    expect(set.addAll(['8991000000000000001', '404100000000001'])).toBe(false);
    expect(set.addAll(['8991000000000000002', '8991000000000000002'])).toBe(false);
    expect(set.addAll(['8991000000000000003', '404100000000001'])).toBe(true);
    expect(set.count).toBe(4);
  });

  it('keeps every identifier of 300,000 rows as it grows, and finds each again', () => {
    const set = new UploadIdentifierSet();
    for (let i = 0; i < 300_000; i++) {
      const p = simIdentity(i, 'AIRTEL');
      expect(set.addAll([p.iccid, p.imsi, p.msisdn])).toBe(false);
    }
    expect(set.count).toBe(900_000);
    for (let i = 0; i < 300_000; i += 997) expect(set.addAll([simIdentity(i, 'AIRTEL').imsi])).toBe(true);
    expect(set.addAll([simIdentity(300_001, 'AIRTEL').iccid])).toBe(false);
  });

  it('hashes to a non-zero integer of at most 53 bits', () => {
    for (const v of ['', '0', '+919876543210', '89910000000000000019']) {
      const h = hashOf(v);
      expect(Number.isSafeInteger(h) || h === 2 ** 53).toBe(true);
      expect(h).toBeGreaterThan(0);
    }
    expect(hashOf('89910000000000000019')).not.toBe(hashOf('89910000000000000027'));
  });
});
