import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePreview, makeRequest } from '@/features/requests/testing/make-request';
import { watchedRequests } from '@/features/requests/utils/watched-requests';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeIpGroup, makeSimWhitelist } from '../testing/whitelist-data';
import { SimWhitelistEdit } from './sim-whitelist-edit';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });
const SIM = '8991100000000010001';
const TELEMETRY = makeIpGroup();
const HEAD_ENDS = makeIpGroup({ id: hexId('c'), name: 'Meter head ends' });
/** The SIM's profile, and another SIM whose ICCID starts the same. */
const PRIMARY = makeSimWhitelist({ state: 'DRIFTED', error: 'AIRTEL holds no IP whitelist on this SIM' });
const OTHER = makeSimWhitelist({
  iccid: '89911000000000100012',
  simId: hexId('e'),
  primaryIccid: '89911000000000100012',
  operator: 'BSNL',
});
/** The SIM's second profile, at another operator: its ICCID does not start like the SIM's. */
const SECOND = makeSimWhitelist({ iccid: '8991200000000020002', operator: 'VI', state: 'APPLIED', error: null });

type TAnswer = { status?: number; body: unknown };

function setup({ rows = [PRIMARY, OTHER, SECOND], put }: { rows?: unknown[]; put?: () => TAnswer } = {}) {
  const calls: { url: URL; method: string; body: Record<string, unknown>; key: string | null }[] = [];
  const reads: URL[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(CUSTOMER, scopesFrom({ 'whitelist-ip': true, 'ip-group': true, request: true }), (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/whitelist/ip' && method === 'GET') {
        reads.push(url);
        // As the API reads it: profiles whose ICCID starts with the one given, or the profiles of one SIM.
        const simId = url.searchParams.get('simId');
        const data = (rows as { iccid: string; simId: string }[]).filter((r) =>
          simId ? r.simId === simId : r.iccid.startsWith(url.searchParams.get('iccid') ?? ''),
        );
        return { body: { success: true, data, meta: { page: 1, limit: 100, total: data.length, states: {} } } };
      }
      if (url.pathname === '/api/v1/whitelist/ip-group' && method === 'GET') {
        const data = [TELEMETRY, HEAD_ENDS];
        return { body: { success: true, data, meta: { page: 1, limit: 500, total: data.length } } };
      }
      if (url.pathname === '/api/v1/whitelist/ip' && method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push({ url, method, body, key: (init.headers as Record<string, string> | undefined)?.['idempotency-key'] ?? null });
        if (put) return put();
        const request = makeRequest({ id: hexId('7'), batchJobId: 'BJ00000078', type: 'WHITELIST_IP', simsCount: 2 });
        const preview = makePreview({ type: 'WHITELIST_IP', total: 1, valid: 1, invalid: 0, rows: [], reasons: {} });
        return { status: 201, body: { success: true, message: 'Request BJ00000078 created', data: { request, preview, replayed: false } } };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <SimWhitelistEdit kind="IP" iccid={SIM} />
    </SignedIn>,
  );
  return { calls, reads };
}

describe('SimWhitelistEdit', () => {
  it('shows what the SIM holds, then puts another group on the SIM with PUT once confirmed', async () => {
    const user = userEvent.setup();
    const { calls, reads } = setup();
    const current = await screen.findByTestId('current-whitelist', {}, { timeout: 10_000 });
    expect(reads[0]!.searchParams.get('iccid')).toBe(SIM);
    // Every profile of this SIM (read by its id), not another SIM whose ICCID starts with it.
    await waitFor(() => expect(reads.some((r) => r.searchParams.get('simId') === PRIMARY.simId)).toBe(true));
    await waitFor(() => expect(within(current).getAllByRole('row')).toHaveLength(3));
    const rows = within(current).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([PRIMARY.iccid, SECOND.iccid]);
    expect(rows[0]).toHaveTextContent('AIRTEL');
    expect(rows[0]).toHaveTextContent('Found: AIRTEL holds no IP whitelist on this SIM');

    // The group it holds is no change.
    await user.click(screen.getByRole('combobox', { name: /IP group/ }));
    expect(screen.getByRole('option', { name: /Telemetry back ends/ })).toHaveTextContent('holds it now');
    await user.click(screen.getByRole('option', { name: /Telemetry back ends/ }));
    expect(screen.getByRole('combobox', { name: /IP group/ })).toHaveAccessibleDescription(
      'The SIM already holds this group: choose another, or Re-sync it from the list.',
    );
    expect(screen.getByRole('button', { name: 'Put Telemetry back ends on this SIM' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: /IP group/ }));
    await user.click(screen.getByRole('option', { name: /Meter head ends/ }));
    await user.click(screen.getByRole('button', { name: 'Put Meter head ends on this SIM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the group?' });
    expect(dialog).toHaveTextContent(`Meter head ends goes onto every profile of SIM ${SIM}, in place of the IP whitelist it holds.`);
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Change the group' }));

    const made = await screen.findByTestId('request-made');
    expect(made).toHaveTextContent('Request BJ00000078 created');
    expect(within(made).getByRole('link', { name: 'IP whitelists' })).toHaveAttribute('href', '/white-listing/ip');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.body).toEqual({ groupId: HEAD_ENDS.id, iccids: [SIM] });
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(watchedRequests(CUSTOMER.id).map((w) => w.batchJobId)).toEqual(['BJ00000078']);
  });

  it('says when the SIM holds no whitelist yet, and shows a refusal of the change', async () => {
    const user = userEvent.setup();
    const message = "1 of the SIMs do not belong to Meter head ends's organisation or one below it";
    const { calls } = setup({
      rows: [],
      put: () => ({
        status: 422,
        body: { success: false, code: 'UNPROCESSABLE', message: `iccids: ${message}`, errors: [{ path: 'iccids', message }] },
      }),
    });
    expect(await screen.findByTestId('no-whitelist', {}, { timeout: 10_000 })).toHaveTextContent(`SIM ${SIM} holds no IP whitelist yet.`);
    await user.click(screen.getByRole('combobox', { name: /IP group/ }));
    await user.click(screen.getByRole('option', { name: /Meter head ends/ }));
    await user.click(screen.getByRole('button', { name: 'Put Meter head ends on this SIM' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change the group' }));
    expect(await screen.findByTestId('submit-error')).toHaveTextContent(message);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId('request-made')).not.toBeInTheDocument();
  });
});
