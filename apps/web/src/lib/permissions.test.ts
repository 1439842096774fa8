import { describe, expect, it } from 'vitest';
import { canDoAction, canSeeModule, decodePermissions, encodePermissions } from './permissions';

describe('permissions', () => {
  it('round-trips the encoded list and ignores what it cannot read', () => {
    const list = ['dashboard', 'sim-inventory', 'sim-inventory.allocate'];
    expect(decodePermissions(encodePermissions(list))).toEqual(list);
    expect(decodePermissions('not base64 json')).toEqual([]);
    expect(decodePermissions(null)).toEqual([]);
  });

  it('lets staff see every module and organisation users only theirs (dashboard always)', () => {
    const staff = { hasOrganization: false, permissions: new Set<string>() };
    const org = { hasOrganization: true, permissions: new Set(['sim-inventory', 'sim-inventory.allocate']) };
    expect(canSeeModule(staff, 'role')).toBe(true);
    expect(canSeeModule(org, 'role')).toBe(false);
    expect(canSeeModule(org, 'sim-inventory')).toBe(true);
    expect(canSeeModule(org, 'dashboard')).toBe(true);
    expect(canDoAction(org, 'sim-inventory', 'allocate')).toBe(true);
    expect(canDoAction(org, 'sim-inventory', 'rollBack')).toBe(false);
  });
});
