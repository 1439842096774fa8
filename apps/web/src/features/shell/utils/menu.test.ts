import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu';

describe('sidebar menu', () => {
  it('follows the spec order, with group children sorted by name', () => {
    const menu = buildMenu({ hasOrganization: false, permissions: new Set() });
    const labels = menu.map((e) => (e.kind === 'module' ? e.module.name : e.group.name));
    expect(labels).toEqual([
      'Dashboard',
      'Dashboard V2',
      'Sim Inventory',
      'Sim Actions',
      'Work Calendar',
      'Requests',
      'Replace Sim',
      'Report',
      'Management',
      'White-Listing',
    ]);
    for (const entry of menu) {
      if (entry.kind !== 'group') continue;
      const names = entry.children.map((m) => m.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('shows an organisation user only the modules of their role, and groups with something in them', () => {
    const menu = buildMenu({ hasOrganization: true, permissions: new Set(['sim-inventory', 'job', 'ip-group']) });
    const shape = menu.map((e) => (e.kind === 'module' ? e.module.id : `${e.group.id}:${e.children.map((m) => m.id).join(',')}`));
    expect(shape).toEqual(['dashboard', 'sim-inventory', 'requests:job', 'white-listing:ip-group']);
  });
});
