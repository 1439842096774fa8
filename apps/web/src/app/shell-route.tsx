import { createContext, type ReactNode, useContext } from 'react';
import type { TShellRouteHandle } from './module-routes';

/** What the shell knows about the page on screen: its module (or group) and which sub-page. */
const ShellRouteContext = createContext<TShellRouteHandle>({});

export function ShellRouteProvider({ handle, children }: { handle: TShellRouteHandle; children: ReactNode }) {
  return <ShellRouteContext.Provider value={handle}>{children}</ShellRouteContext.Provider>;
}

export function useShellRouteHandle(): TShellRouteHandle {
  return useContext(ShellRouteContext);
}
