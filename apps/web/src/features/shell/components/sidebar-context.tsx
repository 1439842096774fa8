import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

type TSidebarState = {
  /** The drawer on small screens. */
  mobileOpen: boolean;
  /** The permanent sidebar on wide screens, hidden by the menu toggle. */
  desktopHidden: boolean;
  toggle: (wide: boolean) => void;
  close: () => void;
};

const SidebarContext = createContext<TSidebarState | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [desktopHidden, setDesktopHidden] = useState(false);
  const toggle = useCallback((wide: boolean) => {
    if (wide) setDesktopHidden((v) => !v);
    else setMobileOpen((v) => !v);
  }, []);
  const close = useCallback(() => setMobileOpen(false), []);
  const value = useMemo(() => ({ mobileOpen, desktopHidden, toggle, close }), [mobileOpen, desktopHidden, toggle, close]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): TSidebarState {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar is used outside SidebarProvider');
  return value;
}
