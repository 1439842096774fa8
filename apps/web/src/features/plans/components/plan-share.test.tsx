import type { TBlueprint, TPlan } from '@tarang/shared/plans/plan.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makePlan, makeShare } from '../testing/plan-data';
import { PlanShare } from './plan-share';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const STAFF = makeUser({ id: hexId('1') });
const RESELLER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

const CHILD = { id: hexId('c'), tradeName: 'Gram Meter Co', parentId: ORG_A.id };
const SECOND_CHILD = { id: hexId('5'), tradeName: 'Nagar Trackers', parentId: ORG_A.id };
const GRANDCHILD = { id: hexId('6'), tradeName: 'Village Pumps', parentId: CHILD.id };
const ORGANIZATIONS = [{ id: ORG_A.id, tradeName: ORG_A.tradeName, parentId: null }, CHILD, SECOND_CHILD, GRANDCHILD];

const OWN_BLUEPRINT = hexId('d');
const PLAN = makePlan();
/** The reseller's own share (from the provider), a share it made to a child, and one its child made further down. */
const OWN = makeShare({ id: OWN_BLUEPRINT, organizationId: ORG_A.id, price: 150000, sharerPrice: 150000 });
const TO_CHILD = makeShare({
  id: hexId('7'),
  organizationId: CHILD.id,
  organization: { id: CHILD.id, tradeName: CHILD.tradeName },
  price: 175000,
  parentBlueprintId: OWN_BLUEPRINT,
  sharerPrice: 150000,
  sharedBy: { organizationId: ORG_A.id, label: ORG_A.tradeName },
});
const FURTHER_DOWN = makeShare({
  id: hexId('8'),
  organizationId: GRANDCHILD.id,
  organization: { id: GRANDCHILD.id, tradeName: GRANDCHILD.tradeName },
  price: 190000,
  parentBlueprintId: TO_CHILD.id,
  sharerPrice: 175000,
  sharedBy: { organizationId: CHILD.id, label: CHILD.tradeName },
});

type TAnswer = { status?: number; body: unknown };

function renderShare({
  me,
  id,
  plan,
  shares,
  onShare = () => ({ status: 201, body: { success: true, message: 'Plan shared', data: TO_CHILD } }),
}: {
  me: typeof STAFF;
  id: string;
  plan: TPlan;
  shares: TBlueprint[];
  onShare?: () => TAnswer;
}) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom({ plans: true, organisation: true }), (url, init) => {
      const method = init.method ?? 'GET';
      const ok = (data: unknown, meta?: unknown) => ({ body: { success: true, data, meta } });
      if (url.pathname === '/api/v1/plans/share' && method === 'POST') return onShare();
      if (url.pathname === '/api/v1/plans/share') return ok(shares, { page: 1, limit: 500, total: shares.length });
      if (url.pathname === `/api/v1/plans/share/${OWN_BLUEPRINT}`) return ok(OWN);
      if (url.pathname === `/api/v1/plans/${plan.id}`) return ok(plan);
      if (url.pathname === '/api/v1/organization') {
        const visible = me.organization
          ? ORGANIZATIONS
          : [...ORGANIZATIONS, { id: hexId('b'), tradeName: 'Urja Smart Meters', parentId: null }];
        return ok(visible, { page: 1, limit: 500, total: visible.length });
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <PlanShare id={id} ownOrganizationId={me.organization?.id ?? null} />
    </SignedIn>,
    { route: `/plans/share/${id}` },
  );
  return { calls: fetchMock.calls };
}

const resellerPlan = makePlan({ basePrice: null, price: 150000, blueprintId: OWN_BLUEPRINT, sharedCount: 1 });

describe('PlanShare', () => {
  it('shows staff the base price and the shares the provider made, with their margins', async () => {
    const fromProvider = makeShare({ id: hexId('9'), organizationId: ORG_A.id, price: 150000, sharerPrice: 123450 });
    const { calls } = renderShare({ me: STAFF, id: PLAN.id, plan: PLAN, shares: [fromProvider, TO_CHILD] });
    const list = await screen.findByTestId('plan-shares', {}, { timeout: 10_000 });
    expect(screen.getByText('Base price')).toBeInTheDocument();
    expect(screen.getAllByText('₹1,234.50').length).toBeGreaterThan(0);
    const row = (await within(list).findByText('Sanchar Connect')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('₹1,500.00')).toBeInTheDocument();
    expect(within(row).getByText('₹265.50')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Change the price for Sanchar Connect' })).toHaveAttribute(
      'href',
      `/plans/share/edit/${fromProvider.id}`,
    );
    // A reseller's own share further down is not the provider's.
    expect(within(list).queryByText(CHILD.tradeName)).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/v1/plans/share')!.url.searchParams.get('planId')).toBe(PLAN.id);
  });

  it('lets a reseller share with its own children only, showing the margin live and sending paise', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { calls } = renderShare({ me: RESELLER, id: OWN_BLUEPRINT, plan: resellerPlan, shares: [OWN, FURTHER_DOWN] });
    await screen.findByTestId('plan-shares', {}, { timeout: 10_000 });
    expect(screen.getByText('Your price')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Organisation/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([CHILD.tradeName, SECOND_CHILD.tradeName]);
    await user.click(screen.getByRole('option', { name: SECOND_CHILD.tradeName }));
    const price = screen.getByLabelText(/^Price per SIM/);
    expect(price).toHaveAccessibleDescription('The margin is the price less ₹1,500.00');
    await user.type(price, '1600.5');
    expect(price).toHaveAccessibleDescription(/^Margin: ₹100\.50 per SIM \(the price less ₹1,500\.00\)/);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Plan shared'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ planId: PLAN.id, organizationId: SECOND_CHILD.id, price: 160050 });
  });

  it('refuses a price below the reseller’s own before sending it', async () => {
    const { calls } = renderShare({ me: RESELLER, id: OWN_BLUEPRINT, plan: resellerPlan, shares: [OWN] });
    await screen.findByTestId('plan-shares', {}, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: CHILD.tradeName }));
    const price = screen.getByLabelText(/^Price per SIM/);
    await user.type(price, '1400');
    expect(price).toHaveAccessibleDescription(/^Margin: -₹100\.00 per SIM/);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('The price must be at least ₹1,500.00, what you pay for this plan (got ₹1,400.00)')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s 422 on the price under the price field', async () => {
    const { calls } = renderShare({
      me: RESELLER,
      id: OWN_BLUEPRINT,
      plan: resellerPlan,
      shares: [OWN],
      onShare: () => ({
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: 'price: The price must be at least ₹1,550.00, what you pay for this plan (got ₹1,520.00)',
          errors: [{ path: 'price', message: 'The price must be at least ₹1,550.00, what you pay for this plan (got ₹1,520.00)' }],
        },
      }),
    });
    await screen.findByTestId('plan-shares', {}, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: CHILD.tradeName }));
    const price = screen.getByLabelText(/^Price per SIM/);
    await user.type(price, '1520');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription('The price must be at least ₹1,550.00, what you pay for this plan (got ₹1,520.00)');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ price: 152000 });
  });

  it('lets staff share below the base price (the provider sets its own prices), showing the negative margin', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { calls } = renderShare({ me: STAFF, id: PLAN.id, plan: PLAN, shares: [] });
    await screen.findByTestId('plan-shares', {}, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: 'Urja Smart Meters' }));
    const price = screen.getByLabelText(/^Price per SIM/);
    await user.type(price, '1000');
    expect(price).toHaveAccessibleDescription(/^Margin: -₹234\.50 per SIM \(the price less ₹1,234\.50\)/);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ planId: PLAN.id, organizationId: hexId('b'), price: 100000 });
  });

  it('lists the shares the reseller made, not its own nor its children’s', async () => {
    renderShare({ me: RESELLER, id: OWN_BLUEPRINT, plan: resellerPlan, shares: [OWN, TO_CHILD, FURTHER_DOWN] });
    const list = await screen.findByTestId('plan-shares', {}, { timeout: 10_000 });
    const row = (await within(list).findByText(CHILD.tradeName)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('₹1,750.00')).toBeInTheDocument();
    expect(within(row).getByText('₹250.00')).toBeInTheDocument();
    expect(within(list).queryByText(GRANDCHILD.tradeName)).not.toBeInTheDocument();
    expect(within(list).queryByText(ORG_A.tradeName)).not.toBeInTheDocument();
  });
});
