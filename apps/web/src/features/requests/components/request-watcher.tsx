import { useQueries } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { getRequests, isFinalStatus, requestsResource } from '../api/get-requests';
import type { TRequest } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { isWatchedKey, subscribeWatched, type TWatched, unwatchRequest, watchedRequests } from '../utils/watched-requests';

/** How often each watched request is read (one cheap list read per request). */
export const WATCH_POLL_MS = 3000;

const VARIANT: Record<string, 'success' | 'warning' | 'error' | 'info'> = {
  COMPLETED: 'success',
  PARTIAL: 'warning',
  FAILED: 'error',
  CANCELLED: 'info',
};

/** The toast's words for a request that has ended. */
export function finishedMessage(
  request: Pick<TRequest, 'batchJobId' | 'type' | 'status' | 'counts'>,
  t: TFunction<'requests'>,
  format: (n: number) => string,
): string {
  return t('watch.finished', {
    batchJobId: request.batchJobId,
    type: t(`types.${request.type}`, { defaultValue: request.type }),
    status: t(`status.${request.status}`, { defaultValue: request.status }),
    succeeded: format(request.counts.succeeded),
    total: format(request.counts.total),
  });
}

/**
 * Mounted once in the console shell: follows the requests this user started from this browser (kept in local storage
 * when the request is made, so reloads and other tabs keep following them), and shows a toast when each one finishes
 * (issue 5, live progress) — on whatever page the user is. It calls the API only while something is followed.
 */
export default function RequestWatcher() {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { user } = useSignedIn();
  const perms = useRequestPermissions();
  const [watched, setWatched] = useState<TWatched[]>(() => watchedRequests(user.id));
  const told = useRef(new Set<string>());

  useEffect(() => {
    const refresh = () => setWatched(watchedRequests(user.id));
    const onStorage = (e: StorageEvent) => {
      if (isWatchedKey(e.key, user.id)) refresh();
    };
    window.addEventListener('storage', onStorage);
    const unsubscribe = subscribeWatched(refresh);
    return () => {
      window.removeEventListener('storage', onStorage);
      unsubscribe();
    };
  }, [user.id]);

  const results = useQueries({
    queries: (perms.requestList ? watched : []).map((w) => ({
      queryKey: requestsResource.keys.of('watch', w.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getRequests('requests', { batchJobId: w.id, limit: 1, cursor: null }, signal),
      refetchInterval: WATCH_POLL_MS,
      staleTime: 0,
    })),
  });

  useEffect(() => {
    results.forEach((result, i) => {
      const w = watched[i];
      if (!w || !result.data) return;
      const request = result.data.rows[0];
      if (!request) {
        unwatchRequest(user.id, w.id);
        return;
      }
      if (!isFinalStatus(request.status) || told.current.has(w.id)) return;
      told.current.add(w.id);
      unwatchRequest(user.id, w.id);
      notify[VARIANT[request.status] ?? 'info'](finishedMessage(request, t, (n) => number.format(n)));
    });
  }, [results, watched, user.id, t, number]);

  return null;
}
