import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { THold, TWalletEntry } from '@tarang/shared/wallets/wallet.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '@/app/query-provider';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeEntry, makeWallet, moved } from '../testing/wallets';
import { TopUpDialog } from './top-up-dialog';
import { TopUpOutcome } from './top-up-outcome';
import { MyWallet } from './wallet-details';
import { WalletStatement } from './wallet-statement';
import { WalletsTable } from './wallets-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const CHILD_ORG = hexId('b');
const OWN = makeWallet({
  id: hexId('c'),
  organizationId: ORG_A.id,
  organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
  balance: 150000,
  blocked: 60000,
  available: 90000,
  lowBalanceThreshold: 100000,
});
const CHILD = makeWallet({
  id: hexId('d'),
  organizationId: CHILD_ORG,
  organization: { id: CHILD_ORG, tradeName: 'Urja Smart Meters' },
  balance: 2500000,
  available: 2500000,
});

const ENTRIES: TWalletEntry[] = [
  makeEntry({
    id: 'e1',
    type: 'TRANSFER',
    amount: -25000,
    balanceAfter: 125000,
    reason: 'December float',
    counterparty: { kind: 'WALLET', walletId: CHILD.id, organizationId: CHILD_ORG, label: 'Urja Smart Meters' },
  }),
  makeEntry({
    id: 'e2',
    type: 'TOPUP',
    amount: 150000,
    balanceAfter: 150000,
    reference: 'TXN-42',
    counterparty: { kind: 'GATEWAY_CLEARING', walletId: null, organizationId: null, label: 'Payment gateway clearing' },
    createdBy: null,
  }),
];

const HOLDS: THold[] = [
  {
    id: hexId('7'),
    activationId: hexId('8'),
    amount: 60000,
    captured: 0,
    released: 0,
    status: 'HELD',
    createdAt: '2026-11-24T06:00:00.000Z',
    updatedAt: '2026-11-24T06:00:00.000Z',
  },
];

type TAnswer = { status?: number; body: unknown };
const page = (data: unknown[], meta: Record<string, unknown> = {}): TAnswer => ({ body: { success: true, data, meta } });

/** The API of these screens: wallets, a statement and holds; money calls answered by `money`. */
function walletApi(money: (url: URL, body: unknown) => TAnswer = () => ({ status: 500, body: null })) {
  return (url: URL, init: RequestInit): TAnswer => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') return money(url, init.body ? JSON.parse(String(init.body)) : undefined);
    if (url.pathname === '/api/v1/wallet') {
      const org = url.searchParams.get('organizationId');
      return page(org ? [OWN, CHILD].filter((w) => w.organizationId === org) : [OWN, CHILD], { page: 1, limit: 25, total: 2 });
    }
    if (url.pathname === `/api/v1/wallet/${OWN.id}/transactions`) return page(ENTRIES, { limit: 25, nextCursor: null });
    if (url.pathname === `/api/v1/wallet/${OWN.id}/blocked`) return page(HOLDS, { limit: 25, nextCursor: null });
    return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
  };
}

function renderSignedIn(
  ui: React.ReactNode,
  me: ReturnType<typeof makeUser>,
  scopes: Parameters<typeof scopesFrom>[0],
  money?: (url: URL, body: unknown) => TAnswer,
  route = '/wallet',
) {
  const fetchMock = answerFetch(sessionAnswers(me, scopesFrom(scopes), walletApi(money)));
  restore = fetchMock.restore;
  renderWithProviders(<SignedIn>{ui}</SignedIn>, { route });
  return fetchMock.calls;
}

describe('WalletStatement', () => {
  it("shows each line signed and coloured from the wallet's side, with the balance after, the other side and who", async () => {
    const fetchMock = answerFetch(walletApi());
    restore = fetchMock.restore;
    renderWithProviders(
      <QueryProvider>
        <WalletStatement walletId={OWN.id} />
      </QueryProvider>,
    );
    const out = await screen.findByText('−₹250.00', undefined, { timeout: 10_000 });
    expect(out).toHaveAttribute('data-sign', 'debit');
    const into = screen.getByText('+₹1,500.00');
    expect(into).toHaveAttribute('data-sign', 'credit');
    expect(getComputedStyle(out).color).not.toBe(getComputedStyle(into).color);

    const transfer = out.closest('[role="row"]') as HTMLElement;
    expect(within(transfer).getByText('Transfer')).toBeInTheDocument();
    expect(within(transfer).getByText('₹1,250.00')).toBeInTheDocument();
    expect(within(transfer).getByText('Urja Smart Meters')).toBeInTheDocument();
    expect(within(transfer).getByText('December float')).toBeInTheDocument();
    expect(within(transfer).getByText('Asha Rao')).toBeInTheDocument();
    const topUp = into.closest('[role="row"]') as HTMLElement;
    expect(within(topUp).getByText('Top-up')).toBeInTheDocument();
    expect(within(topUp).getByText('Payment gateway')).toBeInTheDocument();
    expect(within(topUp).getByText('TXN-42')).toBeInTheDocument();
    expect(within(topUp).getByText('System')).toBeInTheDocument();

    const read = fetchMock.calls.find((c) => c.url.pathname === `/api/v1/wallet/${OWN.id}/transactions`)!;
    expect(read.url.searchParams.get('limit')).toBe('25');
    expect(read.url.searchParams.has('cursor')).toBe(false);

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Transfer' }));
    await waitFor(() =>
      expect(fetchMock.calls.some((c) => c.url.pathname.endsWith('/transactions') && c.url.searchParams.get('type') === 'TRANSFER')).toBe(
        true,
      ),
    );
  });
});

describe('/wallet for an organisation user', () => {
  const me = makeUser({ organization: ORG_A, role: { id: hexId('9'), name: 'Reseller admin' } });

  it('shows its wallet with the low balance, Top up, and the statement and holds in tabs', async () => {
    const user = userEvent.setup();
    renderSignedIn(<MyWallet organizationId={ORG_A.id} />, me, { wallet: ['viewDetails'] });
    const card = await screen.findByRole('region', { name: ORG_A.tradeName }, { timeout: 10_000 });
    const figures = Object.fromEntries(
      Array.from(card.querySelectorAll('dt'), (dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({ Available: '₹900.00', Balance: '₹1,500.00', Blocked: '₹600.00', 'Low-balance threshold': '₹1,000.00' });
    expect(within(card).getByTestId('low-balance')).toHaveTextContent('Low balance');
    expect(within(card).getByRole('button', { name: 'Top up' })).toBeInTheDocument();
    // No transfer to its own wallet.
    expect(within(card).queryByRole('button', { name: 'Transfer money' })).not.toBeInTheDocument();

    expect(await screen.findByText('−₹250.00', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Blocked' }));
    const hold = (await screen.findByLabelText(`Open activation ${hexId('8')}`, undefined, { timeout: 10_000 })).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(hold).getByText('₹600.00')).toBeInTheDocument();
    expect(within(hold).getByText('Held')).toBeInTheDocument();
    expect(screen.queryByText('Child wallets')).not.toBeInTheDocument();
  });

  it('lists its child wallets with Transfer money and Take back, not on its own wallet', async () => {
    const user = userEvent.setup();
    renderSignedIn(<MyWallet organizationId={ORG_A.id} />, me, { wallet: ['childWallets', 'sendMoney', 'debitMoney'] });
    expect(await screen.findByLabelText('Transfer money to Urja Smart Meters', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Take money back from Urja Smart Meters')).toBeInTheDocument();
    expect(screen.getByText('Child wallets')).toBeInTheDocument();
    expect(screen.getByText('Your organisation')).toBeInTheDocument();
    expect(screen.queryByLabelText(`Transfer money to ${ORG_A.tradeName}`)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Transfer money to Urja Smart Meters'));
    const dialog = await screen.findByLabelText('Transfer money to Urja Smart Meters', { selector: '[role="dialog"]' });
    expect(dialog).toHaveTextContent('From Sanchar Connect (available ₹900.00) to Urja Smart Meters.');
  });

  it('offers no child wallets, transfers or statement to a role without them', async () => {
    renderSignedIn(<MyWallet organizationId={ORG_A.id} />, me, { wallet: [] });
    await screen.findByRole('region', { name: ORG_A.tradeName }, { timeout: 10_000 });
    expect(screen.queryByRole('tab', { name: 'Transactions' })).not.toBeInTheDocument();
    expect(screen.queryByText('Child wallets')).not.toBeInTheDocument();
  });
});

describe('every wallet, for staff', () => {
  const staff = makeUser();

  it('adjusts a wallet down with a signed amount, the organisation and the reason', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const bodies: { path: string; body: unknown }[] = [];
    const user = userEvent.setup();
    renderSignedIn(<WalletsTable />, staff, { wallet: true, 'all-wallet': true }, (url, body) => {
      bodies.push({ path: url.pathname, body });
      return { body: { success: true, message: 'Wallet adjusted', data: moved([CHILD], 'ADJUST', 1000) } };
    });
    expect(await screen.findByLabelText('Send money to Urja Smart Meters', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Debit money from Urja Smart Meters')).toBeInTheDocument();
    expect(screen.getByLabelText('View the wallet of Urja Smart Meters')).toHaveAttribute('href', `/wallet/${CHILD.id}`);

    await user.click(screen.getByLabelText('Adjust the wallet of Urja Smart Meters'));
    // By its label: role queries over a data grid are slow in jsdom.
    const dialog = await screen.findByLabelText('Adjust the wallet of Urja Smart Meters', { selector: '[role="dialog"]' });
    await user.click(within(dialog).getByRole('radio', { name: 'Debit (−)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust wallet' }));
    expect(await within(dialog).findByText('Enter a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust wallet' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodies).toEqual([
      { path: `/api/v1/wallet/manual/${CHILD.id}`, body: { organization: CHILD_ORG, amount: -1000, reason: 'Duplicate' } },
    ]);
    expect(success).toHaveBeenCalledWith('Wallet adjusted');
  });

  it('shows no money actions to staff without them', async () => {
    renderSignedIn(<WalletsTable />, staff, { wallet: [] });
    expect(await screen.findByText('Urja Smart Meters', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Send money to Urja Smart Meters')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Adjust the wallet of Urja Smart Meters')).not.toBeInTheDocument();
  });
});

describe('top-up', () => {
  it('posts the form the API prepared to the payment gateway, every field a hidden input', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const fetchMock = answerFetch((url, init) =>
      url.pathname === '/api/v1/wallet/payU/transaction' && init.method === 'POST'
        ? {
            body: {
              success: true,
              data: { action: 'https://test.payu.in/_payment', fields: { key: 'gtKFFx', txnid: 'TXN-42', amount: '250.50' } },
            },
          }
        : { status: 404, body: null },
    );
    restore = fetchMock.restore;
    const user = userEvent.setup();
    renderWithProviders(
      <QueryProvider>
        <TopUpDialog wallet={OWN} onClose={() => {}} />
      </QueryProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Top up the wallet' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '250.5');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(fetchMock.calls[0]!.body).toEqual({ walletId: OWN.id, amount: 25050 });
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://test.payu.in/_payment');
    expect(Object.fromEntries(Array.from(form.elements, (e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value]))).toEqual({
      key: 'gtKFFx',
      txnid: 'TXN-42',
      amount: '250.50',
    });
    expect(Array.from(form.elements).every((e) => (e as HTMLInputElement).type === 'hidden')).toBe(true);
  });

  function Address() {
    return <output data-testid="address">{useLocation().search}</output>;
  }

  it.each([
    ['success', 'success', 'Payment received: the wallet is topped up (transaction TXN-42)'],
    ['failure', 'error', 'The payment did not go through; nothing was charged to the wallet (transaction TXN-42)'],
  ] as const)('says how the gateway answered (%s) and takes it out of the address', async (outcome, kind, text) => {
    const told = vi.spyOn(notify, kind).mockImplementation(() => {});
    restore = answerFetch(() => ({ status: 404, body: null })).restore;
    renderWithProviders(
      <QueryProvider>
        <TopUpOutcome />
        <Address />
      </QueryProvider>,
      { route: `/wallet?topup=${outcome}&txnid=TXN-42&page=2` },
    );
    await waitFor(() => expect(told).toHaveBeenCalledWith(text));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\?page=2$/));
    expect(told).toHaveBeenCalledTimes(1);
  });
});
