import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeShare } from '../testing/plan-data';
import { EditShare, shareScreenHref } from './share-edit-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const RESELLER = makeUser({ id: hexId('2'), organization: ORG_A });
const SHARE = makeShare({
  id: hexId('7'),
  organizationId: hexId('c'),
  organization: { id: hexId('c'), tradeName: 'Gram Meter Co' },
  price: 175000,
  parentBlueprintId: hexId('d'),
  sharerPrice: 150000,
  sharedBy: { organizationId: ORG_A.id, label: ORG_A.tradeName },
});

function renderEdit(share = SHARE) {
  const onSaved = vi.fn();
  const fetchMock = answerFetch(
    sessionAnswers(RESELLER, scopesFrom({ plans: true }), (url, init) => {
      if (url.pathname === `/api/v1/plans/share/${share.id}` && init.method === 'PUT') {
        return { body: { success: true, message: 'Price updated', data: { ...share, price: 180000 } } };
      }
      if (url.pathname === `/api/v1/plans/share/${share.id}`) return { body: { success: true, data: share } };
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <EditShare id={share.id} ownOrganizationId={ORG_A.id} onSaved={onSaved} onCancel={() => {}} />
    </SignedIn>,
  );
  return { calls: fetchMock.calls, onSaved };
}

describe('EditShare', () => {
  it('shows the reseller’s own price and the margin, and sends the new price in paise', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { calls, onSaved } = renderEdit();
    const price = await screen.findByLabelText(/^Price per SIM/, {}, { timeout: 10_000 });
    expect(price).toHaveValue('1750');
    expect(screen.getByLabelText('Your price')).toHaveValue('₹1,500.00');
    expect(screen.getByLabelText('Organisation')).toHaveValue('Gram Meter Co');
    expect(price).toHaveAccessibleDescription(/^Margin: ₹250\.00 per SIM/);
    expect(screen.getByText(/The new price applies to activations made from now on/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(price);
    await user.type(price, '1800');
    expect(price).toHaveAccessibleDescription(/^Margin: ₹300\.00 per SIM/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ price: 180000 });
  });

  it('does not let an organisation change the price it was given', async () => {
    renderEdit(makeShare({ id: hexId('7'), organizationId: ORG_A.id, price: 150000, sharerPrice: 150000 }));
    expect(
      await screen.findByText(/Only the organisation that shared the plan can change it/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Price per SIM/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('goes back to the share screen the share was made from', () => {
    expect(shareScreenHref(SHARE, false)).toBe(`/plans/share/${hexId('d')}`);
    expect(shareScreenHref(SHARE, true)).toBe(`/plans/share/${SHARE.planId}`);
  });
});
