import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import PlanAddRoute from './plan-add';
import PlansRoute from './plans';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

function renderRoute(page: React.ReactElement, me: ReturnType<typeof makeUser>, scopes: Parameters<typeof scopesFrom>[0]) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom(scopes), () => ({ body: { success: true, data: [], meta: { page: 1, limit: 25, total: 0 } } })),
  );
  restore = fetchMock.restore;
  renderWithProviders(<SignedIn>{page}</SignedIn>, { route: '/plans' });
}

describe('plan pages', () => {
  it('offers Add plan to staff who may add', async () => {
    renderRoute(<PlansRoute />, makeUser(), { plans: ['add'] });
    expect(await screen.findByRole('link', { name: 'Add plan' }, { timeout: 10_000 })).toHaveAttribute('href', '/plans/add');
    expect(await screen.findByText('No plans found')).toBeInTheDocument();
  });

  it('offers no Add plan to an organisation, nor the add form', async () => {
    const me = makeUser({ id: hexId('2'), organization: ORG_A });
    renderRoute(<PlansRoute />, me, { plans: true });
    expect(
      await screen.findByText('The plans shared with your organisation, at your price per SIM.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add plan' })).not.toBeInTheDocument();
  });

  it('keeps the add form from staff without the Add permission', async () => {
    renderRoute(<PlanAddRoute />, makeUser(), { plans: ['edit'] });
    expect(await screen.findByText('403', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
