import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALLOCATED_SIM } from '@/features/sims/testing/make-sim';
import { makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeSimWhitelist } from '../testing/whitelist-data';
import { SimWhitelistsCard } from './sim-whitelists-card';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const SIM: TSimDetail = { ...ALLOCATED_SIM, history: [] };
const SECOND = SIM.provisioned[0]!.ICCID;
const IP_APPLIED = makeSimWhitelist({ iccid: SIM.iccid, primaryIccid: SIM.iccid, simId: SIM.id, operator: SIM.primary.operator });
const IP_FAILED = makeSimWhitelist({
  iccid: SECOND,
  primaryIccid: SIM.iccid,
  simId: SIM.id,
  operator: 'BSNL',
  state: 'FAILED',
  error: 'Operator refused the whitelist: too many entries',
});
const NUMBER_DRIFTED = makeSimWhitelist({
  kind: 'NUMBER',
  iccid: SECOND,
  primaryIccid: SIM.iccid,
  simId: SIM.id,
  operator: 'BSNL',
  state: 'DRIFTED',
  error: 'BSNL holds no number whitelist on this SIM',
  group: { id: 'g-numbers', name: 'Control room' },
});

function renderCard(scopes: Parameters<typeof scopesFrom>[0]) {
  const fetchMock = answerFetch(
    sessionAnswers(makeUser(), scopesFrom(scopes), (url) => {
      const rows =
        url.pathname === '/api/v1/whitelist/ip'
          ? [IP_APPLIED, IP_FAILED]
          : url.pathname === '/api/v1/whitelist/numbers'
            ? [NUMBER_DRIFTED]
            : null;
      if (!rows) return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
      return { body: { success: true, data: rows, meta: { page: 1, limit: 20, total: rows.length, states: {} } } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <p>Signed in</p>
      <SimWhitelistsCard sim={SIM} />
    </SignedIn>,
    { route: `/sim-details?number=${SIM.iccid}` },
  );
  return fetchMock.calls;
}

describe('SimWhitelistsCard', () => {
  it('shows each profile with its IP and number whitelist and sync state, read for this SIM only', async () => {
    const calls = renderCard({ 'whitelist-ip': true, 'whitelist-numbers': true });
    const table = await screen.findByRole('table', { name: 'Whitelists' }, { timeout: 10_000 });
    const second = (await within(table).findByText(SECOND)).closest('tr') as HTMLElement;
    expect(await within(second).findByText('Failed')).toBeInTheDocument();
    expect(within(second).getByText(/too many entries/)).toBeInTheDocument();
    expect(within(second).getByText('Drifted')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Control room' })).toHaveAttribute('href', `/white-listing/numbers?iccid=${SECOND}`);
    const first = within(table).getByText(SIM.iccid).closest('tr') as HTMLElement;
    expect(within(first).getByText('Applied')).toBeInTheDocument();
    expect(within(first).getByText('None')).toBeInTheDocument();
    const reads = calls.filter((c) => c.url.pathname.startsWith('/api/v1/whitelist/'));
    expect(reads.map((c) => c.url.searchParams.get('simId'))).toEqual([SIM.id, SIM.id]);
    expect(screen.getByRole('link', { name: 'Whitelist IP' })).toHaveAttribute('href', '/white-listing/ip/add');
  });

  it('leaves out the kinds the role cannot see, and the add buttons it cannot use', async () => {
    const calls = renderCard({ 'whitelist-numbers': [] });
    const table = await screen.findByRole('table', { name: 'Whitelists' }, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Profile', 'Operator', 'Number whitelist']);
    expect(await within(table).findByText('Drifted')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Whitelist/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/v1/whitelist/ip')).toBe(false);
  });

  it('is not there at all for a role without either whitelist', async () => {
    const calls = renderCard({ 'sim-inventory': true });
    expect(await screen.findByText('Signed in', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/whitelist/'))).toBe(false);
  });
});
