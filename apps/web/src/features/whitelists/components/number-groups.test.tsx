import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeNumberGroup, makeWhitelistNumber } from '../testing/whitelist-data';
import { NumberGroupForm } from './number-group-form';
import { NumberGroupsTable } from './number-groups-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const STAFF = makeUser({ id: hexId('1') });
const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });
const GROUP = makeNumberGroup();
const NUMBERS = [makeWhitelistNumber('+919876543210'), makeWhitelistNumber('5912345678901')];

type TAnswer = { status?: number; body: unknown };
type TCall = { url: URL; method: string; body: unknown };

function renderScreen(
  ui: React.ReactNode,
  {
    me = STAFF,
    scopes = { 'number-group': true },
    change = (): TAnswer => ({ status: 500, body: { success: false, code: 'INTERNAL', message: 'There is an error!' } }),
  }: { me?: typeof STAFF; scopes?: Parameters<typeof scopesFrom>[0]; change?: (call: TCall) => TAnswer } = {},
) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      const page = (data: unknown[]) => ({ body: { success: true, data, meta: { page: 1, limit: 25, total: data.length } } });
      if (method !== 'GET') return change({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      if (url.pathname === '/api/v1/whitelist/number-group') return page([GROUP]);
      if (url.pathname === `/api/v1/whitelist/number-group/${GROUP.id}/numbers`) return page(NUMBERS);
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(<SignedIn>{ui}</SignedIn>, { route: '/white-listing/number' });
  return {
    user: userEvent.setup(),
    calls: fetchMock.calls,
    changes: () => fetchMock.calls.filter((c) => c.method !== 'GET'),
  };
}

const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

async function openAddNumbers(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: `Add numbers to ${GROUP.name}` }, { timeout: 10_000 }));
  return await screen.findByRole('dialog', { name: `Add numbers to ${GROUP.name}` });
}

describe('NumberGroupsTable', () => {
  it('shows each group with its organisation, count of numbers and when it changed, and the actions the role allows', async () => {
    renderScreen(<NumberGroupsTable />);
    const row = await rowOf(GROUP.name);
    expect(within(row).getByText('Sanchar Connect')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('22/11/2026 02:45 PM')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Numbers of ${GROUP.name}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Add numbers to ${GROUP.name}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete number group ${GROUP.name}` })).toBeInTheDocument();
  });

  it('offers a role without Add Number and Delete Number only the numbers, and an organisation no organisation column', async () => {
    renderScreen(<NumberGroupsTable />, { me: CUSTOMER, scopes: { 'number-group': [] } });
    await rowOf(GROUP.name);
    expect(screen.getByRole('button', { name: `Numbers of ${GROUP.name}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Add numbers to ${GROUP.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete number group ${GROUP.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();
  });

  it('lists the numbers as people read them, and deletes one by its stored form, encoded, after asking', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user, changes, calls } = renderScreen(<NumberGroupsTable />, {
      change: () => ({ body: { success: true, message: 'Number deleted', data: null } }),
    });
    await user.click(await screen.findByRole('button', { name: `Numbers of ${GROUP.name}` }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: `Numbers of ${GROUP.name}` });
    expect(await within(dialog).findByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(dialog).getByText('59123 4567 8901')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete number +91 98765 43210' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this number?' });
    expect(changes()).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Delete Number' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Number deleted'));
    expect(changes()[0]!.method).toBe('DELETE');
    expect(changes()[0]!.url.pathname).toBe(`/api/v1/whitelist/number-group/${GROUP.id}/numbers/%2B919876543210`);
    // The search goes to the server, by digits.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this number?' })).not.toBeInTheDocument());
    await user.type(await within(dialog).findByRole('textbox', { name: 'Search' }), '98765');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname.endsWith('/numbers'))
          .at(-1)!
          .url.searchParams.get('search'),
      ).toBe('98765'),
    );
  });

  it('lists by line the numbers the shared rules refuse, and sends nothing', async () => {
    const { user, changes } = renderScreen(<NumberGroupsTable />);
    const dialog = await openAddNumbers(user);
    await user.type(within(dialog).getByLabelText(/^Numbers/), '+91 98765 43210{Enter}12345{Enter}5876543210, 98765 43211');
    await user.click(within(dialog).getByRole('button', { name: 'Add Number' }));
    const refused = await within(dialog).findByRole('list', { name: '2 numbers are refused:' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 2, 12345: A number needs 10 digits (a mobile number, optionally after +91, 91 or 0) or 13 digits (an M2M number); this one has 5',
      'Line 3, 5876543210: Indian mobile numbers start with 6, 7, 8 or 9',
    ]);
    expect(within(dialog).getByLabelText(/^Numbers/)).toHaveAttribute('aria-invalid', 'true');
    expect(changes()).toHaveLength(0);
  });

  it('puts the server’s refusal of numbers.2 on the third line, and adds once it is corrected', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const answers: TAnswer[] = [
      {
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: 'numbers.2: This series is not issued by any operator (+917000000000)',
          errors: [{ path: 'numbers.2', message: 'This series is not issued by any operator (+917000000000)' }],
        },
      },
      {
        body: {
          success: true,
          message: '2 numbers added',
          data: { added: 2, alreadyThere: 1, rejected: [], group: { ...GROUP, numbersCount: 4 } },
        },
      },
    ];
    const { user, changes } = renderScreen(<NumberGroupsTable />, { change: () => answers.shift()! });
    const dialog = await openAddNumbers(user);
    const box = within(dialog).getByLabelText(/^Numbers/);
    await user.type(box, '98765 43210{Enter}+91 98765 43211{Enter}70000 00000');
    await user.click(within(dialog).getByRole('button', { name: 'Add Number' }));
    const refused = await within(dialog).findByRole('list', { name: '1 number is refused:' });
    expect(within(refused).getByRole('listitem')).toHaveTextContent('Line 3, 70000 00000: This series is not issued by any operator');
    expect(within(dialog).getByText('Some numbers were refused: correct the listed lines and save again')).toBeInTheDocument();
    expect(changes()[0]!.url.pathname).toBe(`/api/v1/whitelist/number-group/${GROUP.id}/numbers`);
    expect(changes()[0]!.body).toEqual({ numbers: ['+919876543210', '+919876543211', '+917000000000'] });

    await user.clear(box);
    await user.type(box, '98765 43210, 98765 43212{Enter}+91 98765 43211');
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Number' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 numbers added. 1 was already in the group'));
    expect(changes()[1]!.body).toEqual({ numbers: ['+919876543210', '+919876543212', '+919876543211'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Add Number from a file', () => {
  async function openFileDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: `Add numbers to ${GROUP.name} from a file` }, { timeout: 10_000 }));
    return await screen.findByRole('dialog', { name: `Add numbers to ${GROUP.name} from a file` });
  }

  it('sends the chosen CSV as the multipart field "file" and lists the rows the server refused, by line', async () => {
    let sent: unknown = null;
    const { user, changes } = renderScreen(<NumberGroupsTable />, {
      change: (call) => {
        sent = call.body;
        return {
          body: {
            success: true,
            message: '2 numbers added; 2 rows refused',
            data: {
              added: 2,
              alreadyThere: 1,
              rejectedCount: 2,
              rejected: [
                {
                  row: 3,
                  value: '12345',
                  message:
                    'A number needs 10 digits (a mobile number, optionally after +91, 91 or 0) or 13 digits (an M2M number); this one has 5',
                },
                { row: 6, value: '', message: 'No number in this row' },
              ],
              group: { ...GROUP, numbersCount: 5 },
            },
          },
        };
      },
    });
    const dialog = await openFileDialog(user);
    const send = within(dialog).getByRole('button', { name: 'Add from file' });
    expect(send).toBeDisabled();
    const csv = new File(['number\n9876543210\n12345\n'], 'depot.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV or XLSX file of numbers'), csv);
    expect(within(dialog).getByTestId('chosen-file')).toHaveTextContent('depot.csv');
    await user.click(send);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '2 numbers added; 2 rows refused. 1 was already in the group. The group now holds 5 numbers',
    );
    const rows = within(dialog).getByRole('list', { name: '2 rows were not added:' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 3, 12345: A number needs 10 digits (a mobile number, optionally after +91, 91 or 0) or 13 digits (an M2M number); this one has 5',
      'Row 6, —: No number in this row',
    ]);
    expect(changes()).toHaveLength(1);
    expect(changes()[0]!.url.pathname).toBe(`/api/v1/whitelist/number-group/${GROUP.id}/numbers/file`);
    expect(((sent as FormData).get('file') as File).name).toBe('depot.csv');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a file that is not CSV or XLSX before sending, and shows the server’s refusal of a file with no good number', async () => {
    const { user, changes } = renderScreen(<NumberGroupsTable />, {
      change: () => ({
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: 'file: The file holds no number that can be whitelisted',
          errors: [
            { path: 'file', message: 'The file holds no number that can be whitelisted' },
            { path: 'file.row.2', message: 'A phone number has digits only: remove the letters (hello)' },
          ],
        },
      }),
    });
    const dialog = await openFileDialog(user);
    const input = within(dialog).getByLabelText('CSV or XLSX file of numbers');
    await user.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'text/csv' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a .csv or .xlsx file');
    expect(within(dialog).getByRole('button', { name: 'Add from file' })).toBeDisabled();

    await user.upload(input, new File(['number\nhello\n'], 'words.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add from file' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file holds no number that can be whitelisted');
    expect(within(within(dialog).getByRole('list')).getByRole('listitem')).toHaveTextContent(
      'Row 2, hello: A phone number has digits only: remove the letters',
    );
    expect(changes()).toHaveLength(1);
  });
});

describe('NumberGroupForm', () => {
  it('creates a group of the organisation’s own, with its first numbers in their stored form', async () => {
    const onSaved = vi.fn();
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user, changes } = renderScreen(<NumberGroupForm onSaved={onSaved} onCancel={() => {}} />, {
      me: CUSTOMER,
      change: () => ({ status: 201, body: { success: true, message: 'Number group created', data: GROUP } }),
    });
    await screen.findByRole('form', {}, { timeout: 10_000 });
    expect(screen.queryByRole('combobox', { name: /Organisation/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Fleet supervisors');
    await user.type(screen.getByLabelText(/^Description/), 'Drivers’ supervisors on call');
    await user.type(screen.getByLabelText(/^Numbers/), '098765-43210{Enter}5912345678901');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(GROUP));
    expect(success).toHaveBeenCalledWith('Number group created');
    expect(changes()[0]!.url.pathname).toBe('/api/v1/whitelist/number-group');
    expect(changes()[0]!.body).toEqual({
      name: 'Fleet supervisors',
      description: 'Drivers’ supervisors on call',
      numbers: ['+919876543210', '5912345678901'],
    });
  });

  it('creates a group without numbers', async () => {
    const onSaved = vi.fn();
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user, changes } = renderScreen(<NumberGroupForm onSaved={onSaved} onCancel={() => {}} />, {
      me: CUSTOMER,
      change: () => ({ status: 201, body: { success: true, message: 'Number group created', data: GROUP } }),
    });
    await screen.findByRole('form', {}, { timeout: 10_000 });
    await user.type(screen.getByLabelText(/^Name/), 'Fleet supervisors');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(changes()[0]!.body).toEqual({ name: 'Fleet supervisors', description: null });
  });
});
