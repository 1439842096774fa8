import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';

/** Which organisations the caller reaches: every one (staff) or one subtree. */
export type TTenantScope = { kind: 'all' } | { kind: 'subtree'; organizationId: string; path: string };

export type TActor = {
  type: 'USER';
  userId: string;
  sessionId: string;
  label: string;
  organizationId: string | null;
  roleId: string;
  roleName: string;
  authScopes: TAuthScopes;
  scope: TTenantScope;
};

/** What a service needs to know about the request: who, from where, and its id (for audit). */
export type TRequestContext = {
  actor: TActor | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
};

export const SYSTEM_CONTEXT: TRequestContext = { actor: null, ip: null, userAgent: null, requestId: null };

export function requireActor(ctx: TRequestContext): TActor {
  if (!ctx.actor) throw new Error('This operation needs a signed-in actor');
  return ctx.actor;
}
