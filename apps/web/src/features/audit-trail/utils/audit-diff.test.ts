import { describe, expect, it } from 'vitest';
import { countDiff, diffSnapshots, flattenSnapshot, formatLeaf } from './audit-diff';

describe('flattenSnapshot', () => {
  it('flattens nested objects to dotted paths and arrays by index, keeping empty containers as leaves', () => {
    const flat = flattenSnapshot({
      tradeName: 'Sanchar',
      settings: { limits: { daily: 5, monthly: null }, tags: [] },
      gateways: [{ host: 'a.example.in' }, 'b'],
      meta: {},
    });
    expect([...flat]).toEqual([
      ['tradeName', 'Sanchar'],
      ['settings.limits.daily', 5],
      ['settings.limits.monthly', null],
      ['settings.tags', []],
      ['gateways[0].host', 'a.example.in'],
      ['gateways[1]', 'b'],
      ['meta', {}],
    ]);
  });

  it('writes a key that would read as a path in brackets, and a plain value at the path ""', () => {
    expect([...flattenSnapshot({ 'a.b': 1, 'sim-inventory': { ok: true } })]).toEqual([
      ['["a.b"]', 1],
      ['sim-inventory.ok', true],
    ]);
    expect([...flattenSnapshot('ACTIVE')]).toEqual([['', 'ACTIVE']]);
    expect(flattenSnapshot(null).size).toBe(0);
    expect(flattenSnapshot(undefined).size).toBe(0);
    expect(flattenSnapshot({}).size).toBe(0);
    expect(flattenSnapshot([]).size).toBe(0);
  });
});

describe('diffSnapshots', () => {
  it('names changed, added, removed and unchanged fields of an update', () => {
    const rows = diffSnapshots(
      { tradeName: 'Sanchar', brandName: 'S', settings: { limit: 5, mail: true }, status: 'ACTIVE' },
      { tradeName: 'Sanchar Connect', settings: { limit: 5, mail: false }, status: 'ACTIVE', email: 'ops@sanchar.in' },
    );
    expect(rows).toEqual([
      { path: 'tradeName', kind: 'changed', before: 'Sanchar', after: 'Sanchar Connect' },
      { path: 'brandName', kind: 'removed', before: 'S' },
      { path: 'settings.limit', kind: 'unchanged', before: 5, after: 5 },
      { path: 'settings.mail', kind: 'changed', before: true, after: false },
      { path: 'status', kind: 'unchanged', before: 'ACTIVE', after: 'ACTIVE' },
      { path: 'email', kind: 'added', after: 'ops@sanchar.in' },
    ]);
    expect(countDiff(rows)).toEqual({ added: 1, removed: 1, changed: 2, unchanged: 2 });
  });

  it('shows every field of a creation as added and every field of a deletion as removed', () => {
    expect(diffSnapshots(null, { id: 'x', tags: ['a'] })).toEqual([
      { path: 'id', kind: 'added', after: 'x' },
      { path: 'tags[0]', kind: 'added', after: 'a' },
    ]);
    expect(diffSnapshots({ id: 'x' }, null)).toEqual([{ path: 'id', kind: 'removed', before: 'x' }]);
    expect(diffSnapshots(null, null)).toEqual([]);
  });

  it('tells null from a missing field, 0 from false, "1" from 1, and an empty list from an empty object', () => {
    const rows = diffSnapshots({ a: null, b: 0, c: '1', d: [], e: 1 }, { b: false, c: 1, d: {}, e: 1, a: null });
    expect(rows.map((r) => [r.path, r.kind])).toEqual([
      ['a', 'unchanged'],
      ['b', 'changed'],
      ['c', 'changed'],
      ['d', 'changed'],
      ['e', 'unchanged'],
    ]);
    expect(diffSnapshots({ a: 1 }, {}).map((r) => r.kind)).toEqual(['removed']);
  });

  it('compares arrays item by item, and a value that became an object as removed plus added paths', () => {
    expect(diffSnapshots({ iccids: ['1', '2'] }, { iccids: ['1', '3', '4'] })).toEqual([
      { path: 'iccids[0]', kind: 'unchanged', before: '1', after: '1' },
      { path: 'iccids[1]', kind: 'changed', before: '2', after: '3' },
      { path: 'iccids[2]', kind: 'added', after: '4' },
    ]);
    expect(diffSnapshots({ plan: 'P1' }, { plan: { id: 'P1' } })).toEqual([
      { path: 'plan', kind: 'removed', before: 'P1' },
      { path: 'plan.id', kind: 'added', after: 'P1' },
    ]);
  });
});

describe('formatLeaf', () => {
  it('writes text as it is and everything else as JSON', () => {
    expect(formatLeaf('ACTIVE')).toBe('ACTIVE');
    expect(formatLeaf(null)).toBe('null');
    expect(formatLeaf(false)).toBe('false');
    expect(formatLeaf(12.5)).toBe('12.5');
    expect(formatLeaf([])).toBe('[]');
    expect(formatLeaf({})).toBe('{}');
  });
});
