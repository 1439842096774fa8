import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import type { TBlueprint } from '@tarang/shared/plans/plan.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TUser } from '@tarang/shared/users/user.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ICCID_A, ICCID_B, ICCID_C, makePreview } from '@/features/requests/testing/make-request';
import { hexId, makeUser, ORG_A, ORG_B, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeActivation, makePlan } from '../testing/make-activation';
import { ActivationForm, type TActivationEntry } from './activation-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const BUYER = makeUser({ id: hexId('2'), organization: ORG_A, role: { id: hexId('8'), name: 'Org Admin' } });
const STAFF = makeUser({ id: hexId('1') });
const FLEET = makePlan();
const CITY = makePlan({ id: hexId('6'), name: 'City 500 MB', price: 9_900, blueprintId: hexId('7'), validityDays: 90 });

type TCall = { body: Record<string, unknown>; key: string | null };
type TAnswer = { status?: number; body: unknown };

function blueprint(overrides: Partial<TBlueprint>): TBlueprint {
  return {
    id: hexId('5'),
    planId: FLEET.id,
    plan: { id: FLEET.id, name: FLEET.name, status: 'ACTIVE' },
    organizationId: ORG_B.id,
    organization: { id: ORG_B.id, tradeName: ORG_B.tradeName },
    price: 12_000,
    parentBlueprintId: null,
    sharerPrice: 10_000,
    sharedBy: { organizationId: null, label: 'Provider' },
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

function setup(
  options: {
    me?: TUser;
    entry?: TActivationEntry;
    /** The wallet's available balance, in paise. */
    available?: number;
    /** The answer of each POST /activation that is not a dry run (n counts them from 1). */
    create?: (n: number, body: Record<string, unknown>) => 'network' | TAnswer | null;
  } = {},
) {
  const me = options.me ?? BUYER;
  const buyer = me.organization ?? ORG_B;
  let available = options.available ?? 100_000;
  const calls: TCall[] = [];
  const reads: URL[] = [];
  let creates = 0;
  const created = makeActivation({ organizationId: buyer.id, organization: { id: buyer.id, tradeName: buyer.tradeName } });
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom({ activation: true, plans: true, wallet: true, organisation: true }), (url, init) => {
      const method = init.method ?? 'GET';
      if (method === 'GET') reads.push(url);
      if (url.pathname === '/api/v1/plans' && method === 'GET') {
        const data = me.organization
          ? [FLEET, CITY]
          : [FLEET, CITY].map((p) => ({ ...p, blueprintId: null, basePrice: 10_000, price: 10_000 }));
        return { body: { success: true, data, meta: { page: 1, limit: 500, total: data.length } } };
      }
      if (url.pathname === '/api/v1/plans/share' && method === 'GET') {
        const data = url.searchParams.get('organizationId') === ORG_B.id ? [blueprint({})] : [];
        return { body: { success: true, data, meta: { page: 1, limit: 500, total: data.length } } };
      }
      if (url.pathname === '/api/v1/organization' && method === 'GET') {
        const data = [ORG_A, ORG_B].map((o) => ({ ...o, parentId: null }));
        return { body: { success: true, data, meta: { page: 1, limit: 500, total: 2 } } };
      }
      if (url.pathname === '/api/v1/wallet' && method === 'GET') {
        const organizationId = url.searchParams.get('organizationId');
        const wallet = { id: hexId('4'), organizationId, balance: available, blocked: 0, available, lowBalanceThreshold: null };
        return {
          body: { success: true, data: [{ ...wallet, updatedAt: '2026-11-20T04:30:00.000Z' }], meta: { page: 1, limit: 25, total: 1 } },
        };
      }
      if (url.pathname === '/api/v1/activation' && method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        const key = (init.headers as Record<string, string> | undefined)?.['idempotency-key'] ?? null;
        calls.push({ body, key });
        const price = body.blueprintId === CITY.blueprintId ? CITY.price : body.blueprintId === hexId('5') ? 12_000 : FLEET.price;
        const preview = makePreview({ type: 'ACTIVATE', rows: [{ row: 3, iccid: ICCID_A, reason: 'Listed twice (first at row 1)' }] });
        const cost = { price, sims: preview.valid, amount: price * preview.valid, available };
        if (body.dryRun) return { body: { success: true, data: { activation: null, preview, cost, replayed: false } } };
        creates++;
        const answer = options.create?.(creates, body) ?? null;
        if (answer === 'network') throw new TypeError('Failed to fetch');
        if (answer) {
          // The wallet was spent elsewhere between the check and the confirmation.
          available = 20_000;
          return answer;
        }
        return {
          status: 201,
          body: { success: true, message: 'Activation BJ00000042 created', data: { activation: created, preview, cost, replayed: false } },
        };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  const onCreated = vi.fn<(a: TActivation) => void>();
  renderWithProviders(
    <SignedIn>
      <ActivationForm entry={options.entry} onCreated={onCreated} />
    </SignedIn>,
  );
  return { calls, reads, onCreated, created };
}

async function choosePlan(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(await screen.findByRole('combobox', { name: /Plan/ }, { timeout: 10_000 }));
  await user.click(await screen.findByRole('option', { name }));
}

async function pasteAndCheck(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('textbox', { name: 'ICCIDs' }));
  await user.paste(`${ICCID_A}\n${ICCID_B}\n${ICCID_A}`);
  await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
  return await screen.findByTestId('cost-summary');
}

describe('ActivationForm', () => {
  it('shows price × SIMs against the wallet, then sends the activation once with one Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { calls, onCreated, created } = setup({ available: 100_000, create: (n) => (n === 1 ? 'network' : null) });
    // The plans shared with the organisation, each at its own price per SIM.
    await user.click(await screen.findByRole('combobox', { name: /Plan/ }, { timeout: 10_000 }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Fleet 1 GB₹150.00 per SIM', 'City 500 MB₹99.00 per SIM']);
    await user.click(screen.getByRole('option', { name: /Fleet 1 GB/ }));
    expect(screen.getByText('30 days · 1,024 MB data · 100 SMS')).toBeInTheDocument();
    expect(await screen.findByTestId('buyer-wallet')).toHaveTextContent('Wallet of Sanchar Connect: ₹1,000.00 available');

    const summary = await pasteAndCheck(user);
    expect(within(summary).getByTestId('cost-price')).toHaveTextContent('₹150.00');
    expect(within(summary).getByTestId('cost-sims')).toHaveTextContent('2');
    expect(within(summary).getByTestId('cost-amount')).toHaveTextContent('₹150.00 × 2 = ₹300.00');
    expect(within(summary).getByTestId('cost-available')).toHaveTextContent('₹1,000.00');
    expect(within(summary).getByTestId('cost-after')).toHaveTextContent('₹700.00');
    expect(summary).toHaveTextContent('₹300.00 will be held on the wallet at once.');
    expect(screen.queryByTestId('cost-short')).not.toBeInTheDocument();
    // The per-SIM validation is the request screen's.
    expect(screen.getByTestId('preview-summary')).toHaveTextContent('2 of 3 SIMs can take Activate; 1 cannot.');
    expect(calls[0]!.body).toEqual({ blueprintId: FLEET.blueprintId, iccids: [ICCID_A, ICCID_B, ICCID_A], dryRun: true });
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);

    // Nothing goes until the user agrees to leave the invalid SIM out, then confirms the money.
    const submit = screen.getByRole('button', { name: 'Activate 2 SIMs for ₹300.00' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Leave out the SIM that cannot take it/ }));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Activate the SIMs?' });
    expect(dialog).toHaveTextContent('₹300.00 is held on the wallet of Sanchar Connect now, and 2 SIMs get Fleet 1 GB.');
    await user.click(within(dialog).getByRole('button', { name: 'Hold the money and activate' }));
    expect(await screen.findByTestId('submit-error')).toHaveTextContent('There is an error!');
    expect(onCreated).not.toHaveBeenCalled();

    // The retry is the same submission: the same key.
    await user.click(await screen.findByRole('button', { name: 'Activate 2 SIMs for ₹300.00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hold the money and activate' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const sends = calls.filter((c) => !c.body.dryRun);
    expect(sends).toHaveLength(2);
    expect(sends[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sends[0]!.key).not.toBe(calls[0]!.key);
    expect(sends[1]!.key).toBe(sends[0]!.key);
    expect(sends[1]!.body).toEqual({ blueprintId: FLEET.blueprintId, iccids: [ICCID_A, ICCID_B, ICCID_A], proceedWithValid: true });
  }, 40_000);

  it('warns and sends nothing while the wallet has less than price × SIMs', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ available: 29_999 });
    await choosePlan(user, /Fleet 1 GB/);
    const summary = await pasteAndCheck(user);
    expect(within(summary).getByTestId('cost-amount')).toHaveTextContent('₹150.00 × 2 = ₹300.00');
    expect(within(summary).getByTestId('cost-after')).toHaveTextContent('-₹0.01');
    expect(within(summary).getByTestId('cost-short')).toHaveTextContent(
      'Not enough money in the wallet: ₹299.99 available, ₹300.00 needed (₹0.01 short). Add money to the wallet or activate fewer SIMs.',
    );
    await user.click(screen.getByRole('checkbox', { name: /Leave out/ }));
    const submit = screen.getByRole('button', { name: 'Activate 2 SIMs for ₹300.00' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('The wallet cannot pay for this activation.')).toBeInTheDocument();
    expect(calls.filter((c) => !c.body.dryRun)).toHaveLength(0);

    // A cheaper plan fits: the check is stale until it runs again.
    await choosePlan(user, /City 500 MB/);
    expect(screen.queryByTestId('cost-summary')).not.toBeInTheDocument();
    expect(screen.getByText('The plan or the SIMs changed since the last check: check again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    expect(within(await screen.findByTestId('cost-summary')).getByTestId('cost-after')).toHaveTextContent('₹101.99');
    expect(screen.queryByTestId('cost-short')).not.toBeInTheDocument();
  }, 40_000);

  it("shows the server's refusal when the money went elsewhere meanwhile, and checks again", async () => {
    const user = userEvent.setup();
    const refusal = {
      status: 422,
      body: {
        success: false,
        code: 'UNPROCESSABLE',
        message: 'Not enough money in the wallet: available ₹200.00, needed ₹300.00',
        errors: [{ path: 'amount', message: 'Not enough money in the wallet: available ₹200.00, needed ₹300.00' }],
      },
    };
    const { calls, onCreated } = setup({ available: 100_000, create: () => refusal });
    await choosePlan(user, /Fleet 1 GB/);
    await pasteAndCheck(user);
    await user.click(screen.getByRole('checkbox', { name: /Leave out/ }));
    await user.click(screen.getByRole('button', { name: 'Activate 2 SIMs for ₹300.00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hold the money and activate' }));
    expect(await screen.findByTestId('submit-error')).toHaveTextContent(
      'Not enough money in the wallet: available ₹200.00, needed ₹300.00',
    );
    // Checked again: the summary now says what the wallet holds.
    await waitFor(() => expect(screen.getByTestId('cost-short')).toHaveTextContent('₹200.00 available, ₹300.00 needed'));
    expect(calls.filter((c) => c.body.dryRun)).toHaveLength(2);
    expect(onCreated).not.toHaveBeenCalled();
  }, 40_000);

  it("lets staff choose the organisation first, then offers that organisation's plans at its price", async () => {
    const user = userEvent.setup();
    const { calls, reads } = setup({ me: STAFF, available: 50_000 });
    const plan = await screen.findByRole('combobox', { name: /Plan/ }, { timeout: 10_000 });
    expect(plan).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Choose the organisation first.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: ORG_B.tradeName }));
    await choosePlan(user, /Fleet 1 GB/);
    expect(screen.getByRole('combobox', { name: /Plan/ })).toHaveTextContent('₹120.00 per SIM');
    expect(reads.some((u) => u.pathname === '/api/v1/plans/share' && u.searchParams.get('organizationId') === ORG_B.id)).toBe(true);
    expect(await screen.findByTestId('buyer-wallet')).toHaveTextContent(`Wallet of ${ORG_B.tradeName}: ₹500.00 available`);
    const summary = await pasteAndCheck(user);
    expect(within(summary).getByTestId('cost-amount')).toHaveTextContent('₹120.00 × 2 = ₹240.00');
    expect(calls[0]!.body).toEqual({ blueprintId: hexId('5'), iccids: [ICCID_A, ICCID_B, ICCID_A], dryRun: true });
  }, 40_000);

  it("activates the inventory's filter: the first N SIMs by a whole-number limit, nothing about money in the body", async () => {
    const user = userEvent.setup();
    const filter = { status: ['ALLOCATED' as const], organizationId: ORG_A.id };
    const { calls, onCreated } = setup({ entry: { iccids: null, filter, limit: 500 } });
    await choosePlan(user, /City 500 MB/);
    expect(screen.getByTestId('filter-summary')).toHaveTextContent('First 500 by ICCID');
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    await screen.findByTestId('cost-summary');
    await user.click(screen.getByRole('checkbox', { name: /Leave out/ }));
    await user.click(screen.getByRole('button', { name: 'Activate 2 SIMs for ₹198.00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hold the money and activate' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const send = calls.find((c) => !c.body.dryRun)!;
    expect(send.body).toEqual({ blueprintId: CITY.blueprintId, filter, limit: 500, proceedWithValid: true });
    expect(Number.isInteger(send.body.limit)).toBe(true);
    expect(send.key).toMatch(/^[0-9a-f-]{36}$/);
  }, 40_000);

  it('asks for the plan and the SIMs before checking', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await screen.findByRole('combobox', { name: /Plan/ }, { timeout: 10_000 });
    await user.click(screen.getByRole('textbox', { name: 'ICCIDs' }));
    await user.paste(ICCID_C);
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    expect(await screen.findByText('Choose the plan.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
