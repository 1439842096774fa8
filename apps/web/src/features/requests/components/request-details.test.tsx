import { REQUEST_CHECKPOINTS } from '@tarang/shared/requests/request.constants';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import type { TRequest } from '../api/types';
import { makeRequest } from '../testing/make-request';
import { watchedRequests, watchRequest } from '../utils/watched-requests';
import { RequestDetails } from './request-details';
import RequestWatcher, { WATCH_POLL_MS } from './request-watcher';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser({ id: hexId('1') });
const checkpoints = (doneSteps: number) =>
  REQUEST_CHECKPOINTS.map((c, i) => ({
    step: c.step,
    label: c.label,
    doneAt: i < doneSteps ? '2026-11-22T04:30:00.000Z' : null,
    doneBy: i < doneSteps ? { id: null, label: 'System' } : null,
    automatic: i < doneSteps,
    note: null,
  }));

function setup(scopes: Parameters<typeof scopesFrom>[0], request: TRequest, progress: () => unknown, withWatcher = false) {
  const calls: { method: string; path: string }[] = [];
  let cancelled = false;
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom(scopes), async (url, init) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path: url.pathname });
      if (url.pathname === `/api/v1/request/${request.id}` && method === 'GET') return { body: { success: true, data: request } };
      if (url.pathname === `/api/v1/job-batch/${request.jobId}/progress`) return { body: { success: true, data: progress() } };
      if (url.pathname.endsWith('/checkpoints')) return { body: { success: true, data: checkpoints(2) } };
      if (url.pathname.endsWith('/messages')) return { body: { success: true, data: [] } };
      if (url.pathname === '/api/v1/request' && method === 'GET') {
        const row = cancelled ? { ...request, status: 'CANCELLED', finishedAt: '2026-11-22T05:00:00.000Z' } : request;
        return { body: { success: true, data: [row], meta: { limit: 1, nextCursor: null } } };
      }
      if (url.pathname.endsWith('/cancel') && method === 'PUT') {
        cancelled = true;
        // The answer is slow: the watcher's next read, a poll later, sees the request cancelled before it arrives.
        await new Promise((r) => setTimeout(r, WATCH_POLL_MS + 500));
        return { body: { success: true, message: 'Request cancelled', data: { ...request, status: 'CANCELLED' } } };
      }
      if (url.pathname.endsWith('/close') && method === 'PUT') {
        return { body: { success: true, message: 'Request closed', data: { ...request, closedAt: '2026-11-22T05:00:00.000Z' } } };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <RequestDetails id={request.id} />
      {withWatcher && <RequestWatcher />}
    </SignedIn>,
  );
  return { calls };
}

describe('RequestDetails', () => {
  it('follows the progress endpoint live until the request ends, then offers no Cancel', async () => {
    let reads = 0;
    const running = makeRequest();
    const { calls } = setup({ request: ['viewDetails', 'cancelRequest'], job: [] }, running, () => {
      reads++;
      return reads < 2
        ? { status: 'RUNNING', counts: running.counts, percent: 25, finishedAt: null }
        : {
            status: 'COMPLETED',
            counts: { total: 4, queued: 0, inFlight: 0, succeeded: 4, failed: 0, cancelled: 0 },
            percent: 100,
            finishedAt: '2026-11-22T04:31:00.000Z',
          };
    });
    const progress = await screen.findByTestId('request-progress', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(progress).getByTestId('progress-percent')).toHaveTextContent('25%'));
    expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeInTheDocument();
    // The next read (a second later) says it has finished.
    await waitFor(() => expect(screen.getByTestId('request-progress')).toHaveAttribute('data-status', 'COMPLETED'), { timeout: 5000 });
    expect(within(screen.getByTestId('request-progress')).getByTestId('progress-percent')).toHaveTextContent('100%');
    expect(
      within(screen.getByTestId('progress-counts')).getByText('4', { selector: '[data-count="succeeded"] strong' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Request' })).not.toBeInTheDocument());
    // Nothing the role lacks is shown.
    expect(screen.queryByRole('button', { name: 'Close Request' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Automation Insights' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('tasks')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Write a message' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/progress')).length).toBeGreaterThanOrEqual(2);
  });

  it('closes an ended request with Close Request, when the role allows it', async () => {
    const user = userEvent.setup();
    const done = makeRequest({
      status: 'PARTIAL',
      counts: { total: 4, queued: 0, inFlight: 0, succeeded: 3, failed: 1, cancelled: 0 },
      finishedAt: '2026-11-22T04:31:00.000Z',
    });
    const { calls } = setup({ request: ['viewDetails', 'closeRequest', 'respondRequest'] }, done, () => {
      throw new Error('a role without Job does not read the progress endpoint');
    });
    await user.click(await screen.findByRole('button', { name: 'Close Request' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Close request BJ00000042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close Request' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === `/api/v1/request/${done.id}/close`)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel Request' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Write a message' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/progress'))).toBe(false);
  });

  it('cancels a request the user follows without also saying it has finished', async () => {
    const user = userEvent.setup();
    const told: string[] = [];
    for (const variant of ['success', 'info', 'warning', 'error'] as const) {
      vi.spyOn(notify, variant).mockImplementation((text: string) => {
        told.push(text);
      });
    }
    const queued = makeRequest({ status: 'QUEUED' });
    watchRequest(ME.id, { id: queued.id, batchJobId: queued.batchJobId, type: queued.type });
    const { calls } = setup({ request: ['viewDetails', 'cancelRequest'] }, queued, () => ({}), true);
    await user.click(await screen.findByRole('button', { name: 'Cancel Request' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel request BJ00000042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    await waitFor(() => expect(told).toContain('Request cancelled'), { timeout: WATCH_POLL_MS + 5000 });
    expect(calls.some((c) => c.method === 'PUT' && c.path === `/api/v1/request/${queued.id}/cancel`)).toBe(true);
    expect(watchedRequests(ME.id)).toEqual([]);
    // The list read that the cancel refreshes says CANCELLED; the watcher, no longer following it, stays quiet.
    await new Promise((r) => setTimeout(r, 500));
    expect(told).toEqual(['Request cancelled']);
  }, 20_000);
});
