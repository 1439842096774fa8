import { useQuery } from '@tanstack/react-query';
import type { TOrganizationSettings } from '@tarang/shared/organizations/organization.schemas';
import { organizationsResource } from '@/api/organizations-resource';
import { api } from '@/lib/api-client';

/** GET /organization/{id}/settings. */
export const useOrganizationSettings = (id: string) =>
  useQuery(
    organizationsResource.readOptions(organizationsResource.keys.of('settings', id), (signal) =>
      api.getById<TOrganizationSettings>(organizationsResource.itemPath(id, '/settings'), { signal }),
    ),
  );
