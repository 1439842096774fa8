import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { defineResource } from '@/lib/resource';

/**
 * The organisations: /organization and /organization/{id}. Declared here, outside the organisations feature, because
 * the selects and filters of every screen read them too (get-organization-options.ts): one key for all.
 */
export const organizationsResource = defineResource<TOrganization>('organizations', '/organization');
