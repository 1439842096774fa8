import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '@/lib/auth';
import { isShortcutChord, shortcutKeyOf } from '@/lib/keyboard';
import { shortcutModules } from '../utils/shortcuts';
import { useSidebar } from './sidebar-context';

/** Ctrl (or Cmd) + Shift + a module's key closes the sidebar and opens the module (spec §2). */
export function useModuleShortcuts() {
  const access = useAccess();
  const navigate = useNavigate();
  const { close } = useSidebar();
  useEffect(() => {
    const byKey = new Map(shortcutModules(access).map((m) => [m.shortcut!, m]));
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutChord(event) || event.repeat) return;
      const key = shortcutKeyOf(event);
      const module = key ? byKey.get(key) : undefined;
      if (!module) return;
      event.preventDefault();
      event.stopPropagation();
      close();
      navigate(module.path);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [access, navigate, close]);
}
