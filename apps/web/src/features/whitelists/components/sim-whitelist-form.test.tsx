import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ICCID_A, ICCID_B, makePreview, makeRequest } from '@/features/requests/testing/make-request';
import { watchedRequests } from '@/features/requests/utils/watched-requests';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeIpGroup, makeNumberGroup } from '../testing/whitelist-data';
import { SimWhitelistForm } from './sim-whitelist-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });
const TELEMETRY = makeIpGroup();
/** Waiting for its first review: nothing of it can be applied yet. */
const NEW_GROUP = makeIpGroup({ id: hexId('c'), name: 'Meter head ends', reviewStatus: 'PENDING', entries: [] });
const SUPERVISORS = makeNumberGroup();
const EMPTY_NUMBERS = makeNumberGroup({ id: hexId('b'), name: 'Night shift', numbersCount: 0 });

type TAnswer = { status?: number; body: unknown };
type TCall = { url: URL; method: string; body: Record<string, unknown>; key: string | null };

function setup({
  kind = 'IP' as TWhitelistKind,
  refuse,
}: {
  kind?: TWhitelistKind;
  /** The answer of the dry run instead of the preview. */
  refuse?: TAnswer;
} = {}) {
  const path = kind === 'IP' ? '/api/v1/whitelist/ip' : '/api/v1/whitelist/numbers';
  const calls: TCall[] = [];
  const groupReads: URL[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(
      CUSTOMER,
      scopesFrom({ 'whitelist-ip': true, 'whitelist-numbers': true, 'ip-group': true, 'number-group': true, request: true }),
      (url, init) => {
        const method = init.method ?? 'GET';
        if (url.pathname === '/api/v1/whitelist/ip-group' && method === 'GET') {
          groupReads.push(url);
          const data = [TELEMETRY, NEW_GROUP];
          return { body: { success: true, data, meta: { page: 1, limit: 500, total: data.length } } };
        }
        if (url.pathname === '/api/v1/whitelist/number-group' && method === 'GET') {
          groupReads.push(url);
          const data = [SUPERVISORS, EMPTY_NUMBERS];
          return { body: { success: true, data, meta: { page: 1, limit: 500, total: data.length } } };
        }
        if (url.pathname === path && method === 'POST') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          calls.push({ url, method, body, key: (init.headers as Record<string, string> | undefined)?.['idempotency-key'] ?? null });
          const type = kind === 'IP' ? 'WHITELIST_IP' : 'WHITELIST_NUMBER';
          const preview = makePreview({ type });
          if (body.dryRun) {
            if (refuse) return refuse;
            return { body: { success: true, message: '2 of 3 SIMs can take it', data: { request: null, preview, replayed: false } } };
          }
          const request = makeRequest({
            id: hexId('7'),
            batchJobId: 'BJ00000077',
            type,
            simsCount: 3,
            scheduledAt: (body.scheduledAt as string | undefined) ?? null,
          });
          return {
            status: 201,
            body: { success: true, message: 'Request BJ00000077 created', data: { request, preview, replayed: false } },
          };
        }
        return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
      },
    ),
  );
  restore = fetchMock.restore;
  const onCancel = vi.fn();
  renderWithProviders(
    <SignedIn>
      <SimWhitelistForm kind={kind} onCancel={onCancel} />
    </SignedIn>,
  );
  return { calls, groupReads };
}

async function chooseGroup(user: ReturnType<typeof userEvent.setup>, label: string, name: RegExp) {
  await user.click(await screen.findByRole('combobox', { name: new RegExp(label) }, { timeout: 10_000 }));
  await user.click(await screen.findByRole('option', { name }));
}

async function pasteAndCheck(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('textbox', { name: 'ICCIDs' }));
  await user.paste(`${ICCID_A}\n${ICCID_B}\n${ICCID_A}`);
  await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
}

describe('SimWhitelistForm', () => {
  it('offers the groups that can be applied, checks the SIMs with a dry run, then sends the request once confirmed', async () => {
    const user = userEvent.setup();
    const { calls, groupReads } = setup();
    await user.click(await screen.findByRole('combobox', { name: /IP group/ }, { timeout: 10_000 }));
    // A group with no approved entries yet cannot be applied.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Telemetry back ends2 destinations']);
    expect(groupReads[0]!.searchParams.get('status')).toBe('ACTIVE');
    await user.click(screen.getByRole('option', { name: /Telemetry back ends/ }));

    await pasteAndCheck(user);
    expect(await screen.findByTestId('preview-summary')).toHaveTextContent('2 of 3 SIMs can take Whitelist IP; 1 cannot.');
    expect(calls[0]!.body).toEqual({ groupId: TELEMETRY.id, iccids: [ICCID_A, ICCID_B, ICCID_A], dryRun: true });

    // Nothing goes until the user agrees to leave the SIM that cannot take it out, then confirms.
    const submit = screen.getByRole('button', { name: 'Apply Telemetry back ends to 2 SIMs' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Leave out the SIM that cannot take it/ }));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Apply the group?' });
    expect(dialog).toHaveTextContent('Telemetry back ends goes onto every profile of 2 SIMs now, in place of the whitelist each holds.');
    expect(calls).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    const made = await screen.findByTestId('request-made');
    expect(made).toHaveTextContent('Request BJ00000077 created');
    expect(made).toHaveTextContent('It reaches 3 SIM profiles.');
    expect(within(made).getByRole('link', { name: 'View request BJ00000077' })).toHaveAttribute('href', `/request/${hexId('7')}`);
    expect(within(made).getByRole('link', { name: 'IP whitelists' })).toHaveAttribute('href', '/white-listing/ip');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ groupId: TELEMETRY.id, iccids: [ICCID_A, ICCID_B, ICCID_A], proceedWithValid: true });
    expect(calls[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    // The console follows the request and says when it finishes.
    expect(watchedRequests(CUSTOMER.id)).toMatchObject([{ id: hexId('7'), batchJobId: 'BJ00000077', type: 'WHITELIST_IP' }]);
  });

  it('schedules the request at a time typed in India time; the check does not depend on it', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await chooseGroup(user, 'IP group', /Telemetry back ends/);
    await pasteAndCheck(user);
    await screen.findByTestId('preview-summary');
    await user.click(screen.getByRole('checkbox', { name: /Leave out/ }));
    await user.click(screen.getByLabelText('Schedule for later'));
    fireEvent.change(screen.getByLabelText('Start at (India time)'), { target: { value: '2030-01-15T09:30' } });
    // Still the same check: no second dry run is asked for.
    await user.click(screen.getByRole('button', { name: 'Apply Telemetry back ends to 2 SIMs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply the group?' });
    expect(dialog).toHaveTextContent('at 15/01/2030 09:30 AM');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const made = await screen.findByTestId('request-made');
    expect(made).toHaveTextContent('It starts at 15/01/2030 09:30 AM (India time)');
    expect(calls.map((c) => c.body.dryRun ?? false)).toEqual([true, false]);
    expect(calls[1]!.body).toEqual({
      groupId: TELEMETRY.id,
      iccids: [ICCID_A, ICCID_B, ICCID_A],
      scheduledAt: '2030-01-15T04:00:00.000Z',
      proceedWithValid: true,
    });
  });

  it('says under the picker why the group cannot be applied', async () => {
    const user = userEvent.setup();
    const message = 'This IP group is inactive: activate it first';
    setup({
      refuse: {
        status: 422,
        body: { success: false, code: 'UNPROCESSABLE', message: `groupId: ${message}`, errors: [{ path: 'groupId', message }] },
      },
    });
    await chooseGroup(user, 'IP group', /Telemetry back ends/);
    await pasteAndCheck(user);
    const picker = screen.getByRole('combobox', { name: /IP group/ });
    await waitFor(() => expect(picker).toHaveAccessibleDescription(message));
    expect(screen.getByTestId('submit-error')).toHaveTextContent(message);
    expect(screen.queryByTestId('request-preview')).not.toBeInTheDocument();
  });

  it('asks for the group and the SIMs before checking', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await screen.findByRole('combobox', { name: /IP group/ }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    expect(await screen.findByText('Choose the group.')).toBeInTheDocument();
    expect(screen.getByText('Give at least one ICCID.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('puts a number group with numbers on SIMs through /whitelist/numbers', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ kind: 'NUMBER' });
    await user.click(await screen.findByRole('combobox', { name: /Number group/ }, { timeout: 10_000 }));
    // A number group without numbers cannot be applied.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Fleet supervisors2 numbers']);
    await user.click(screen.getByRole('option', { name: /Fleet supervisors/ }));
    await pasteAndCheck(user);
    expect(await screen.findByTestId('preview-summary')).toHaveTextContent('2 of 3 SIMs can take Whitelist numbers; 1 cannot.');
    expect(calls[0]!.url.pathname).toBe('/api/v1/whitelist/numbers');
    expect(calls[0]!.body).toEqual({ groupId: SUPERVISORS.id, iccids: [ICCID_A, ICCID_B, ICCID_A], dryRun: true });
  });
});
