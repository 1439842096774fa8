import type { TLoginResponseData } from '@tarang/shared/auth/auth.schemas';
import type { TAuthScopes, TPermission } from '@tarang/shared/roles/auth-scopes';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import type { TUser } from '@tarang/shared/users/user.schemas';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, api, errorMessage, onSessionEnded, refreshSession } from './api-client';
import { clearTokens, getAccessToken, getRefreshToken, inspectStoredSession, saveTokens } from './auth-session';
import { tMessage } from './i18n/i18n';
import { notify, takeFlash, toast } from './notify';
import { clearStoredPermissions, storePermissions, type TAccess } from './permissions';

/**
 * Authentication state machine (spec §4): `initialising` (a full-screen spinner) and then
 * `authenticated` or `unauthenticated`.
 * 1. read the stored session;
 * 2. parts missing or refresh expiry passed → 'Session expired! Login again.' (info), unauthenticated;
 * 3. access token valid → load the user, then their role with permissions → authenticated;
 * 4. otherwise refresh the tokens (failure → unauthenticated), store them, load user and permissions.
 */
export type TSignedInRole = { id: string; name: string; authScopes: TAuthScopes };

export type TAuthState =
  | { status: 'initialising' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; user: TUser; role: TSignedInRole; permissions: TPermission[] };

type TAuthContext = {
  state: TAuthState;
  /** Ends the session on the server (errors are only logged), clears it here and says so. */
  logout: () => Promise<void>;
};

const AuthContext = createContext<TAuthContext | null>(null);

export function getLoggedInUser(token: string): Promise<TUser> {
  return api.get<TUser>(`/auth/logged-in-user/${encodeURIComponent(token)}`, { auth: false }).then((r) => r.data);
}

export function getRoleWithPermissions(roleId: string): Promise<TRole> {
  return api.get<TRole>(`/roles/${encodeURIComponent(roleId)}`, { params: { _id: roleId, hydrate: 'permissions' } }).then((r) => r.data);
}

function endLocalSession() {
  clearTokens();
  clearStoredPermissions();
}

/** The permission list of spec §6 for a role's authScopes (the shared code loads with the console). */
async function permissionsOf(scopes: TAuthScopes): Promise<TPermission[]> {
  const { permissionsFromScopes } = await import('@tarang/shared/roles/auth-scopes');
  return permissionsFromScopes(scopes);
}

/**
 * Stores what a successful sign-in returned: the tokens and the permission list. The console then
 * reloads and the state machine loads the user and role from the server.
 */
export async function saveSignIn(data: TLoginResponseData): Promise<TPermission[]> {
  saveTokens(data.token);
  const permissions = await permissionsOf(data.role.authScopes);
  storePermissions(permissions);
  return permissions;
}

/** Loads the user for the stored access token, refreshing the tokens once when the server refuses it. */
async function loadUserWithRefresh(): Promise<TUser | null> {
  const token = getAccessToken();
  if (token) {
    try {
      return await getLoggedInUser(token);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
  }
  if (!(await refreshSession())) return null;
  return await getLoggedInUser(getAccessToken()!);
}

async function initialise(): Promise<TAuthState> {
  const stored = inspectStoredSession();
  if (stored.kind === 'none') return { status: 'unauthenticated' };
  if (stored.kind === 'expired') {
    endLocalSession();
    notify.info(tMessage('sessionExpired'));
    return { status: 'unauthenticated' };
  }
  if (stored.kind === 'access-expired' && !(await refreshSession())) {
    endLocalSession();
    notify.info(tMessage('sessionExpired'));
    return { status: 'unauthenticated' };
  }
  const user = await loadUserWithRefresh();
  if (!user) {
    endLocalSession();
    notify.info(tMessage('sessionExpired'));
    return { status: 'unauthenticated' };
  }
  const role = await getRoleWithPermissions(user.role.id);
  const permissions = await permissionsOf(role.authScopes);
  storePermissions(permissions);
  return { status: 'authenticated', user, role: { id: role.id, name: role.name, authScopes: role.authScopes }, permissions };
}

// One start per page load, even when React runs effects twice in development.
let started: Promise<TAuthState> | null = null;

function startOnce(): Promise<TAuthState> {
  started ??= initialise().catch((error: unknown) => {
    // The server could not be reached or failed: keep the stored session for the next try.
    notify.error(errorMessage(error));
    return { status: 'unauthenticated' } as const;
  });
  return started;
}

/** For tests: forget the start of this page load. */
export function resetAuthStart(): void {
  started = null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<TAuthState>({ status: 'initialising' });

  useEffect(() => {
    let active = true;
    void startOnce().then((next) => {
      if (!active) return;
      setState(next);
      const flash = takeFlash();
      if (flash && next.status === 'authenticated') toast.success(flash.message, { id: 'flash' });
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(
    () =>
      onSessionEnded(() => {
        endLocalSession();
        notify.info(tMessage('sessionExpired'));
        setState({ status: 'unauthenticated' });
      }),
    [],
  );

  const logout = useCallback(async () => {
    const refreshToken = getRefreshToken();
    if (refreshToken) {
      try {
        await api.post('/auth/logout', { refreshToken }, { auth: false });
      } catch (error) {
        console.warn('Sign-out could not reach the server', error);
      }
    }
    endLocalSession();
    setState({ status: 'unauthenticated' });
    notify.success(tMessage('loggedOut'));
  }, []);

  const value = useMemo(() => ({ state, logout }), [state, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): TAuthContext {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth is used outside AuthProvider');
  return value;
}

/** The signed-in user; only for components rendered inside the authenticated shell. */
export function useSignedIn() {
  const { state, logout } = useAuth();
  if (state.status !== 'authenticated') throw new Error('useSignedIn is used outside the authenticated shell');
  return { ...state, logout };
}

export function useAccess(): TAccess {
  const { state } = useAuth();
  return useMemo(
    () =>
      state.status === 'authenticated'
        ? { hasOrganization: state.user.organization !== null, permissions: new Set(state.permissions) }
        : { hasOrganization: true, permissions: new Set<string>() },
    [state],
  );
}
