import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TTransactionReportRow } from '@tarang/shared/wallets/wallet.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, ORG_B, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { TransactionsTable } from './transactions-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser();
const WALLET_A = hexId('c');
const WALLET_B = hexId('d');

function entry(overrides: Partial<TTransactionReportRow>): TTransactionReportRow {
  return {
    id: '1',
    transactionId: hexId('e'),
    walletId: WALLET_A,
    organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
    type: 'ADD',
    amount: 100,
    balanceAfter: 100,
    counterparty: null,
    reference: null,
    reason: null,
    createdBy: null,
    createdAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

const ROWS: TTransactionReportRow[] = [
  entry({
    id: '42',
    type: 'TRANSFER',
    amount: -2_500_050,
    balanceAfter: 12_345_678,
    counterparty: { kind: 'WALLET', walletId: WALLET_B, organizationId: ORG_B.id, label: ORG_B.tradeName },
    reference: 'December float',
    reason: 'Monthly float',
    createdBy: { id: ME.id, label: 'Asha Rao' },
    // 18:45 UTC is 00:15 the next day in India.
    createdAt: '2026-11-21T18:45:00.000Z',
  }),
  entry({
    id: '41',
    walletId: WALLET_B,
    organization: { id: ORG_B.id, tradeName: ORG_B.tradeName },
    type: 'TOPUP',
    amount: 99_999,
    balanceAfter: 99_999,
    counterparty: { kind: 'GATEWAY_CLEARING', walletId: null, organizationId: null, label: 'Payment gateway' },
    reference: 'payu-txn-7',
  }),
];

type TAnswer = { status?: number; body: unknown };

function renderReport(
  scopes: Parameters<typeof scopesFrom>[0],
  route = '/report/transactions',
  answer?: (url: URL) => TAnswer | null,
  me = ME,
) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom(scopes), (url) => {
      const special = answer?.(url);
      if (special) return special;
      if (url.pathname === '/api/v1/report/transactions') {
        return { body: { success: true, data: ROWS, meta: { limit: 25, nextCursor: url.searchParams.has('cursor') ? null : '41' } } };
      }
      if (url.pathname === '/api/v1/report/transactions/export') return { body: 'date_ist,organization\r\n' };
      if (url.pathname === '/api/v1/organization') {
        return {
          body: {
            success: true,
            data: [
              { ...ORG_A, path: `/${ORG_A.id}/` },
              { ...ORG_B, path: `/${ORG_B.id}/` },
            ],
            meta: { page: 1, limit: 500, total: 2 },
          },
        };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  const listCalls = () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/report/transactions');
  const exportCalls = () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/report/transactions/export');
  renderWithProviders(
    <SignedIn>
      <TransactionsTable />
    </SignedIn>,
    { route },
  );
  return { listCalls, exportCalls };
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('TransactionsTable', () => {
  it('shows each entry: India time, organisation, type, signed amount, balance after, counterparty, reference, reason, author', async () => {
    const { listCalls } = renderReport({ transactions: true, organisation: true });
    const row = await rowOf('Monthly float');
    expect(within(row).getByText('22/11/2026 12:15 AM')).toBeInTheDocument();
    expect(within(row).getByText('Sanchar Connect')).toBeInTheDocument();
    expect(within(row).getByText('Transfer')).toBeInTheDocument();
    const amount = within(row).getByText('−₹25,000.50');
    expect(amount).toHaveAttribute('data-sign', 'debit');
    expect(within(row).getByText('₹1,23,456.78')).toBeInTheDocument();
    expect(within(row).getByText('Urja Smart Meters')).toBeInTheDocument();
    expect(within(row).getByText('December float')).toBeInTheDocument();
    expect(within(row).getByText('Asha Rao')).toBeInTheDocument();

    const topUp = await rowOf('payu-txn-7');
    expect(within(topUp).getByText('+₹999.99')).toHaveAttribute('data-sign', 'credit');
    expect(within(topUp).getByText('Payment gateway')).toBeInTheDocument();
    expect(within(topUp).getByText('Top-up')).toBeInTheDocument();
    // No author: the system made it.
    expect(within(topUp).getByText('System')).toBeInTheDocument();

    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('limit')).toBe('25');
    expect(first.has('cursor')).toBe(false);
    expect(screen.getByText('1–2 of more than 2')).toBeInTheDocument();
  });

  it('sends the filters of the address and of the filter bar as query parameters, and turns pages by cursor', async () => {
    const { listCalls } = renderReport(
      { transactions: true, organisation: true },
      `/report/transactions?organizationId=${ORG_B.id}&from=2026-11-01&to=2026-11-30`,
    );
    await rowOf('Monthly float');
    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('organizationId')).toBe(ORG_B.id);
    expect(first.get('from')).toBe('2026-11-01');
    expect(first.get('to')).toBe('2026-11-30');
    expect(first.has('type')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('01/11/2026');
    expect(screen.getByRole('combobox', { name: 'Organisation' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Activation' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('type')).toBe('CAPTURE'));
    expect(listCalls().at(-1)!.url.searchParams.get('organizationId')).toBe(ORG_B.id);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('cursor')).toBe('41'));
    expect(listCalls().at(-1)!.url.searchParams.get('type')).toBe('CAPTURE');
  });

  it('offers the organisation filter only to those who may see organisations; a wallet link narrows the list', async () => {
    const orgUser = makeUser({ organization: ORG_A, role: { id: hexId('8'), name: 'Finance' } });
    const { listCalls } = renderReport({ transactions: true }, `/report/transactions?walletId=${WALLET_A}`, undefined, orgUser);
    await rowOf('Monthly float');
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Organisation' })).not.toBeInTheDocument();
    expect(listCalls()[0]!.url.searchParams.get('walletId')).toBe(WALLET_A);
  });

  it('exports with the filters of the list, as CSV or XLSX', async () => {
    const created = vi.fn(() => 'blob:transactions');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { exportCalls } = renderReport(
      { transactions: true, organisation: true },
      `/report/transactions?organizationId=${ORG_A.id}&type=TRANSFER&from=2026-11-01&page=2&cursor=41`,
    );
    await rowOf('Monthly float');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export as Excel (XLSX)' }));
    await waitFor(() => expect(exportCalls()).toHaveLength(1));
    const params = exportCalls()[0]!.url.searchParams;
    expect(Object.fromEntries(params)).toEqual({ organizationId: ORG_A.id, type: 'TRANSFER', from: '2026-11-01', format: 'xlsx' });
    await waitFor(() => expect(saved).toEqual(['transactions.xlsx']));

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
    await waitFor(() => expect(exportCalls()).toHaveLength(2));
    expect(exportCalls()[1]!.url.searchParams.get('format')).toBe('csv');
    expect(exportCalls()[1]!.url.searchParams.has('cursor')).toBe(false);
  });

  it("says why in the reader's words when the server refuses", async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    renderReport({ transactions: true, organisation: true }, `/report/transactions?organizationId=${ORG_B.id}`, (url) =>
      url.pathname.startsWith('/api/v1/report/transactions')
        ? { status: 404, body: { success: false, message: 'Organisation not found', code: 'NOT_FOUND' } }
        : null,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Organisation not found');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Organisation not found'));
  });
});
