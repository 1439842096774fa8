import type { TPermission } from '@tarang/shared/roles/auth-scopes';

/**
 * The permission list of spec §6 (allowed module ids plus `<moduleId>.<actionKey>`), stored on sign-in
 * encoded as base64 JSON under `permissions`. The server checks every call; the console only hides.
 */
export const PERMISSIONS_KEY = 'permissions';

/** The entry that every signed-in user sees, whatever their role (spec §6 "the root entry"). */
export const ROOT_MODULE_ID = 'dashboard';

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function encodePermissions(list: readonly TPermission[]): string {
  return toBase64(JSON.stringify(list));
}

export function decodePermissions(encoded: string | null | undefined): TPermission[] {
  if (!encoded) return [];
  try {
    const parsed: unknown = JSON.parse(fromBase64(encoded));
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function storePermissions(list: readonly TPermission[]): void {
  try {
    localStorage.setItem(PERMISSIONS_KEY, encodePermissions(list));
  } catch {
    /* storage full or blocked: the menu falls back to what the session knows in memory */
  }
}

export function readStoredPermissions(): TPermission[] {
  try {
    return decodePermissions(localStorage.getItem(PERMISSIONS_KEY));
  } catch {
    return [];
  }
}

export function clearStoredPermissions(): void {
  try {
    localStorage.removeItem(PERMISSIONS_KEY);
  } catch {
    /* nothing stored */
  }
}

export type TAccess = {
  /** Users with no organisation (platform staff) see every menu entry (spec §6). */
  hasOrganization: boolean;
  permissions: ReadonlySet<TPermission>;
};

/** Whether a module's menu entry, route and shortcut are shown to this user. */
export function canSeeModule(access: TAccess, moduleId: string): boolean {
  if (!access.hasOrganization) return true;
  if (moduleId === ROOT_MODULE_ID) return true;
  return access.permissions.has(moduleId);
}

/** Whether an action button is shown: the module and the action must both be granted. */
export function canDoAction(access: TAccess, moduleId: string, action?: string): boolean {
  if (!action) return canSeeModule(access, moduleId);
  // `<moduleId>.<actionKey>`, as `permissionId` in @tarang/shared/roles/auth-scopes writes it.
  return access.permissions.has(moduleId) && access.permissions.has(`${moduleId}.${action}`);
}
