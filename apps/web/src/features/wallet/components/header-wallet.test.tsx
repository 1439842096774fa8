import { MESSAGES } from '@tarang/shared/common/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '@/app/query-provider';
import { notify } from '@/lib/notify';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeWallet } from '../testing/wallets';
import { HeaderWallet } from './header-wallet';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const OWN = 'c'.repeat(24);
const CHILD = 'd'.repeat(24);

async function renderWallet(answer: { status?: number; body: unknown }, organizationId: string | null = OWN) {
  const fetchMock = answerFetch(() => answer);
  restore = fetchMock.restore;
  const view = await renderWithProviders(
    <QueryProvider>
      <span>header</span>
      <HeaderWallet organizationId={organizationId} />
    </QueryProvider>,
  );
  return { ...view, calls: fetchMock.calls };
}

describe('HeaderWallet', () => {
  it("shows the organisation's own available balance in rupees, in Indian grouping", async () => {
    const { calls } = await renderWallet({
      body: {
        success: true,
        // A child's wallet first: the chip shows the one of the user's own organisation.
        data: [
          makeWallet({ id: 'w2', organizationId: CHILD, available: 1 }),
          makeWallet({ id: 'w1', organizationId: OWN, balance: 12345678, available: 12345678, lowBalanceThreshold: 500000 }),
        ],
      },
    });
    const chip = await screen.findByTestId('header-wallet');
    expect(chip).toHaveTextContent('₹1,23,456.78');
    expect(chip).toHaveAccessibleName('Available balance ₹1,23,456.78');
    expect(chip).not.toHaveAttribute('data-low');
    expect(calls[0]!.url.pathname).toBe('/api/v1/wallet');
    expect(calls[0]!.url.searchParams.get('organizationId')).toBe(OWN);
    expect(calls[0]!.url.searchParams.get('populate')).toBe('organization');
  });

  it('warns when the available balance is under the low-balance threshold', async () => {
    await renderWallet({
      body: {
        success: true,
        data: [
          makeWallet({ id: 'w1', organizationId: OWN, balance: 150000, blocked: 60000, available: 90000, lowBalanceThreshold: 100000 }),
        ],
      },
    });
    const chip = await screen.findByTestId('header-wallet');
    expect(chip).toHaveTextContent('₹900.00');
    expect(chip).toHaveAttribute('data-low', 'true');
    expect(chip).toHaveClass('MuiChip-colorWarning');
    expect(chip).toHaveAccessibleName('Available balance ₹900.00, below the low-balance threshold');
  });

  it('shows nothing while the server has no wallet for the organisation', async () => {
    const error = vi.spyOn(notify, 'error');
    const { calls } = await renderWallet({
      status: 404,
      body: { success: false, message: 'This API route does not exist', code: 'ROUTE_NOT_FOUND' },
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await screen.findByText('header');
    expect(screen.queryByTestId('header-wallet')).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it("says 'Failed to fetch wallet details.' when the wallet cannot be read", async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    await renderWallet({ status: 403, body: { success: false, message: 'You do not have permission to do this', code: 'FORBIDDEN' } });
    await waitFor(() => expect(error).toHaveBeenCalledWith(MESSAGES.walletFetchFailed));
    expect(screen.queryByTestId('header-wallet')).not.toBeInTheDocument();
  });

  it('does not ask for a wallet for staff (no organisation)', async () => {
    const { calls } = await renderWallet({ body: { success: true, data: [] } }, null);
    await screen.findByText('header');
    expect(calls).toHaveLength(0);
  });
});
