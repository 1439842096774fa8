import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import type { TGatewaySettings } from '../api/operator-gateways';
import { OperatorGateways } from './operator-gateways';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const STAFF = makeUser({ id: hexId('1') });
const EDITOR = { 'mno-job-report': true, request: ['reinitiate'] } as const;
const READER = { 'mno-job-report': true, request: ['viewDetails'] } as const;

function gateway(overrides: Partial<TGatewaySettings> & Pick<TGatewaySettings, 'operator'>): TGatewaySettings {
  return {
    adapter: 'simulator',
    batchSize: 500,
    ratePerSecond: 0,
    timeoutMs: 30_000,
    maxAttempts: 3,
    latencyMs: 200,
    processingMs: 1500,
    failureRate: 0.02,
    transientFailureRate: 0.125,
    outage: false,
    whitelistIpLimit: 50,
    whitelistNumberLimit: 100,
    updatedAt: '2026-11-22T04:30:00.000Z',
    ...overrides,
  };
}

type TAnswer = { status?: number; body: unknown };

function setup(
  scopes: Parameters<typeof scopesFrom>[0],
  put: (operator: string, body: Record<string, unknown>, current: TGatewaySettings) => TAnswer = (_operator, body, current) => ({
    body: { success: true, message: 'Settings saved', data: { ...current, ...body, updatedAt: '2026-11-23T09:15:00.000Z' } },
  }),
) {
  let rows = [
    gateway({ operator: 'AIRTEL', ratePerSecond: 20 }),
    gateway({ operator: 'BSNL', adapter: 'manual', timeoutMs: 800 }),
    gateway({ operator: 'VI', outage: true, failureRate: 0, transientFailureRate: 0 }),
  ];
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(STAFF, scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/v1/operator-gateway' && method === 'GET') return { body: { success: true, data: rows } };
      const operator = /^\/api\/v1\/operator-gateway\/(\w+)$/.exec(url.pathname)?.[1];
      const current = rows.find((r) => r.operator === operator);
      if (current && method === 'PUT') {
        const answer = put(current.operator, body, current);
        if ((answer.status ?? 200) === 200) {
          const saved = (answer.body as { data: TGatewaySettings }).data;
          rows = rows.map((r) => (r.operator === saved.operator ? saved : r));
        }
        return answer;
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <OperatorGateways />
    </SignedIn>,
  );
  return { calls };
}

/** The values of an operator's card, by their labels. */
function cardValues(operator: string): Record<string, string> {
  const card = screen.getByRole('region', { name: operator });
  return Object.fromEntries(Array.from(card.querySelectorAll('dt'), (dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']));
}

const findCard = (operator: string) => screen.findByRole('region', { name: operator }, { timeout: 10_000 });

describe('OperatorGateways', () => {
  it("shows each operator's gateway: adapter, outage, limits and the simulator's behaviour", async () => {
    setup(EDITOR);
    const airtel = await findCard('AIRTEL');
    expect(cardValues('AIRTEL')).toEqual({
      'Batch size': '500',
      Rate: '20 SIMs/s',
      Timeout: '30 s',
      Attempts: '3',
      'Answer delay': '200 ms',
      'Processing time': '1.5 s',
      'Rejected SIMs': '2%',
      'Busy answers': '12.5%',
      'Last changed': '22/11/2026 10:00 AM',
    });
    expect(within(airtel).getByText('Simulator')).toBeInTheDocument();
    expect(within(airtel).queryByText('Outage', { selector: '.MuiChip-label' })).not.toBeInTheDocument();

    const bsnl = screen.getByRole('region', { name: 'BSNL' });
    expect(within(bsnl).getByText('By hand')).toBeInTheDocument();
    expect(cardValues('BSNL')).toMatchObject({ Rate: 'No limit', Timeout: '800 ms' });

    const vi = screen.getByRole('region', { name: 'VI' });
    expect(within(vi).getByText('Outage', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(cardValues('VI')).toMatchObject({ 'Rejected SIMs': '0%', 'Busy answers': '0%' });
    expect(within(vi).getByRole('switch', { name: 'Outage at VI' })).toBeChecked();
    expect(within(airtel).getByRole('button', { name: 'Edit the gateway of AIRTEL' })).toBeInTheDocument();
  });

  it('saves only the changed fields, the percentages as shares, and shows the new values', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const user = userEvent.setup();
    const { calls } = setup(EDITOR);
    await user.click(within(await findCard('AIRTEL')).getByRole('button', { name: 'Edit the gateway of AIRTEL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gateway of AIRTEL' });
    expect(within(dialog).getByRole('textbox', { name: 'Rejected SIMs' })).toHaveValue('2');
    expect(within(dialog).getByRole('textbox', { name: 'Busy answers' })).toHaveValue('12.5');

    const batch = within(dialog).getByRole('textbox', { name: 'Batch size' });
    await user.clear(batch);
    await user.type(batch, '250');
    const rejected = within(dialog).getByRole('textbox', { name: 'Rejected SIMs' });
    await user.clear(rejected);
    await user.type(rejected, '5');
    await user.click(within(dialog).getByRole('combobox', { name: 'Adapter' }));
    await user.click(await screen.findByRole('option', { name: 'By hand' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      { method: 'PUT', path: '/api/v1/operator-gateway/AIRTEL', body: { batchSize: 250, failureRate: 0.05, adapter: 'manual' } },
    ]);
    expect(success).toHaveBeenCalledWith('Settings saved');
    await waitFor(() => expect(cardValues('AIRTEL')).toMatchObject({ 'Batch size': '250', 'Rejected SIMs': '5%' }));
    expect(cardValues('AIRTEL')['Last changed']).toBe('23/11/2026 02:45 PM');
    expect(within(screen.getByRole('region', { name: 'AIRTEL' })).getByText('By hand')).toBeInTheDocument();
  });

  it('checks the values before sending, and sends nothing when nothing changed', async () => {
    const info = vi.spyOn(notify, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    const { calls } = setup(EDITOR);
    await user.click(within(await findCard('BSNL')).getByRole('button', { name: 'Edit the gateway of BSNL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gateway of BSNL' });
    const batch = within(dialog).getByRole('textbox', { name: 'Batch size' });
    await user.clear(batch);
    await user.type(batch, '0');
    const busy = within(dialog).getByRole('textbox', { name: 'Busy answers' });
    await user.clear(busy);
    await user.type(busy, '150');
    const attempts = within(dialog).getByRole('textbox', { name: 'Attempts' });
    await user.clear(attempts);
    await user.type(attempts, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(batch).toHaveAccessibleDescription('From 1 to 10,000'));
    expect(busy).toHaveAccessibleDescription('From 0 to 100');
    expect(attempts).toHaveAccessibleDescription('Enter a whole number');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(batch);
    await user.type(batch, '500');
    await user.clear(busy);
    await user.type(busy, '12.5');
    await user.clear(attempts);
    await user.type(attempts, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(info).toHaveBeenCalledWith('Nothing changed');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("puts the server's field errors on the field they are about", async () => {
    const user = userEvent.setup();
    const { calls } = setup(EDITOR, () => ({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'timeoutMs: Longer than the operator allows',
        errors: [{ path: 'body.timeoutMs', message: 'Longer than the operator allows' }],
      },
    }));
    await user.click(within(await findCard('VI')).getByRole('button', { name: 'Edit the gateway of VI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gateway of VI' });
    const timeout = within(dialog).getByRole('textbox', { name: 'Timeout' });
    await user.clear(timeout);
    await user.type(timeout, '600000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(timeout).toHaveAccessibleDescription('Longer than the operator allows'));
    expect(timeout).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ timeoutMs: 600_000 }]);
    expect(screen.getByRole('dialog', { name: 'Gateway of VI' })).toBeInTheDocument();
  });

  it('turns an outage on and off with one switch', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const user = userEvent.setup();
    const { calls } = setup(EDITOR);
    const airtel = await findCard('AIRTEL');
    await user.click(within(airtel).getByRole('switch', { name: 'Outage at AIRTEL' }));
    await waitFor(() => expect(within(airtel).getByText('Outage', { selector: '.MuiChip-label' })).toBeInTheDocument());
    expect(within(airtel).getByRole('switch', { name: 'Outage at AIRTEL' })).toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/v1/operator-gateway/AIRTEL', body: { outage: true } },
    ]);
    expect(success).toHaveBeenCalledWith('Settings saved');
  });

  it('shows the values read-only to staff who may not change them', async () => {
    const { calls } = setup(READER);
    const airtel = await findCard('AIRTEL');
    expect(cardValues('AIRTEL')).toMatchObject({ 'Batch size': '500', 'Rejected SIMs': '2%' });
    expect(within(screen.getByRole('region', { name: 'VI' })).getByText('Outage', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(airtel).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
