import { useQuery } from '@tanstack/react-query';
import { isFinalStatus, requestsResource } from './get-requests';

/** GET /request/{id}: one request with its counts. */
export const useRequest = (id: string, { live, enabled = true }: { live: boolean; enabled?: boolean }) =>
  useQuery(
    requestsResource.detailOptions(id, {
      enabled,
      // Without the job's progress endpoint (a role without Job), the request itself is read again while it runs.
      refetch: (request) => (live && request && !isFinalStatus(request.status) ? 2000 : false),
    }),
  );
