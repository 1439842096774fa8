import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import type { TSimUsage, TUsageDay } from '@tarang/shared/sims/usage.schemas';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALLOCATED_SIM } from '@/features/sims/testing/make-sim';
import { i18n } from '@/lib/i18n/i18n';
import { makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { SimUsageCard } from './sim-usage-card';

let restore: (() => void) | null = null;
afterEach(async () => {
  restore?.();
  restore = null;
  await act(() => i18n.changeLanguage('en'));
});

const SIM: TSimDetail = { ...ALLOCATED_SIM, history: [] };
const MB = 1_048_576;

/** 30 days to 12 May 2026: only the days given reported. */
function makeDays(reported: Record<string, Partial<TUsageDay>> = {}): TUsageDay[] {
  const days: TUsageDay[] = [];
  for (let i = 29; i >= 0; i -= 1) {
    const day = new Date(Date.UTC(2026, 4, 12 - i)).toISOString().slice(0, 10);
    const figures = reported[day];
    days.push({ day, bytesUp: 0, bytesDown: 0, smsMo: 0, smsMt: 0, reported: false, ...(figures ? { reported: true, ...figures } : {}) });
  }
  return days;
}

const USAGE: TSimUsage = {
  simId: SIM.id,
  iccid: SIM.iccid,
  from: '2026-04-13',
  to: '2026-05-12',
  days: makeDays({
    '2026-05-10': { bytesDown: 20_000, bytesUp: 0, smsMo: 0, smsMt: 0 },
    '2026-05-11': { bytesDown: 10 * MB, bytesUp: 1 * MB, smsMo: 1, smsMt: 0 },
    '2026-05-12': { bytesDown: 3.5 * MB, bytesUp: 0.5 * MB, smsMo: 3, smsMt: 2 },
  }),
  allowance: {
    planId: 'p'.repeat(24),
    planName: 'IoT Basic 18',
    // 00:00 in India on 21/04 and 21/05.
    periodStart: '2026-04-20T18:30:00.000Z',
    periodEnd: '2026-05-20T18:30:00.000Z',
    dataMb: 18,
    smsCount: 100,
    usedBytes: 15 * MB,
    usedSms: 4,
    overLimitAction: 'BAR',
  },
  ingestedThrough: '2026-05-12',
};

function renderCard(usage: TSimUsage, scopes: Parameters<typeof scopesFrom>[0] = { 'sim-details': true }) {
  const fetchMock = answerFetch(
    sessionAnswers(makeUser(), scopesFrom(scopes), (url) => {
      if (url.pathname === '/api/v1/sim/usage') return { body: { success: true, data: usage } };
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <p>Signed in</p>
      <SimUsageCard sim={SIM} />
    </SignedIn>,
    { route: `/sim-details?number=${SIM.iccid}` },
  );
  return fetchMock.calls;
}

const dayRow = (table: HTMLElement, day: string) => within(table).getByRole('rowheader', { name: day }).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('SimUsageCard', () => {
  it('draws the last 30 days of the SIM, with the days, the total and the allowance near its end', async () => {
    const calls = renderCard(USAGE);
    const table = await screen.findByRole('table', { name: 'Usage per day, last 30 days' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: 'Usage' })).toBeInTheDocument();
    // One row a day, oldest first; a day not reported says so rather than 0.
    const rows = within(table).getAllByRole('rowheader');
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent('13/04/2026');
    expect(rows[29]).toHaveTextContent('12/05/2026');
    expect(cells(dayRow(table, '12/05/2026'))).toEqual(['3.5', '0.5', '3', '2']);
    expect(cells(dayRow(table, '11/05/2026'))).toEqual(['10.0', '1.0', '1', '0']);
    // Some kilobytes are not "0.0".
    expect(cells(dayRow(table, '10/05/2026'))).toEqual(['< 0.1', '0.0', '0', '0']);
    expect(cells(dayRow(table, '09/05/2026'))).toEqual(['—', '—', '—', '—']);
    // The chart names every fifth day, back from the last, and its series.
    const chart = screen.getByTestId('usage-chart');
    const ticks = [...chart.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /^\d\d\/\d\d$/.test(t ?? ''));
    expect(ticks.slice(0, 6)).toEqual(['17/04', '22/04', '27/04', '02/05', '07/05', '12/05']);
    for (const series of ['Down', 'Up', 'SMS sent', 'SMS received']) expect(within(chart).getByText(series)).toBeInTheDocument();
    expect(screen.getByTestId('usage-total')).toHaveTextContent('Last 30 days: 15.0 MB · 4 SMS sent · 2 received');
    expect(screen.getByText('Usage as of 12/05/2026')).toBeInTheDocument();

    // 15 of 18 MB is 83%: past the 80% warning.
    const allowance = screen.getByTestId('usage-allowance');
    expect(within(allowance).getByRole('heading', { name: 'Plan IoT Basic 18' })).toBeInTheDocument();
    expect(allowance).toHaveTextContent('Used 15.0 of 18 MB · 4 of 100 SMS · period 21/04/2026 – 21/05/2026');
    expect(allowance).toHaveTextContent('Barred past the allowance');
    const bar = within(allowance).getByRole('progressbar', { name: 'Allowance used' });
    expect(bar).toHaveAttribute('aria-valuenow', '83');
    expect(bar).toHaveClass('MuiLinearProgress-colorWarning');

    const read = calls.find((c) => c.url.pathname === '/api/v1/sim/usage')!;
    expect(Object.fromEntries(read.url.searchParams)).toEqual({ iccid: SIM.iccid, days: '30' });
  });

  it('shows the allowance used up in red, with what the plan does past it', async () => {
    renderCard({
      ...USAGE,
      allowance: { ...USAGE.allowance!, usedBytes: 15 * MB, usedSms: 120, overLimitAction: 'THROTTLE' },
    });
    const allowance = await screen.findByTestId('usage-allowance', {}, { timeout: 10_000 });
    expect(allowance).toHaveTextContent('Used 15.0 of 18 MB · 120 of 100 SMS');
    expect(allowance).toHaveTextContent('Slowed past the allowance');
    const bar = within(allowance).getByRole('progressbar', { name: 'Allowance used' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveClass('MuiLinearProgress-colorError');
  });

  it('says when no usage has been ingested, without a chart', async () => {
    renderCard({ ...USAGE, days: makeDays(), allowance: null, ingestedThrough: null });
    expect(await screen.findByText('No usage ingested yet', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('usage-chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('usage-total')).not.toBeInTheDocument();
    expect(screen.getByText('No plan period to measure the usage against')).toBeInTheDocument();
  });

  it('says when the SIM reported nothing in the 30 days ingested', async () => {
    renderCard({ ...USAGE, days: makeDays(), allowance: null });
    expect(await screen.findByText('Nothing reported for this SIM in these 30 days', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('usage-total')).toHaveTextContent('Last 30 days: 0.0 MB · 0 SMS sent · 0 received');
    expect(screen.queryByTestId('usage-chart')).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderCard(USAGE);
    const allowance = await screen.findByTestId('usage-allowance', {}, { timeout: 10_000 });
    expect(allowance).toHaveTextContent('18 में से 15.0 एमबी · 100 में से 4 एसएमएस उपयोग हुए · अवधि 21/04/2026 – 21/05/2026');
    expect(allowance).toHaveTextContent('सीमा के बाद सिम रोक दिया जाता है');
    expect(screen.getByText('12/05/2026 तक का उपयोग')).toBeInTheDocument();
  });

  it('is left out, and nothing read, for a role without SIM details', async () => {
    const calls = renderCard(USAGE, { 'sim-inventory': true });
    await screen.findByText('Signed in', {}, { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'Usage' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/v1/sim/usage')).toBe(false);
  });
});
