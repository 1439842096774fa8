import type { TPlan } from '@tarang/shared/plans/plan.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makePlan } from '../testing/plan-data';
import { PlansTable } from './plans-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const STAFF = makeUser({ id: hexId('1') });
const RESELLER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

const FLEET = makePlan({ id: hexId('e'), name: 'Fleet 1.5 GB', description: 'For vehicle trackers' });
const METER = makePlan({
  id: hexId('f'),
  name: 'Meter 200 MB',
  operators: ['BSNL'],
  dataMb: 200,
  smsCount: 0,
  validityDays: 1,
  basePrice: 9900,
  price: 9900,
  overLimitAction: 'BAR',
  status: 'RETIRED',
  sharedCount: 0,
});

type TAnswer = { status?: number; body: unknown };

function renderTable({
  me = STAFF,
  scopes,
  rows = [FLEET, METER],
  onDelete = () => ({ body: { success: true, message: 'Plan deleted' } }),
}: {
  me?: typeof STAFF;
  scopes: Parameters<typeof scopesFrom>[0];
  rows?: TPlan[];
  onDelete?: () => TAnswer;
}) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/plans' && method === 'GET') {
        return { body: { success: true, data: rows, meta: { page: 1, limit: 25, total: rows.length } } };
      }
      if (url.pathname.startsWith('/api/v1/plans/') && method === 'DELETE') return onDelete();
      if (url.pathname.startsWith('/api/v1/plans/') && method === 'PUT') {
        return { body: { success: true, message: 'Plan updated', data: { ...FLEET, status: 'RETIRED' } } };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <PlansTable />
    </SignedIn>,
    { route: '/plans' },
  );
  return {
    calls: fetchMock.calls,
    listCalls: () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/plans' && c.method === 'GET'),
  };
}

const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('PlansTable', () => {
  it('shows each plan with its operators, allowances, price in ₹ and status', async () => {
    const { listCalls } = renderTable({ scopes: { plans: true } });
    const fleet = await rowOf('Fleet 1.5 GB');
    expect(within(fleet).getByText('AIRTEL')).toBeInTheDocument();
    expect(within(fleet).getByText('VI')).toBeInTheDocument();
    expect(within(fleet).getByText('1.5 GB')).toBeInTheDocument();
    expect(within(fleet).getByText('100')).toBeInTheDocument();
    expect(within(fleet).getByText('30 days')).toBeInTheDocument();
    expect(within(fleet).getByText('₹1,234.50')).toBeInTheDocument();
    expect(within(fleet).getByText('Throttle')).toBeInTheDocument();
    expect(within(fleet).getByText('Active')).toBeInTheDocument();
    expect(within(fleet).getByText('2')).toBeInTheDocument();
    const meter = await rowOf('Meter 200 MB');
    expect(within(meter).getByText('200 MB')).toBeInTheDocument();
    expect(within(meter).getByText('None')).toBeInTheDocument();
    expect(within(meter).getByText('1 day')).toBeInTheDocument();
    expect(within(meter).getByText('₹99.00')).toBeInTheDocument();
    expect(within(meter).getByText('Retired')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Base price' })).toBeInTheDocument();
    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('sort')).toBe('name');
    expect(first.get('page')).toBe('1');
  });

  it('offers staff with every permission edit, share, retire or reactivate, and delete', async () => {
    renderTable({ scopes: { plans: true } });
    await rowOf('Fleet 1.5 GB');
    expect(screen.getByRole('link', { name: 'Edit Fleet 1.5 GB' })).toHaveAttribute('href', `/plans/edit/${FLEET.id}`);
    expect(screen.getByRole('link', { name: 'Share Fleet 1.5 GB' })).toHaveAttribute('href', `/plans/share/${FLEET.id}`);
    expect(screen.getByRole('button', { name: 'Retire Fleet 1.5 GB' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reactivate Fleet 1.5 GB' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate Meter 200 MB' })).toBeInTheDocument();
    // A retired plan cannot be shared.
    expect(screen.queryByRole('link', { name: 'Share Meter 200 MB' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Fleet 1.5 GB' })).toBeInTheDocument();
  });

  it('shows only the actions the role allows', async () => {
    renderTable({ scopes: { plans: ['allocate'] } });
    await rowOf('Fleet 1.5 GB');
    expect(screen.getByRole('link', { name: 'Share Fleet 1.5 GB' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Fleet 1.5 GB' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire Fleet 1.5 GB' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Fleet 1.5 GB' })).not.toBeInTheDocument();
  });

  it('shows an organisation its own price and shares from its own blueprint, never the staff actions', async () => {
    const shared = makePlan({ id: hexId('e'), basePrice: null, price: 150000, blueprintId: hexId('d'), sharedCount: 1 });
    renderTable({ me: RESELLER, scopes: { plans: true }, rows: [shared] });
    const row = await rowOf('Fleet 1.5 GB');
    expect(within(row).getByText('₹1,500.00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Your price' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share Fleet 1.5 GB' })).toHaveAttribute('href', `/plans/share/${hexId('d')}`);
    expect(screen.queryByRole('link', { name: 'Edit Fleet 1.5 GB' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire Fleet 1.5 GB' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Fleet 1.5 GB' })).not.toBeInTheDocument();
  });

  it('asks before deleting, and shows why a plan in use cannot be deleted', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { calls } = renderTable({
      scopes: { plans: true },
      onDelete: () => ({
        status: 409,
        body: { success: false, code: 'CONFLICT', message: 'Plan is in use by 2 organisations and 310 SIMs; retire it instead' },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Fleet 1.5 GB' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this plan?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Plan is in use by 2 organisations and 310 SIMs; retire it instead'));
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe(`/api/v1/plans/${FLEET.id}`);
  });

  it('retires a plan after asking', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { calls } = renderTable({ scopes: { plans: true } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retire Fleet 1.5 GB' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire this plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Plan updated'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v1/plans/${FLEET.id}`);
    expect(put.body).toEqual({ status: 'RETIRED' });
  });

  it('filters by status and operator on the server', async () => {
    const { listCalls } = renderTable({ scopes: { plans: true } });
    await rowOf('Fleet 1.5 GB');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Operator'));
    await user.click(await screen.findByRole('option', { name: 'BSNL' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('operator')).toBe('BSNL'));
  });
});
