import { MODULES, type TModule } from '@tarang/shared/modules/module-catalogue';
import { canSeeModule, type TAccess } from '@/lib/permissions';

/** Modules with a shortcut (Ctrl/Cmd + Shift + key) that this user may open. */
export function shortcutModules(access: TAccess): TModule[] {
  return MODULES.filter((m) => m.shortcut && canSeeModule(access, m.id));
}
