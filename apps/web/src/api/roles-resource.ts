import type { TRole } from '@tarang/shared/roles/role.schemas';
import { defineResource } from '@/lib/resource';

/**
 * The roles: /roles and /roles/{id}. Declared here, outside the roles feature, because the user form offers them too
 * (users/api/get-role-options.ts): one key for both, so a new role shows there at once.
 */
export const rolesResource = defineResource<TRole>('roles', '/roles');
