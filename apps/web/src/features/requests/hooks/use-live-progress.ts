import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { jobsResource, useJobProgress } from '../api/get-jobs';
import { mnoJobsResource } from '../api/get-mno-jobs';
import { isFinalStatus, requestsResource } from '../api/get-requests';
import type { TProgress, TTaskCounts } from '../api/types';

/**
 * A job's live status and counts: the API's cheap progress read, once a second while the job runs (when the role
 * has Job; otherwise the caller's own query polls). When the status changes — it starts, reaches the operator, ends —
 * everything else on the page that depends on it is read again.
 */
export function useLiveProgress(jobId: string | undefined, base: { status: string; counts: TTaskCounts } | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const running = !!base && !isFinalStatus(base.status);
  const progress = useJobProgress(jobId, enabled && running);
  const data: TProgress | undefined = progress.data;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const key = data.status;
    if (seen.current !== null && seen.current !== key) {
      void queryClient.invalidateQueries({ queryKey: requestsResource.keys.all });
      void queryClient.invalidateQueries({ queryKey: jobsResource.keys.of('detail') });
      void queryClient.invalidateQueries({ queryKey: jobsResource.keys.of('tasks', jobId) });
      void queryClient.invalidateQueries({ queryKey: mnoJobsResource.keys.all });
      // What a job's tasks change when they end: the SIMs' states and the devices' firmware.
      if (isFinalStatus(key)) {
        void queryClient.invalidateQueries({ queryKey: ['sims'] });
        void queryClient.invalidateQueries({ queryKey: ['devices'] });
      }
    }
    seen.current = key;
  }, [data, jobId, queryClient]);
  // The newer of the two: a finished progress read wins over a request read before it.
  const live = data && running ? data : undefined;
  return {
    status: live?.status ?? base?.status,
    counts: live?.counts ?? base?.counts,
    percent: live?.percent,
    running: !!base && !isFinalStatus(live?.status ?? base.status),
  };
}
