import { MODULE_GROUPS, MODULES, SIDEBAR_ORDER, type TModule, type TModuleGroup } from '@tarang/shared/modules/module-catalogue';
import { canSeeModule, type TAccess } from '@/lib/permissions';

/**
 * The sidebar (spec §2): Dashboard, Dashboard V2, Sim Inventory, Sim Actions, Work Calendar, the
 * Requests group, Replace Sim, then the groups Report, Management and White-Listing, children sorted
 * by name. Built from the shared catalogue and filtered by what the user may see (spec §6).
 */
export type TMenuEntry = { kind: 'module'; module: TModule } | { kind: 'group'; group: TModuleGroup; children: TModule[] };

const groupById = new Map(MODULE_GROUPS.map((g) => [g.id, g]));
const moduleById = new Map(MODULES.map((m) => [m.id, m]));

function groupEntry(group: TModuleGroup, access: TAccess): TMenuEntry | null {
  const children = MODULES.filter((m) => m.group === group.id && m.inMenu && canSeeModule(access, m.id)).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
  return children.length ? { kind: 'group', group, children } : null;
}

export function buildMenu(access: TAccess): TMenuEntry[] {
  const out: TMenuEntry[] = [];
  const placed = new Set<string>();
  for (const id of SIDEBAR_ORDER) {
    placed.add(id);
    const group = groupById.get(id as TModuleGroup['id']);
    if (group) {
      const entry = groupEntry(group, access);
      if (entry) out.push(entry);
      continue;
    }
    const module = moduleById.get(id);
    if (module?.inMenu && canSeeModule(access, module.id)) out.push({ kind: 'module', module });
  }
  for (const group of MODULE_GROUPS) {
    if (placed.has(group.id)) continue;
    const entry = groupEntry(group, access);
    if (entry) out.push(entry);
  }
  return out;
}

/** Whether a path belongs to a module's pages (its own path or a page below it). */
export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
