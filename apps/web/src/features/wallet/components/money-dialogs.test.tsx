import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '@/app/query-provider';
import { i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeWallet, moved } from '../testing/wallets';
import { HeaderWallet } from './header-wallet';
import { MoneyDialog, type TMoneyKind } from './money-dialog';
import { TransferDialog } from './transfer-dialog';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const PARENT_ORG = 'a'.repeat(24);
const CHILD_ORG = 'b'.repeat(24);
const PARENT = makeWallet({ id: 'c'.repeat(24), organizationId: PARENT_ORG, balance: 500000, available: 500000 });
const CHILD = makeWallet({
  id: 'd'.repeat(24),
  organizationId: CHILD_ORG,
  organization: { id: CHILD_ORG, tradeName: 'Urja Smart Meters' },
  balance: 20000,
  available: 20000,
});

type TAnswer = { status?: number; body: unknown };
type TCall = { method: string; path: string; body: unknown; key: string | undefined };

const shortfall = (available: string, needed: string): TAnswer => {
  const message = `Not enough money in the wallet: available ${available}, needed ${needed}`;
  return { status: 422, body: { success: false, code: 'UNPROCESSABLE', message, errors: [{ path: 'amount', message }] } };
};

/**
 * The header chip of the parent organisation beside a dialog, on an API that keeps the parent's wallet: each GET
 * answers it as it is now; each money call is answered by `answer` (which may change it).
 */
function setup(dialog: (onClose: () => void) => React.ReactNode, answer: (call: TCall, wallets: { parent: TWallet }) => TAnswer | Error) {
  const wallets = { parent: PARENT };
  const calls: TCall[] = [];
  const onClose = vi.fn();
  const fetchMock = answerFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/v1/wallet') return { body: { success: true, data: [wallets.parent] } };
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = {
      method,
      path: url.pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      key: headers[IDEMPOTENCY_HEADER],
    };
    calls.push(call);
    const result = answer(call, wallets);
    if (result instanceof Error) throw result;
    return result;
  });
  restore = fetchMock.restore;
  renderWithProviders(
    <QueryProvider>
      <HeaderWallet organizationId={PARENT_ORG} />
      {dialog(onClose)}
    </QueryProvider>,
  );
  const walletReads = () => fetchMock.calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/v1/wallet').length;
  return { calls, onClose, walletReads };
}

async function fill(dialogName: string, amount: string, text?: { label: string; value: string }) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  const amountBox = within(dialog).getByRole('textbox', { name: /^Amount/ });
  await user.clear(amountBox);
  await user.type(amountBox, amount);
  if (text) {
    const box = within(dialog).getByRole('textbox', { name: new RegExp(`^${text.label}`) });
    await user.clear(box);
    await user.type(box, text.value);
  }
  return { user, dialog, amountBox };
}

const sendDialog = (kind: TMoneyKind, wallet: TWallet) => (onClose: () => void) => (
  <MoneyDialog wallet={wallet} kind={kind} onClose={onClose} />
);

describe('Send Money', () => {
  it('sends integer paise with an Idempotency-Key, the same key again on a retry, and the header reads the wallet again', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    let attempts = 0;
    const { calls, onClose, walletReads } = setup(sendDialog('send', PARENT), (call, wallets) => {
      attempts += 1;
      // The first answer is lost on the way (the network): the console sends the same submission again.
      if (attempts === 1) return new TypeError('Failed to fetch');
      const body = call.body as { amount: number };
      wallets.parent = {
        ...wallets.parent,
        balance: wallets.parent.balance + body.amount,
        available: wallets.parent.available + body.amount,
      };
      return { body: { success: true, message: 'Money added', data: moved([wallets.parent], 'ADD', body.amount) } };
    });
    expect(await screen.findByTestId('header-wallet')).toHaveTextContent('₹5,000.00');
    const readsBefore = walletReads();

    const { user, dialog, amountBox } = await fill('Send money to Sanchar Connect', '1234.56', { label: 'Reason', value: 'Opening float' });
    expect(within(dialog).getByText('1,23,456 paise')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send money' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(amountBox).toHaveValue('1234.56');

    await user.click(within(dialog).getByRole('button', { name: 'Send money' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call).toMatchObject({
        method: 'PUT',
        path: `/api/v1/wallet/add/${PARENT.id}`,
        body: { amount: 123456, reason: 'Opening float' },
      });
      expect(Number.isInteger((call.body as { amount: number }).amount)).toBe(true);
    }
    expect(calls[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(success).toHaveBeenCalledWith('Money added');

    await waitFor(() => expect(walletReads()).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(screen.getByTestId('header-wallet')).toHaveTextContent('₹6,234.56'));
  });

  it('sends another key for another submission', async () => {
    const { calls } = setup(sendDialog('send', PARENT), () => ({
      status: 422,
      body: {
        success: false,
        code: 'UNPROCESSABLE',
        message: 'amount: amount must be whole paise, more than 0 and at most 1000000000000',
        errors: [{ path: 'amount', message: 'amount must be whole paise, more than 0 and at most 1000000000000' }],
      },
    }));
    const { user, dialog } = await fill('Send money to Sanchar Connect', '10', { label: 'Reason', value: 'Float' });
    await user.click(within(dialog).getByRole('button', { name: 'Send money' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await fill('Send money to Sanchar Connect', '20');
    await user.click(within(dialog).getByRole('button', { name: 'Send money' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => (c.body as { amount: number }).amount)).toEqual([1000, 2000]);
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it('checks the amount before sending: rupees with two decimals, more than ₹0, a reason', async () => {
    const { calls } = setup(sendDialog('send', PARENT), () => ({ body: { success: true, data: null } }));
    const { user, dialog, amountBox } = await fill('Send money to Sanchar Connect', '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Send money' }));
    await waitFor(() => expect(amountBox).toHaveAccessibleDescription('Enter an amount in rupees with at most two decimals'));
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription('Enter a reason');
    await fill('Send money to Sanchar Connect', '0');
    await user.click(within(dialog).getByRole('button', { name: 'Send money' }));
    await waitFor(() => expect(amountBox).toHaveAccessibleDescription('The amount must be more than ₹0.00'));
    expect(calls).toHaveLength(0);
  });
});

describe('Debit Money', () => {
  it('shows "not enough money" under the amount and keeps the dialog open', async () => {
    const { calls, onClose } = setup(sendDialog('debit', PARENT), () => shortfall('₹5,000.00', '₹6,000.00'));
    const { user, dialog, amountBox } = await fill('Debit money from Sanchar Connect', '6000', { label: 'Reason', value: 'Refund' });
    await user.click(within(dialog).getByRole('button', { name: 'Debit money' }));
    await waitFor(() =>
      expect(amountBox).toHaveAccessibleDescription('Not enough money in the wallet: available ₹5,000.00, needed ₹6,000.00'),
    );
    expect(amountBox).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([
      { method: 'PUT', path: `/api/v1/wallet/deduct/${PARENT.id}`, body: { amount: 600000, reason: 'Refund' }, key: expect.any(String) },
    ]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Debit money from Sanchar Connect' })).toBeInTheDocument();
  });
});

describe('in Hindi', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("puts the server's shortfall under the amount in the reader's language, with both figures", async () => {
    await act(() => i18n.changeLanguage('hi'));
    setup(sendDialog('debit', PARENT), () => shortfall('₹5,000.00', '₹6,000.00'));
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Sanchar Connect से पैसा काटें' }, { timeout: 10_000 });
    const amountBox = within(dialog).getByRole('textbox', { name: /^राशि/ });
    await user.type(amountBox, '6000');
    await user.type(within(dialog).getByRole('textbox', { name: /^कारण/ }), 'Refund');
    await user.click(within(dialog).getByRole('button', { name: 'पैसा काटें' }));
    await waitFor(() => expect(amountBox).toHaveAccessibleDescription('वॉलेट में पर्याप्त पैसा नहीं है: उपलब्ध ₹5,000.00, आवश्यक ₹6,000.00'));
  });
});

describe('Transfer', () => {
  it("moves money to a child: from the parent's wallet to the child's, with the note", async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { calls, onClose } = setup(
      (close) => <TransferDialog own={PARENT} child={CHILD} direction="give" onClose={close} />,
      (call, wallets) => {
        const body = call.body as { amount: number };
        wallets.parent = {
          ...wallets.parent,
          balance: wallets.parent.balance - body.amount,
          available: wallets.parent.available - body.amount,
        };
        return { body: { success: true, message: 'Money transferred', data: moved([wallets.parent], 'TRANSFER', body.amount) } };
      },
    );
    expect(await screen.findByTestId('header-wallet')).toHaveTextContent('₹5,000.00');
    const { user, dialog } = await fill('Transfer money to Urja Smart Meters', '1500.5', { label: 'Note', value: 'December float' });
    expect(within(dialog).getByText('From Sanchar Connect (available ₹5,000.00) to Urja Smart Meters.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/wallet/transfer',
        body: { fromWalletId: PARENT.id, toWalletId: CHILD.id, amount: 150050, note: 'December float' },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(success).toHaveBeenCalledWith('Money transferred');
    await waitFor(() => expect(screen.getByTestId('header-wallet')).toHaveTextContent('₹3,499.50'));
  });

  it('takes money back from a child, without a note, and shows a shortfall under the amount', async () => {
    const { calls } = setup(
      (close) => <TransferDialog own={PARENT} child={CHILD} direction="takeBack" onClose={close} />,
      () => shortfall('₹200.00', '₹300.00'),
    );
    const { user, dialog, amountBox } = await fill('Take money back from Urja Smart Meters', '300');
    expect(within(dialog).getByText('From Urja Smart Meters (available ₹200.00) to Sanchar Connect.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(amountBox).toHaveAccessibleDescription('Not enough money in the wallet: available ₹200.00, needed ₹300.00'));
    expect(calls.map((c) => c.body)).toEqual([{ fromWalletId: CHILD.id, toWalletId: PARENT.id, amount: 30000 }]);
  });
});
