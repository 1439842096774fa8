import type { TDashboard } from '@tarang/shared/dashboard/dashboard.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { DashboardOverview } from './dashboard-overview';

let restore: (() => void) | null = null;
afterEach(async () => {
  restore?.();
  restore = null;
  await act(() => i18n.changeLanguage('en'));
});

const FIGURES: TDashboard = {
  organizationId: null,
  today: '2026-05-12',
  sims: {
    total: 1_234_567,
    cells: [
      { status: 'ACTIVE', operator: 'AIRTEL', count: 1_000_000 },
      { status: 'ACTIVE', operator: 'BSNL', count: 200_000 },
      { status: 'SUSPENDED', operator: 'VI', count: 34_567 },
    ],
  },
  activations: { today: 12, last7Days: 80 },
  terminations: { today: 0, last7Days: 3 },
  expiring: { in7Days: 41, in30Days: 250 },
  requests: { inFlight: 5, failing: 2 },
  mnoJobs: [{ operator: 'BSNL', stuck: 1, manual: 2, failing: 3 }],
  wallet: { balance: 1_000_000, blocked: 100_000, available: 900_000, burnPerDay: 30_000, daysLeft: 30 },
};

function renderDashboard(scopes: Parameters<typeof scopesFrom>[0]) {
  const fetchMock = answerFetch(
    sessionAnswers(makeUser(), scopesFrom(scopes), (url) => {
      if (url.pathname === '/api/v1/dashboard') return { body: { success: true, data: FIGURES } };
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <DashboardOverview />
    </SignedIn>,
    { route: '/dashboard' },
  );
  return fetchMock.calls;
}

describe('dashboard tiles', () => {
  it('shows each figure, and links a tile to the filtered list behind it when the user may open that list', async () => {
    const calls = renderDashboard({ dashboard: true, 'sim-inventory': true, job: true });
    const tiles = await screen.findByRole('list', { name: "Today's figures" }, { timeout: 10_000 });
    expect(screen.getByTestId('dashboard-welcome')).toBeInTheDocument();
    expect(await within(tiles).findByTestId('tile-sims-total')).toHaveTextContent('12,34,567');
    expect(screen.getByTestId('tile-sims-ACTIVE')).toHaveTextContent('12,00,000');
    expect(screen.getByTestId('tile-sims-SUSPENDED')).toHaveTextContent('34,567');
    expect(screen.getByTestId('tile-expiring-7')).toHaveTextContent('41');
    expect(screen.getByTestId('tile-wallet')).toHaveTextContent('₹9,000.00');
    expect(screen.getByText('Spending ₹300.00 a day · about 30 days left')).toBeInTheDocument();
    expect(screen.getByTestId('tile-mno-BSNL')).toHaveTextContent('1');

    const active = screen.getByRole('link', { name: /^Active 12,00,000/ });
    expect(active).toHaveAttribute('href', '/sim-inventory?status=ACTIVE');
    expect(screen.getByText('AIRTEL 10,00,000 · BSNL 2,00,000 · VI 0')).toBeInTheDocument();
    const expiring = screen.getByRole('link', { name: /^Expiring in 7 days 41/ });
    const href = new URL(expiring.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/sim-inventory');
    expect(href.searchParams.get('expiresFrom')).toBe('2026-05-12');
    expect(href.searchParams.get('expiresTo')).toBe('2026-05-18');
    expect(href.searchParams.get('status')!.split(',')).not.toContain('TERMINATED');
    expect(screen.getByRole('link', { name: /^Requests failed \(7 days\) 2/ })).toHaveAttribute(
      'href',
      '/job?status=FAILED&from=2026-05-06',
    );
    expect(calls.some((c) => c.url.pathname === '/api/v1/dashboard')).toBe(true);
  });

  it('speaks Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderDashboard({ dashboard: true });
    expect(await screen.findByRole('list', { name: 'आज के आँकड़े' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('7 दिनों में समाप्त होंगी')).toBeInTheDocument();
  });
});
