import type { ReactNode } from 'react';
import { useAccess } from './auth';
import { canDoAction, canSeeModule } from './permissions';

type TCanProps = {
  /** A module id of the shared catalogue. */
  module: string;
  /** An action key of that module; without it, the module itself. */
  action?: string;
  children: ReactNode;
  fallback?: ReactNode;
};

/** Shows its children only when the signed-in user holds the permission. The server checks anyway. */
export function Can({ module, action, children, fallback = null }: TCanProps) {
  const access = useAccess();
  const allowed = action ? canDoAction(access, module, action) : canSeeModule(access, module);
  return <>{allowed ? children : fallback}</>;
}

export function useCan(module: string, action?: string): boolean {
  const access = useAccess();
  return action ? canDoAction(access, module, action) : canSeeModule(access, module);
}
