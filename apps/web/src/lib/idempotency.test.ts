import { stableJson } from '@tarang/shared/common/stable-json';
import { describe, expect, it } from 'vitest';
import { createIdempotencyKeeper, newUuid } from './idempotency';

describe('createIdempotencyKeeper', () => {
  it('gives the same key for the same body (a retry), whatever the key order, and a new key for another body', () => {
    let n = 0;
    const keeper = createIdempotencyKeeper(() => `key-${++n}`);
    const first = keeper.keyFor({ type: 'SUSPEND', iccids: ['1', '2'], proceedWithValid: true });
    expect(keeper.keyFor({ proceedWithValid: true, iccids: ['1', '2'], type: 'SUSPEND' })).toBe(first);
    const other = keeper.keyFor({ type: 'SUSPEND', iccids: ['1'] });
    expect(other).not.toBe(first);
    keeper.reset();
    expect(keeper.keyFor({ type: 'SUSPEND', iccids: ['1'] })).not.toBe(other);
  });

  it('makes version 4 UUIDs', () => {
    expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newUuid()).not.toBe(newUuid());
  });

  it('prints equal objects the same', () => {
    expect(stableJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
  });
});
