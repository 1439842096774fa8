import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '@/app/query-provider';
import { notify } from '@/lib/notify';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makePlan } from '../testing/plan-data';
import { PlanForm } from './plan-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

type TAnswer = { status?: number; body: unknown };

function mockApi(change?: () => TAnswer) {
  const fetchMock = answerFetch(() => change?.() ?? { status: 201, body: { success: true, message: 'Plan created', data: makePlan() } });
  restore = fetchMock.restore;
  return fetchMock;
}

async function renderForm(props: Partial<Parameters<typeof PlanForm>[0]> = {}) {
  const onSaved = vi.fn();
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  await renderWithProviders(
    <QueryProvider>
      <PlanForm canSave onSaved={onSaved} onCancel={() => {}} {...props} />
    </QueryProvider>,
  );
  await screen.findByRole('form', {}, { timeout: 10_000 });
  return { user: userEvent.setup(), onSaved };
}

async function fillPlan(user: ReturnType<typeof userEvent.setup>, price = '1234.5') {
  await user.type(screen.getByLabelText(/^Name/), 'Fleet 1.5 GB');
  await user.click(screen.getByRole('checkbox', { name: 'AIRTEL' }));
  await user.click(screen.getByRole('checkbox', { name: 'VI' }));
  await user.type(screen.getByLabelText(/^Data allowance/), '1536');
  await user.type(screen.getByLabelText(/^SMS/), '100');
  await user.type(screen.getByLabelText(/^Validity/), '30');
  await user.type(screen.getByLabelText(/^Base price/), price);
}

describe('PlanForm', () => {
  it('sends the base price typed in rupees as integer paise, and the allowances as whole numbers', async () => {
    const { calls } = mockApi();
    const { user, onSaved } = await renderForm();
    await fillPlan(user);
    expect(screen.getByLabelText(/^Base price/)).toHaveAccessibleDescription(/1,23,450 paise$/);
    await user.click(screen.getByLabelText(/^Over the limit/));
    await user.click(await screen.findByRole('option', { name: /^Charge/ }));
    expect(screen.getByLabelText(/^Over the limit/)).toHaveAccessibleDescription(
      'Data goes on, and use beyond the allowance is charged to the organisation.',
    );
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/v1/plans');
    expect(post.body).toEqual({
      name: 'Fleet 1.5 GB',
      description: null,
      operators: ['AIRTEL', 'VI'],
      dataMb: 1536,
      smsCount: 100,
      validityDays: 30,
      basePrice: 123450,
      overLimitAction: 'CHARGE',
    });
    expect(Number.isInteger((post.body as { basePrice: unknown }).basePrice)).toBe(true);
  });

  it('says what is missing or wrong before sending anything', async () => {
    const { calls } = mockApi();
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Data allowance/), '1.5');
    await user.type(screen.getByLabelText(/^Base price/), '12.345');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one operator')).toBeInTheDocument();
    expect(screen.getByText('Enter the data allowance as a whole number of MB (0 for none)')).toBeInTheDocument();
    expect(screen.getByText('Enter the validity as a whole number of days, at least 1')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in rupees with at most two decimals')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('puts the server field errors of a 400 or 422 under their fields', async () => {
    const answers: TAnswer[] = [
      {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'name: A plan with this name already exists',
          errors: [{ path: 'name', message: 'A plan with this name already exists' }],
        },
      },
      {
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: 'basePrice: basePrice must be whole paise, more than 0 and at most 1000000000000',
          errors: [{ path: 'body.basePrice', message: 'basePrice must be whole paise, more than 0 and at most 1000000000000' }],
        },
      },
    ];
    mockApi(() => answers.shift()!);
    const { user, onSaved } = await renderForm();
    await fillPlan(user);
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('A plan with this name already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/^Name/), ' v2');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Enter a price of more than ₹0.00')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Base price/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits a plan: its base price shows in rupees and goes back as paise', async () => {
    const plan = makePlan();
    const { calls } = mockApi(() => ({ body: { success: true, message: 'Plan updated', data: { ...plan, basePrice: 150000 } } }));
    const { user, onSaved } = await renderForm({ plan });
    const price = screen.getByLabelText(/^Base price/);
    expect(price).toHaveValue('1234.50');
    expect(screen.getByRole('checkbox', { name: 'AIRTEL' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'BSNL' })).not.toBeChecked();
    await user.clear(price);
    await user.type(price, '1500');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v1/plans/${plan.id}`);
    expect(put.body).toMatchObject({ name: 'Fleet 1.5 GB', basePrice: 150000, dataMb: 1536, operators: ['AIRTEL', 'VI'] });
  });
});
