import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '@/app/query-provider';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { OrganizationForm } from './organization-form';
import { OrganizationSettingsForm } from './organization-settings-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const PARENT = { id: 'a'.repeat(24), tradeName: 'Acme Fleet', brandName: null, email: null, parentId: null, status: 'ACTIVE' };

function mockApi() {
  const fetchMock = answerFetch((url, init) => {
    if (url.pathname === '/api/v1/organization' && (init.method ?? 'GET') === 'GET') return { body: { success: true, data: [PARENT] } };
    if (url.pathname === '/api/v1/organization') {
      return { status: 201, body: { success: true, message: 'Organisation created', data: { ...PARENT, id: 'b'.repeat(24) } } };
    }
    return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
  });
  restore = fetchMock.restore;
  return fetchMock;
}

describe('OrganizationForm', () => {
  it('says what is wrong with the trade name and the email, and sends nothing', async () => {
    const { calls } = mockApi();
    await renderWithProviders(
      <QueryProvider>
        <OrganizationForm isStaff ownOrganizationId={null} canSave onSaved={() => {}} onCancel={() => {}} />
      </QueryProvider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('form', {}, { timeout: 10_000 });
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Trade name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates a top-level organisation with blanks as null', async () => {
    const { calls } = mockApi();
    const onSaved = vi.fn();
    await renderWithProviders(
      <QueryProvider>
        <OrganizationForm isStaff ownOrganizationId={null} canSave onSaved={onSaved} onCancel={() => {}} />
      </QueryProvider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('form', {}, { timeout: 10_000 });
    await user.type(screen.getByLabelText(/Trade name/), '  Blue Dart Telematics ');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ tradeName: 'Blue Dart Telematics', brandName: null, email: null, parentId: null });
  });
});

describe('OrganizationSettingsForm', () => {
  it('asks for rupees with at most two decimals and a 24-character plan id', async () => {
    mockApi();
    await renderWithProviders(
      <QueryProvider>
        <OrganizationSettingsForm
          id={PARENT.id}
          settings={{ lowBalanceAlertPaise: null, defaultPlanId: null, apiAccess: false }}
          canSave
          onSaved={() => {}}
          onCancel={() => {}}
        />
      </QueryProvider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('form', {}, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Low balance alert'), '12.345');
    await user.type(screen.getByLabelText('Default plan id'), 'plan-1');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter an amount in rupees with at most two decimals')).toBeInTheDocument();
    expect(screen.getByText('Enter a 24-character id')).toBeInTheDocument();
  });

  it('sends the alert in paise', async () => {
    const fetchMock = answerFetch(() => ({
      body: { success: true, message: 'Settings saved', data: { lowBalanceAlertPaise: 150050, defaultPlanId: null, apiAccess: true } },
    }));
    restore = fetchMock.restore;
    const onSaved = vi.fn();
    await renderWithProviders(
      <QueryProvider>
        <OrganizationSettingsForm
          id={PARENT.id}
          settings={{ lowBalanceAlertPaise: null, defaultPlanId: null, apiAccess: false }}
          canSave
          onSaved={onSaved}
          onCancel={() => {}}
        />
      </QueryProvider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('form', {}, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Low balance alert'), '1500.5');
    await user.click(screen.getByLabelText('Public API access'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v1/organization/${PARENT.id}/settings`);
    expect(put.body).toEqual({ lowBalanceAlertPaise: 150050, defaultPlanId: null, apiAccess: true });
  });
});
