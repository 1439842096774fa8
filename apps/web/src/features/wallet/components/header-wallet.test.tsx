import { MESSAGES } from '@tarang/shared/common/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '@/app/query-provider';
import { notify } from '@/lib/notify';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { HeaderWallet } from './header-wallet';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

async function renderWallet(answer: { status?: number; body: unknown }, organizationId: string | null = 'c'.repeat(24)) {
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
  it("shows the organisation's available balance in rupees", async () => {
    const { calls } = await renderWallet({
      body: {
        success: true,
        data: [
          { id: 'w1', available: 12345678 },
          { id: 'w2', available: 1 },
        ],
      },
    });
    expect(await screen.findByTestId('header-wallet')).toHaveTextContent('₹1,23,456.78');
    expect(calls[0]!.url.pathname).toBe('/api/v1/wallet');
    expect(calls[0]!.url.searchParams.get('organization')).toBe('c'.repeat(24));
    expect(calls[0]!.url.searchParams.get('populate')).toBe('organization');
  });

  it('shows nothing while the server has no wallet service', async () => {
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
