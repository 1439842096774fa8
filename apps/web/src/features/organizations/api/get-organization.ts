import { organizationsResource } from '@/api/organizations-resource';

/** GET /organization/{id}. */
export const useOrganization = (id: string) => organizationsResource.useOne(id);
