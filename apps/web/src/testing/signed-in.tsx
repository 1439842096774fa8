import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import type { TUser } from '@tarang/shared/users/user.schemas';
import type { ReactNode } from 'react';
import { QueryProvider } from '@/app/query-provider';
import { resetAuthStart, useAuth } from '@/lib/auth';
import { saveTokens } from '@/lib/auth-session';

/** Test data: ids of 24 hex characters. */
export const hexId = (c: string) => c.repeat(24);

export const ORG_A = { id: hexId('a'), tradeName: 'Sanchar Connect', brandName: 'Sanchar', email: 'ops@sanchar.in' };
export const ORG_B = { id: hexId('b'), tradeName: 'Urja Smart Meters', brandName: null, email: null };

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: hexId('1'),
    firstName: 'Asha',
    lastName: 'Rao',
    avatar: null,
    email: 'asha@tarang.local',
    phone: '+919800000001',
    role: { id: hexId('9'), name: 'Super Admin' },
    organization: null,
    status: 'ACTIVE',
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

export function makeRole(overrides: Partial<TRole> & Pick<TRole, 'id' | 'name'>): TRole {
  return {
    description: null,
    organizationId: null,
    kind: 'ORGANIZATION',
    authScopes: {},
    system: false,
    usersCount: 0,
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

type TAnswer = { status?: number; body: unknown };

/**
 * A stored session for `me` holding `scopes`: the console's start-up asks the server for the user
 * and their role, and this answers those two calls (and leaves every other call to `next`).
 */
export function sessionAnswers(me: TUser, scopes: TAuthScopes, next: (url: URL, init: RequestInit) => TAnswer | Promise<TAnswer>) {
  resetAuthStart();
  const later = new Date(Date.now() + 3_600_000).toISOString();
  saveTokens({ access: { token: 'access-token', expires: later }, refresh: { token: 'refresh-token', expires: later } });
  return (url: URL, init: RequestInit): TAnswer | Promise<TAnswer> => {
    if (url.pathname.startsWith('/api/v1/auth/logged-in-user/')) return { body: { success: true, data: me } };
    if (url.pathname === `/api/v1/roles/${me.role.id}` && url.searchParams.get('hydrate') === 'permissions') {
      return { body: { success: true, data: makeRole({ id: me.role.id, name: me.role.name, authScopes: scopes }) } };
    }
    return next(url, init);
  };
}

/** Shows its children once the session has started, inside the console's data cache. */
export function SignedIn({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  return state.status === 'authenticated' ? <QueryProvider>{children}</QueryProvider> : null;
}
