import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { hexId, makeUser, ORG_A, ORG_B, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { ALLOCATED_SIM, listBody, makeOperation, makeSim } from '../testing/make-sim';
import { SimsTable } from './sims-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const ME = makeUser({ id: hexId('1') });
const FIRST = makeSim(0);
const THIRD = makeSim(2, { status: 'ACTIVE' });
const ORGS = [
  { ...ORG_A, parentId: null, status: 'ACTIVE', settings: {}, createdAt: ME.createdAt, updatedAt: ME.createdAt },
  { ...ORG_B, parentId: ORG_A.id, status: 'ACTIVE', settings: {}, createdAt: ME.createdAt, updatedAt: ME.createdAt },
];

type TAnswer = { status?: number; body: unknown };

function renderTable(
  scopes: Parameters<typeof scopesFrom>[0],
  { route = '/sim-inventory', answer }: { route?: string; answer?: (url: URL, init: RequestInit) => TAnswer | undefined } = {},
) {
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom(scopes), (url, init) => {
      const own = answer?.(url, init);
      if (own) return own;
      if (url.pathname === '/api/v1/sim') {
        // Two pages: the cursor of the first opens the second.
        if (url.searchParams.get('cursor') === 'c1') return { body: listBody([THIRD], { total: 1200, totalIsEstimate: true }) };
        return { body: listBody([FIRST, ALLOCATED_SIM], { total: 1200, totalIsEstimate: true, nextCursor: 'c1' }) };
      }
      if (url.pathname === '/api/v1/organization') return { body: { success: true, data: ORGS, meta: { page: 1, limit: 500, total: 2 } } };
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  const listCalls = () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/sim');
  renderWithProviders(
    <SignedIn>
      <SimsTable />
    </SignedIn>,
    { route },
  );
  return { calls: fetchMock.calls, listCalls };
}

const rowOf = async (iccid: string) => (await screen.findByText(iccid, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('SimsTable', () => {
  it('shows each SIM with its operators, status, organisation and expiry in Indian time, and an estimated total', async () => {
    const { listCalls } = renderTable({ 'sim-inventory': true, 'sim-details': true, organisation: true });
    const row = await rowOf(ALLOCATED_SIM.iccid);
    expect(within(row).getByText('AIRTEL+BSNL')).toBeInTheDocument();
    expect(within(row).getByText('Allocated')).toBeInTheDocument();
    expect(within(row).getByText('Sanchar Connect')).toBeInTheDocument();
    expect(within(row).getByText('31/03/2027')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: ALLOCATED_SIM.iccid })).toHaveAttribute(
      'href',
      `/sim-details?number=${ALLOCATED_SIM.iccid}`,
    );
    expect(within(await rowOf(FIRST.iccid)).getByText('Provider stock')).toBeInTheDocument();
    expect(screen.getByTestId('sims-total')).toHaveTextContent('about 1,200 SIMs');
    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('sort')).toBe('iccid');
    expect(first.get('limit')).toBe('25');
    expect(first.has('cursor')).toBe(false);
  });

  it('goes forward with the cursor of the page and back without it', async () => {
    const { listCalls } = renderTable({ 'sim-inventory': true });
    await rowOf(FIRST.iccid);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await rowOf(THIRD.iccid);
    expect(listCalls().at(-1)!.url.searchParams.get('cursor')).toBe('c1');
    expect(screen.queryByText(FIRST.iccid)).not.toBeInTheDocument();
    expect(screen.getByText('26–26 of about 1,200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await rowOf(FIRST.iccid);
    expect(screen.getByText('1–2 of about 1,200')).toBeInTheDocument();
  });

  it('reads its filters from the address and sends them to the server', async () => {
    const { listCalls } = renderTable(
      { 'sim-inventory': true, organisation: true },
      {
        route: `/sim-inventory?status=ALLOCATED,ACTIVE&operator=BSNL&organizationId=${ORG_A.id}&imeiLock=true&tag=meters&expiresFrom=2027-01-01&search=000076&sort=-expiresAt`,
      },
    );
    await rowOf(FIRST.iccid);
    const sent = listCalls()[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toMatchObject({
      status: 'ALLOCATED,ACTIVE',
      operator: 'BSNL',
      organizationId: ORG_A.id,
      imeiLock: 'true',
      tag: 'meters',
      expiresFrom: '2027-01-01',
      search: '000076',
      sort: '-expiresAt',
    });
    expect(screen.getByRole('textbox', { name: 'Search SIMs' })).toHaveValue('000076');
    expect(screen.getByRole('textbox', { name: 'Expires from' })).toHaveValue('01/01/2027');
  });

  it('searches by the last digits once typing settles, and refuses what is not digits', async () => {
    const { listCalls } = renderTable({ 'sim-inventory': true });
    await rowOf(FIRST.iccid);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Search SIMs' });
    await user.type(box, '12ab');
    expect(
      await screen.findByText('Type digits of an ICCID, IMSI or MSISDN (a leading + for an MSISDN)', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(listCalls().some((c) => c.url.searchParams.has('search'))).toBe(false);
    await user.clear(box);
    await user.type(box, '000092');
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('search')).toBe('000092'), { timeout: 3000 });
  });

  it('allocates the selected SIMs to an organisation and names the ones that could not move', async () => {
    const { calls } = renderTable(
      { 'sim-inventory': true, organisation: true },
      {
        answer: (url, init) =>
          url.pathname === '/api/v1/sim/allocate' && init.method === 'PUT'
            ? {
                body: {
                  success: true,
                  data: {
                    operation: makeOperation({ kind: 'ALLOCATE', status: 'DONE', total: 2, processed: 2, succeeded: 1, skipped: 1 }),
                    skipped: [{ iccid: ALLOCATED_SIM.iccid, reason: 'Already with this organisation' }],
                  },
                },
              }
            : undefined,
      },
    );
    const user = userEvent.setup();
    await user.click(within(await rowOf(FIRST.iccid)).getByRole('checkbox'));
    await user.click(within(await rowOf(ALLOCATED_SIM.iccid)).getByRole('checkbox'));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('2 SIMs selected');
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Allocate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate SIMs' });
    // Nothing is sent before an organisation is chosen.
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    expect(within(dialog).getByText('Choose the organisation')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Organisation' }));
    await user.click(await screen.findByRole('option', { name: ORG_B.tradeName }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    expect(await within(dialog).findByText(`1 SIM allocated to ${ORG_B.tradeName}`)).toBeInTheDocument();
    expect(within(dialog).getByText('1 SIM could not move:')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('table')).getByText('Already with this organisation')).toBeInTheDocument();
    const put = calls.find((c) => c.url.pathname === '/api/v1/sim/allocate')!;
    expect(put.body).toEqual({ iccids: [FIRST.iccid, ALLOCATED_SIM.iccid], organizationId: ORG_B.id });
  });

  it('rolls back every SIM matching the filter as a background operation with progress', async () => {
    let polls = 0;
    const { calls } = renderTable(
      { 'sim-inventory': true },
      {
        route: '/sim-inventory?status=ALLOCATED',
        answer: (url, init) => {
          if (url.pathname === '/api/v1/sim/rollback' && init.method === 'PUT') {
            const op = makeOperation({ kind: 'ROLLBACK', status: 'QUEUED', total: 1200, processed: 0, succeeded: 0 });
            return { status: 202, body: { success: true, data: { operation: op, skipped: [] } } };
          }
          if (url.pathname.startsWith('/api/v1/sim/operations/')) {
            polls += 1;
            const done = polls > 1;
            return {
              body: {
                success: true,
                data: makeOperation({
                  kind: 'ROLLBACK',
                  status: done ? 'DONE' : 'RUNNING',
                  total: 1200,
                  processed: done ? 1200 : 600,
                  succeeded: done ? 1200 : 600,
                }),
              },
            };
          }
          return undefined;
        },
      },
    );
    const user = userEvent.setup();
    await rowOf(FIRST.iccid);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(await screen.findByRole('button', { name: 'Select all SIMs matching the filter (about 1,200)' }));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('All SIMs matching the filter (about 1,200) are selected');
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Roll Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back SIMs' });
    expect(dialog).toHaveTextContent('Return all SIMs matching the filter (about 1,200) to provider stock.');
    await user.click(within(dialog).getByRole('button', { name: 'Roll Back' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Roll back SIMs' })).toBeInTheDocument();
    expect(await within(dialog).findByText('1,200 SIMs rolled back to provider stock', {}, { timeout: 5000 })).toBeInTheDocument();
    const put = calls.find((c) => c.url.pathname === '/api/v1/sim/rollback')!;
    expect(put.body).toEqual({ filter: { status: ['ALLOCATED'] } });
  });

  it('offers neither selection nor moves nor details without the permissions', async () => {
    renderTable({ 'sim-inventory': [] });
    const row = await rowOf(FIRST.iccid);
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `View details of ${FIRST.iccid}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Diagnose ${FIRST.iccid}` })).not.toBeInTheDocument();
  });
});
