import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeActivation } from '../testing/make-activation';
import { ActivationDetails, countsOf } from './activation-details';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser({ id: hexId('2'), organization: ORG_A, role: { id: hexId('8'), name: 'Org Admin' } });

function setup(scopes: Parameters<typeof scopesFrom>[0], answers: () => TActivation) {
  const reads: string[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom(scopes), (url) => {
      reads.push(url.pathname);
      const activation = answers();
      if (url.pathname === `/api/v1/activation/${activation.id}`) return { body: { success: true, data: activation } };
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <ActivationDetails id={makeActivation().id} />
    </SignedIn>,
  );
  return { reads };
}

const amounts = () => ['held', 'captured', 'released', 'remaining'].map((k) => [k, screen.getByTestId(`amount-${k}`).textContent] as const);

describe('countsOf', () => {
  it('counts the SIMs not settled yet as queued', () => {
    expect(countsOf({ simsCount: 10, counts: { succeeded: 4, failed: 1, cancelled: 2 } })).toEqual({
      total: 10,
      queued: 3,
      inFlight: 0,
      succeeded: 4,
      failed: 1,
      cancelled: 2,
    });
  });
});

describe('ActivationDetails', () => {
  it('shows the money held, captured, released and still held, and follows it until every SIM is settled', async () => {
    let reads = 0;
    const running = makeActivation();
    const done = makeActivation({
      status: 'PARTIAL',
      holdStatus: 'CAPTURED',
      amounts: { held: 60_000, captured: 45_000, released: 15_000, remaining: 0 },
      counts: { succeeded: 3, failed: 1, cancelled: 0 },
    });
    setup({ activation: [], request: ['viewDetails'] }, () => (++reads < 3 ? running : done));
    expect(await screen.findByTestId('amount-held', {}, { timeout: 10_000 })).toHaveTextContent('₹600.00');
    expect(amounts()).toEqual([
      ['held', '₹600.00'],
      ['captured', '₹150.00'],
      ['released', '₹0.00'],
      ['remaining', '₹450.00'],
    ]);
    expect(screen.getByText('Money held', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(screen.getByTestId('progress-counts')).getByText('4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open request' })).toHaveAttribute('href', `/request/${running.request.id}`);
    // Without Cancel Activation the button is not offered, even while it runs.
    expect(screen.queryByRole('button', { name: 'Cancel Activation' })).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getByTestId('amount-remaining')).toHaveTextContent('₹0.00'), { timeout: 8000 });
    expect(amounts()).toEqual([
      ['held', '₹600.00'],
      ['captured', '₹450.00'],
      ['released', '₹150.00'],
      ['remaining', '₹0.00'],
    ]);
    expect(screen.getByText('Charged', { selector: '.MuiChip-label' })).toBeInTheDocument();
    // Settled: no more reads.
    const settled = reads;
    await new Promise((r) => setTimeout(r, 2500));
    expect(reads).toBe(settled);
  }, 30_000);

  it('offers Cancel Activation to a role that holds it while the activation waits for its start', async () => {
    const scheduled = makeActivation({ status: 'QUEUED', scheduledAt: '2026-11-23T04:30:00.000Z' });
    setup({ activation: ['cancelActivation'] }, () => scheduled);
    expect(await screen.findByRole('button', { name: 'Cancel Activation' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Starts at 23/11/2026 10:00 AM (India time). The money is held until then.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open request' })).not.toBeInTheDocument();
  });
});
