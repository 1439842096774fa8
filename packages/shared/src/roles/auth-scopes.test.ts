import { describe, expect, it } from 'vitest';
import { MODULES } from '../modules/module-catalogue';
import {
  fullAuthScopes,
  hasPermission,
  isScopeSubset,
  permissionsFromScopes,
  scopesFrom,
  type TAuthScopes,
  ZAuthScopes,
} from './auth-scopes';

describe('permissionsFromScopes (spec §6: allowed modules plus every action flagged true)', () => {
  it('lists allowed module ids and their true actions as module.action', () => {
    const scopes: TAuthScopes = {
      user: { allowed: true, actions: { add: true, edit: false, sendMail: true } },
      dashboard: { allowed: true, actions: {} },
    };
    expect(permissionsFromScopes(scopes).sort()).toEqual(['dashboard', 'user', 'user.add', 'user.sendMail'].sort());
  });

  it('leaves out a module that is not allowed, and its actions', () => {
    const scopes: TAuthScopes = { user: { allowed: false, actions: { add: true } }, role: { allowed: true, actions: { delete: true } } };
    expect(permissionsFromScopes(scopes)).toEqual(['role', 'role.delete']);
  });

  it('follows the catalogue order and ignores nothing it knows', () => {
    const all = permissionsFromScopes(fullAuthScopes());
    const expected = MODULES.flatMap((m) => [m.id, ...m.actions.map((a) => `${m.id}.${a.key}`)]);
    expect(all).toEqual(expected);
  });

  it('gives nothing for empty scopes', () => {
    expect(permissionsFromScopes({})).toEqual([]);
  });
});

describe('hasPermission', () => {
  const scopes = scopesFrom({ user: ['add'], 'audit-trail': true });
  it('needs the module allowed and, for an action, the action true', () => {
    expect(hasPermission(scopes, 'user')).toBe(true);
    expect(hasPermission(scopes, 'user', 'add')).toBe(true);
    expect(hasPermission(scopes, 'user', 'delete')).toBe(false);
    expect(hasPermission(scopes, 'role')).toBe(false);
    expect(hasPermission({ user: { allowed: false, actions: { add: true } } }, 'user', 'add')).toBe(false);
  });
});

describe('isScopeSubset (a role never hands out more than its creator holds)', () => {
  const outer = scopesFrom({ user: ['add', 'edit'], dashboard: true });

  it('accepts equal or smaller scopes', () => {
    expect(isScopeSubset(outer, outer)).toBe(true);
    expect(isScopeSubset(scopesFrom({ user: ['add'] }), outer)).toBe(true);
    expect(isScopeSubset({}, outer)).toBe(true);
    expect(isScopeSubset({ role: { allowed: false, actions: {} } }, outer)).toBe(true);
  });

  it('refuses a module the outer scopes lack', () => {
    expect(isScopeSubset(scopesFrom({ role: [] }), outer)).toBe(false);
  });

  it('refuses an action the outer scopes lack', () => {
    expect(isScopeSubset(scopesFrom({ user: ['delete'] }), outer)).toBe(false);
  });

  it('refuses an action flagged true even when its module is not allowed', () => {
    expect(isScopeSubset({ user: { allowed: false, actions: { delete: true } } }, outer)).toBe(false);
  });

  it('holds for everything against full scopes', () => {
    expect(isScopeSubset(fullAuthScopes(), fullAuthScopes())).toBe(true);
    expect(isScopeSubset(fullAuthScopes(), outer)).toBe(false);
  });
});

describe('ZAuthScopes', () => {
  it('accepts known modules and actions, defaulting actions to none', () => {
    expect(ZAuthScopes.parse({ user: { allowed: true, actions: { add: true } }, dashboard: { allowed: true } })).toEqual({
      user: { allowed: true, actions: { add: true } },
      dashboard: { allowed: true, actions: {} },
    });
    expect(ZAuthScopes.safeParse(fullAuthScopes()).success).toBe(true);
  });

  it('refuses an unknown module, naming it', () => {
    const result = ZAuthScopes.safeParse({ spaceship: { allowed: true, actions: {} } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['spaceship'], message: 'Unknown module "spaceship"' })]);
  });

  it('refuses an unknown action, naming it', () => {
    const result = ZAuthScopes.safeParse({ user: { allowed: true, actions: { fly: true } } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['user', 'actions', 'fly'], message: 'Unknown action "fly" for module "user"' }),
    ]);
  });

  it('refuses an action of another module', () => {
    expect(ZAuthScopes.safeParse({ dashboard: { allowed: true, actions: { sendMail: true } } }).success).toBe(false);
  });

  it('refuses malformed scopes', () => {
    expect(ZAuthScopes.safeParse({ user: { allowed: 'yes', actions: {} } }).success).toBe(false);
    expect(ZAuthScopes.safeParse({ user: { allowed: true, actions: { add: 1 } } }).success).toBe(false);
    expect(ZAuthScopes.safeParse({ user: { allowed: true, actions: {}, extra: true } }).success).toBe(false);
    expect(ZAuthScopes.safeParse([]).success).toBe(false);
  });
});

describe('scopesFrom', () => {
  it('builds scopes from a compact description and refuses unknown modules', () => {
    expect(scopesFrom({ user: ['add'] })).toEqual({ user: { allowed: true, actions: { add: true } } });
    expect(Object.keys(scopesFrom({ user: true }).user!.actions)).toEqual([
      'liveTracking',
      'routePlayback',
      'add',
      'edit',
      'delete',
      'sendMail',
      'resetTwoFactor',
    ]);
    expect(() => scopesFrom({ nope: true })).toThrow(/Unknown module/);
  });
});
