import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeActivation } from '../testing/make-activation';
import { ActivationsTable } from './activations-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser({ id: hexId('2'), organization: ORG_A, role: { id: hexId('8'), name: 'Org Admin' } });
const RUNNING = makeActivation();
const SCHEDULED = makeActivation({
  id: hexId('3'),
  status: 'QUEUED',
  request: { id: hexId('4'), batchJobId: 'BJ00000043', jobId: hexId('5') },
  scheduledAt: '2026-11-23T04:30:00.000Z',
  amounts: { held: 30_000, captured: 0, released: 0, remaining: 30_000 },
  counts: { succeeded: 0, failed: 0, cancelled: 0 },
  simsCount: 2,
});
const DONE = makeActivation({
  id: hexId('6'),
  status: 'PARTIAL',
  holdStatus: 'CAPTURED',
  request: { id: hexId('7'), batchJobId: 'BJ00000041', jobId: hexId('9') },
  amounts: { held: 1_23_456_00, captured: 1_23_000_00, released: 456_00, remaining: 0 },
  counts: { succeeded: 820, failed: 3, cancelled: 0 },
  simsCount: 823,
});

function renderTable(scopes: Parameters<typeof scopesFrom>[0], route = '/activation') {
  const cancels: string[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/activation' && method === 'GET') {
        const status = url.searchParams.get('status');
        const rows: TActivation[] = [SCHEDULED, RUNNING, DONE]
          .map((r) => (cancels.includes(r.id) ? { ...r, status: 'CANCELLED' as const, holdStatus: 'RELEASED' as const } : r))
          .filter((r) => !status || r.status === status);
        return { body: { success: true, data: rows, meta: { limit: 25, nextCursor: null } } };
      }
      if (url.pathname === '/api/v1/organization') return { body: { success: true, data: [], meta: { page: 1, limit: 500, total: 0 } } };
      const cancel = /^\/api\/v1\/activation\/([0-9a-f]{24})\/cancel$/.exec(url.pathname);
      if (cancel && method === 'PUT') {
        if (cancel[1] === RUNNING.id) {
          const message = 'Part of this request has reached the operator: it can no longer be cancelled';
          return { status: 422, body: { success: false, code: 'UNPROCESSABLE', message } };
        }
        cancels.push(cancel[1]!);
        const row = { ...SCHEDULED, status: 'CANCELLED', holdStatus: 'RELEASED' };
        return { body: { success: true, message: 'Activation cancelled', data: row } };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  const listCalls = () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/activation' && c.method === 'GET');
  renderWithProviders(
    <SignedIn>
      <ActivationsTable />
    </SignedIn>,
    { route },
  );
  return { cancels, listCalls, calls: fetchMock.calls };
}

const rowOf = async (batchJobId: string) =>
  (await screen.findByText(batchJobId, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell')
    .map((c) => c.textContent);

describe('ActivationsTable', () => {
  it('shows each activation: India time, batch job, organisation, plan, SIMs, price and the money in ₹, status', async () => {
    const { listCalls } = renderTable({ activation: true, request: ['viewDetails'] });
    const done = await rowOf('BJ00000041');
    // 18:45 UTC is 00:15 the next day in Asia/Kolkata; amounts are integer paise shown with Indian grouping.
    expect(cells(done).slice(0, 10)).toEqual([
      '22/11/2026 12:15 AM',
      'BJ00000041',
      'Sanchar Connect',
      'Fleet 1 GB',
      '823',
      '₹150.00',
      '₹1,23,456.00',
      '₹1,23,000.00',
      '₹456.00',
      'Partly done',
    ]);
    expect(within(done).getByRole('link', { name: 'Open request BJ00000041' })).toHaveAttribute('href', `/request/${DONE.request.id}`);
    expect(within(done).getByRole('link', { name: 'View activation BJ00000041' })).toHaveAttribute('href', `/activation/${DONE.id}`);
    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('limit')).toBe('25');
    expect(first.get('cursor')).toBeNull();
  });

  it('sends the filters from the address to the API', async () => {
    const { listCalls } = renderTable({ activation: true }, '/activation?status=QUEUED&from=2026-11-01&to=2026-11-30');
    await rowOf('BJ00000043');
    expect(screen.queryByText('BJ00000042')).not.toBeInTheDocument();
    const params = listCalls()[0]!.url.searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ status: 'QUEUED', from: '2026-11-01', to: '2026-11-30' });
    // Without Request › View Details the batch job is plain text.
    expect(screen.queryByRole('link', { name: /Open request/ })).not.toBeInTheDocument();
  });

  it('offers Cancel Activation only with the permission, and only while an activation is queued or running', async () => {
    renderTable({ activation: ['addActivation'] });
    await rowOf('BJ00000043');
    expect(screen.queryByRole('button', { name: /Cancel activation/ })).not.toBeInTheDocument();
    cleanup();
    restore?.();

    renderTable({ activation: ['cancelActivation'] });
    const scheduled = await rowOf('BJ00000043');
    expect(within(scheduled).getByRole('button', { name: 'Cancel activation BJ00000043' })).toBeInTheDocument();
    expect(within(await rowOf('BJ00000042')).getByRole('button', { name: 'Cancel activation BJ00000042' })).toBeInTheDocument();
    expect(within(await rowOf('BJ00000041')).queryByRole('button', { name: /Cancel activation/ })).not.toBeInTheDocument();
  });

  it('asks first, cancels, says so and shows the activation cancelled; shows the refusal once a SIM reached an operator', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn((await import('@/lib/notify')).notify, 'success');
    const failure = vi.spyOn((await import('@/lib/notify')).notify, 'error');
    const { cancels, calls } = renderTable({ activation: ['cancelActivation'] });
    const scheduled = await rowOf('BJ00000043');
    await user.click(within(scheduled).getByRole('button', { name: 'Cancel activation BJ00000043' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel activation BJ00000043?' });
    expect(dialog).toHaveTextContent('the ₹300.00 still held goes back to the wallet');
    expect(cancels).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Activation' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Activation cancelled'));
    expect(cancels).toEqual([SCHEDULED.id]);
    await waitFor(async () => expect(within(await rowOf('BJ00000043')).getByText('Cancelled')).toBeInTheDocument());
    expect(within(await rowOf('BJ00000043')).queryByRole('button', { name: /Cancel activation/ })).not.toBeInTheDocument();

    // The dialog has gone (while it closes, the rest of the page is hidden from the accessibility tree).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await rowOf('BJ00000042')).getByRole('button', { name: 'Cancel activation BJ00000042' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel activation BJ00000042?' })).getByRole('button', {
        name: 'Cancel Activation',
      }),
    );
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('A SIM of this activation has reached the operator: it can no longer be cancelled'),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname)).toEqual([
      `/api/v1/activation/${SCHEDULED.id}/cancel`,
      `/api/v1/activation/${RUNNING.id}/cancel`,
    ]);
  }, 30_000);
});
