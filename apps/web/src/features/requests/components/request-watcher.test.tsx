import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeRequest } from '../testing/make-request';
import { watchedRequests, watchRequest } from '../utils/watched-requests';
import RequestWatcher from './request-watcher';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser({ id: hexId('1') });

describe('RequestWatcher', () => {
  it('says once when a request the user started finishes, keeps following the others, and asks about nothing else', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const mine = makeRequest({ id: hexId('f'), createdBy: { id: ME.id, label: 'Asha Rao' } });
    const alsoMine = makeRequest({ id: hexId('d'), batchJobId: 'BJ00000043', createdBy: { id: ME.id, label: 'Asha Rao' } });
    const listCalls: string[] = [];
    let reads = 0;
    const fetchMock = answerFetch(
      sessionAnswers(ME, scopesFrom({ request: ['viewDetails'] }), (url) => {
        if (url.pathname !== '/api/v1/request') return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
        const id = url.searchParams.get('batchJobId');
        listCalls.push(id ?? 'all');
        if (id === mine.id) {
          reads++;
          const row =
            reads < 2
              ? mine
              : { ...mine, status: 'COMPLETED', counts: { total: 4, queued: 0, inFlight: 0, succeeded: 4, failed: 0, cancelled: 0 } };
          return { body: { success: true, data: [row], meta: { limit: 1, nextCursor: null } } };
        }
        return { body: { success: true, data: id === alsoMine.id ? [alsoMine] : [], meta: { limit: 1, nextCursor: null } } };
      }),
    );
    restore = fetchMock.restore;
    watchRequest(ME.id, { id: mine.id, batchJobId: mine.batchJobId, type: mine.type });
    watchRequest(ME.id, { id: alsoMine.id, batchJobId: alsoMine.batchJobId, type: alsoMine.type });
    renderWithProviders(
      <SignedIn>
        <RequestWatcher />
      </SignedIn>,
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Request BJ00000042 (Suspend) has finished: Completed, 4 of 4 SIMs done.'), {
      timeout: 10_000,
    });
    expect(watchedRequests(ME.id).map((w) => w.id)).toEqual([alsoMine.id]);
    // Later reads of the running one say nothing more.
    await new Promise((r) => setTimeout(r, 3500));
    expect(success).toHaveBeenCalledTimes(1);
    // Only the requests followed are read: the console makes no other call in the background.
    expect(new Set(listCalls)).toEqual(new Set([mine.id, alsoMine.id]));
  }, 30_000);
});
