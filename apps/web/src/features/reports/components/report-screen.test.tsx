import { getReport } from '@tarang/shared/reports/report-catalogue';
import type { TReportRow } from '@tarang/shared/reports/report-query';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hexId, makeUser, ORG_A, ORG_B, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { ReportScreen } from './report-screen';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser();

const ENTRIES: TReportRow[] = [
  {
    entryId: '42',
    transactionId: hexId('e'),
    walletId: hexId('c'),
    organization: ORG_A.tradeName,
    organizationId: ORG_A.id,
    type: 'TRANSFER',
    amount: -2_500_050,
    balanceAfter: 12_345_678,
    counterparty: ORG_B.tradeName,
    reference: 'December float',
    reason: 'Monthly float',
    createdBy: 'Asha Rao',
    // 18:45 UTC is 00:15 the next day in India.
    createdAt: '2026-11-21T18:45:00.000Z',
  },
  {
    entryId: '41',
    transactionId: hexId('f'),
    walletId: hexId('d'),
    organization: ORG_B.tradeName,
    organizationId: ORG_B.id,
    type: 'TOPUP',
    amount: 99_999,
    balanceAfter: 99_999,
    counterparty: 'Payment gateway',
    reference: 'payu-txn-7',
    reason: null,
    createdBy: null,
    createdAt: '2026-11-20T04:30:00.000Z',
  },
];

const PROFILES: TReportRow[] = [
  {
    iccid: '8991000000000000011',
    imsi: '404100000000011',
    msisdn: null,
    operator: 'AIRTEL',
    profile: 'PRIMARY',
    simIccid: '8991000000000000011',
    status: 'ACTIVE',
    organization: ORG_A.tradeName,
    imeiLock: true,
    label: '=1+1',
  },
  {
    iccid: '8991000000000000029',
    imsi: '404100000000029',
    msisdn: null,
    operator: 'BSNL',
    profile: 'PROVISIONED',
    simIccid: '8991000000000000011',
    status: 'ACTIVE',
    organization: ORG_A.tradeName,
    imeiLock: true,
    label: '=1+1',
  },
];

function renderReport(reportId: string, rows: TReportRow[], scopes: Parameters<typeof scopesFrom>[0], route: string) {
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom(scopes), (url) => {
      if (url.pathname === `/api/v1/report/${reportId}`) {
        return {
          body: { success: true, data: rows, meta: { limit: 50, nextCursor: url.searchParams.has('cursor') ? null : 'next-page' } },
        };
      }
      if (url.pathname === `/api/v1/report/${reportId}/export`) return { body: 'Report,x\r\n\r\nICCID\r\n' };
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
  renderWithProviders(
    <SignedIn>
      <ReportScreen report={getReport(reportId)!} />
    </SignedIn>,
    { route },
  );
  return {
    listCalls: () => fetchMock.calls.filter((c) => c.url.pathname === `/api/v1/report/${reportId}`),
    exportCalls: () => fetchMock.calls.filter((c) => c.url.pathname === `/api/v1/report/${reportId}/export`),
  };
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('ReportScreen', () => {
  it('draws the declared columns by their formats: India time, money signed and coloured, text as sent', async () => {
    const { listCalls } = renderReport('transactions', ENTRIES, { transactions: true, organisation: true }, '/report/transactions');
    const row = await rowOf('Monthly float');
    expect(within(row).getByText('22/11/2026 12:15 AM')).toBeInTheDocument();
    expect(within(row).getByText('−₹25,000.50')).toHaveAttribute('data-sign', 'debit');
    expect(within(row).getByText('₹1,23,456.78')).toBeInTheDocument();
    expect(within(row).getByText(ORG_B.tradeName)).toBeInTheDocument();
    expect(within(row).getByText('Asha Rao')).toBeInTheDocument();
    const topUp = await rowOf('payu-txn-7');
    expect(within(topUp).getByText('+₹999.99')).toHaveAttribute('data-sign', 'credit');
    // Nothing written: a dash, never an empty cell.
    expect(within(topUp).getAllByText('—').length).toBeGreaterThan(0);
    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('limit')).toBe('50');
    expect(first.has('cursor')).toBe(false);
  });

  it('sends the filters of the address to the grid and to the export, with the reader’s language', async () => {
    const { listCalls, exportCalls } = renderReport(
      'atomic-sims',
      PROFILES,
      { 'atomic-sims': true, organisation: true },
      `/report/atomic-sims?organizationId=${ORG_A.id}&status=ACTIVE,SUSPENDED&operator=BSNL&search=8991`,
    );
    await rowOf('8991000000000000029');
    const params = listCalls()[0]!.url.searchParams;
    expect(params.get('organizationId')).toBe(ORG_A.id);
    expect(params.get('status')).toBe('ACTIVE,SUSPENDED');
    expect(params.get('operator')).toBe('BSNL');
    expect(params.get('search')).toBe('8991');
    // One row per profile, each with its SIM's fields; the later columns wait in the column menu.
    expect(within(await rowOf('8991000000000000029')).getByText('PROVISIONED')).toBeInTheDocument();
    expect(screen.getAllByText(ORG_A.tradeName).length).toBe(2);
    expect(screen.queryByText('=1+1')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /export/i }));
    await user.click(await screen.findByRole('menuitem', { name: /excel|xlsx/i }));
    await waitFor(() => expect(exportCalls()).toHaveLength(1));
    const sent = exportCalls()[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      organizationId: ORG_A.id,
      status: 'ACTIVE,SUSPENDED',
      operator: 'BSNL',
      search: '8991',
      format: 'xlsx',
      lang: 'en',
    });
  });

  it('drops a hand-edited filter the report does not allow instead of sending it', async () => {
    const { listCalls } = renderReport('expiry-sims', [], { 'expiry-sims': true }, '/report/expiry-sims?days=15&operator=JIO&status=LOST');
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const params = listCalls()[0]!.url.searchParams;
    expect(params.get('days')).toBe('15');
    expect(params.has('operator')).toBe(false);
    expect(params.has('status')).toBe(false);
    expect(await screen.findByText('No rows match these filters')).toBeInTheDocument();
  });
});
