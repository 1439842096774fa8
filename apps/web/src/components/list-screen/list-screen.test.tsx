import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import type { TListColumn } from './columns';
import type { TFilter } from './filters';
import { ListScreen, type TListQuery } from './list-screen';
import type { TRowAction } from './row-actions';
import { useListController } from './use-list-controller';

type TThing = { id: string; name: string; kind: string; locked: boolean };

const ALPHA: TThing = { id: hexId('1'), name: 'Alpha', kind: 'Meter', locked: false };
const BETA: TThing = { id: hexId('2'), name: 'Beta', kind: 'Tracker', locked: true };

const FILTERS: TFilter[] = [
  { kind: 'text', key: 'search', label: 'Search', search: true, grow: true },
  { kind: 'select', key: 'kind', label: 'Kind', anyLabel: 'Any kind', options: [{ value: 'METER', label: 'Meter' }] },
  { kind: 'organization', key: 'organizationId', label: 'Organisation', hidden: true },
  { kind: 'day', key: 'from', label: 'From', more: true },
];

const COLUMNS: TListColumn<TThing>[] = [
  { field: 'name', header: 'Name', sort: 'name' },
  { field: 'kind', header: 'Kind' },
  { field: 'locked', header: 'Locked', value: (row) => (row.locked ? 'Yes' : 'No') },
];

type THarness = {
  paging?: 'pages' | 'cursor';
  query?: Partial<TListQuery<TThing>>;
  run?: (row: TThing) => unknown;
  /** Rows may be ticked for a bulk action. */
  selectable?: boolean;
};

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function Things({ paging = 'pages', query, run, selectable = false }: THarness) {
  const list = useListController({ paging, defaultSort: 'name', sortable: ['name'], filters: FILTERS });
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const actions = useMemo(
    (): TRowAction<TThing>[] => [
      {
        key: 'edit',
        label: 'Edit',
        name: (row) => `Edit ${row.name}`,
        icon: <EditOutlined />,
        permission: { module: 'user', action: 'edit' },
        visible: (row) => !row.locked,
        href: (row) => `/things/${row.id}`,
      },
      {
        key: 'delete',
        label: 'Delete',
        name: (row) => `Delete ${row.name}`,
        icon: <DeleteOutlined />,
        color: 'error',
        permission: { module: 'user', action: 'delete' },
        confirm: (row) => ({ title: 'Delete this thing?', text: `${row.name} goes for good.`, confirmLabel: 'Delete', danger: true }),
        run,
      },
    ],
    [run],
  );
  return (
    <>
      <ListScreen
        resource="list"
        id="things"
        label="Things"
        list={list}
        query={{
          data: { rows: [ALPHA, BETA], total: 60 },
          isPending: false,
          isPlaceholderData: false,
          isError: false,
          error: null,
          refetch: () => undefined,
          ...query,
        }}
        columns={COLUMNS}
        actions={actions}
        noRows="No things found"
        failure={(error) => `Failed: ${(error as Error).message}`}
        clearable
        selection={
          selectable
            ? {
                ids: ticked,
                onChange: setTicked,
                name: (row) => `Select ${row.name}`,
                actions: <button type="button">{`Move ${[...ticked].join(',')}`}</button>,
              }
            : undefined
        }
      />
      <Address />
    </>
  );
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

async function renderThings(scopes: Parameters<typeof scopesFrom>[0], harness: THarness = {}, route = '/things') {
  const me = makeUser({ organization: ORG_A });
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom(scopes), (url) =>
      url.pathname === '/api/v1/organization'
        ? { body: { success: true, data: [], meta: { page: 1, limit: 500, total: 0 } } }
        : { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } },
    ),
  );
  restore = fetchMock.restore;
  await renderWithProviders(
    <SignedIn>
      <Things {...harness} />
    </SignedIn>,
    { route },
  );
  await screen.findByRole('button', { name: 'Columns' }, { timeout: 10_000 });
  return userEvent.setup();
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

describe('ListScreen', () => {
  it('draws the filter bar from its declaration and puts every change in the address', async () => {
    const user = await renderThings({ user: true });
    expect(screen.queryByRole('combobox', { name: 'Organisation' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'alp');
    await waitFor(() => expect(address().get('search')).toBe('alp'));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Meter' }));
    await waitFor(() => expect(address().get('kind')).toBe('METER'));
    // "More filters" opens the rest; its badge counts the ones in use.
    expect(screen.queryByRole('textbox', { name: 'From' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.type(screen.getByRole('textbox', { name: 'From' }), '03/02/2027');
    await waitFor(() => expect(address().get('from')).toBe('2027-02-03'));
    // Clearing keeps the search as typed.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address().toString()).toBe('search=alp'));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('');
  });

  it('reads its filters from a link and shows them', async () => {
    await renderThings({ user: true }, {}, '/things?search=bet&kind=METER&from=2027-02-03');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('bet');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Meter');
    // A filter behind "More filters" that is in use opens them.
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('03/02/2027');
  });

  it('shows the one record of a global search link with a chip that brings back the whole list', async () => {
    const user = await renderThings({ user: true }, {}, `/things?_id=${ALPHA.id}`);
    expect(screen.getByTestId('id-filter-chip')).toHaveTextContent('Showing one record');
    await user.click(screen.getByTitle('Show the whole list'));
    await waitFor(() => expect(screen.queryByTestId('id-filter-chip')).not.toBeInTheDocument());
    expect(address().has('_id')).toBe(false);
  });

  it('shows only the row actions the role allows, on the rows they apply to', async () => {
    await renderThings({ user: ['edit'] });
    expect(screen.getByRole('link', { name: 'Edit Alpha' })).toHaveAttribute('href', `/things/${ALPHA.id}`);
    // Not on a row that does not offer it.
    expect(screen.queryByRole('link', { name: 'Edit Beta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Alpha' })).not.toBeInTheDocument();
  });

  it('has no actions column for a role that may do none of them', async () => {
    await renderThings({ user: [] });
    expect(screen.getByRole('columnheader', { name: 'Kind' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('asks before a destructive action: cancelling does nothing, confirming does it and says so', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const run = vi.fn(async () => 'Thing deleted');
    const user = await renderThings({ user: ['delete'] }, { run });
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this thing?' });
    expect(dialog).toHaveTextContent('Beta goes for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(run).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this thing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Thing deleted'));
    expect(run).toHaveBeenCalledWith(BETA);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why an action failed', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const user = await renderThings({ user: ['delete'] }, { run: () => Promise.reject(new Error('in use')) });
    await user.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed: in use'));
  });

  it('turns pages and sorts on the server, through the address', async () => {
    const user = await renderThings({ user: true });
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(address().get('page')).toBe('2'));
    await user.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(address().get('sort')).toBe('-name'));
    // A new order starts again from the first page.
    expect(address().has('page')).toBe(false);
  });

  it('pages a keyset list by its cursors: "of more than" while there is a next page, the count on the last', async () => {
    const next = { rows: [ALPHA, BETA], nextCursor: 'c3' };
    const user = await renderThings({ user: true }, { paging: 'cursor', query: { data: next } }, '/things?page=3&cursor=c2');
    expect(screen.getByText('51–52 of more than 52')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(address().toString()).toBe('page=4&cursor=c3'));
  });

  it('knows the end of a keyset list on its last page', async () => {
    await renderThings(
      { user: true },
      { paging: 'cursor', query: { data: { rows: [ALPHA], nextCursor: null } } },
      '/things?page=3&cursor=c2',
    );
    expect(screen.getByText('51–51')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('shows the empty state and the error state, with a way to try again', async () => {
    const refetch = vi.fn();
    await renderThings({ user: true }, { query: { data: { rows: [], total: 0 }, isError: true, error: new Error('offline'), refetch } });
    expect(screen.getByText('No things found')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed: offline');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('hides a column chosen in the column menu, and remembers it', async () => {
    const user = await renderThings({ user: true });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Locked' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Locked' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('tarang.things.columns') ?? '{}')).toEqual({ locked: false });
  });

  it('ticks rows for a bulk action: a bar says how many and offers the action, and Clear selection empties it', async () => {
    const user = await renderThings({ user: true }, { selectable: true });
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
    const row = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;
    await user.click(within(row('Alpha')).getByRole('checkbox', { name: 'Select row' }));
    await user.click(within(row('Beta')).getByRole('checkbox', { name: 'Select row' }));
    const bar = screen.getByTestId('selection-bar');
    expect(bar).toHaveTextContent('2 selected');
    expect(within(bar).getByRole('button', { name: `Move ${hexId('1')},${hexId('2')}` })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
    // The page's box ticks the page's rows.
    await user.click(screen.getByRole('checkbox', { name: 'Select the rows of this page' }));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('2 selected');
  });

  it('gives each card a tick box of its own on a phone', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      const user = await renderThings({ user: true }, { selectable: true });
      await user.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
      expect(screen.getByTestId('selection-bar')).toHaveTextContent('1 selected');
      expect(screen.getByRole('button', { name: `Move ${hexId('2')}` })).toBeInTheDocument();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('lays the rows out as cards on a phone, with their actions and pages within reach of the keyboard', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      const user = await renderThings({ user: ['edit'] });
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(cards[1]).toHaveTextContent('Beta');
      // The other columns as labelled lines.
      expect(
        within(cards[1]!)
          .getAllByRole('term')
          .map((d) => d.textContent),
      ).toEqual(['Kind', 'Locked']);
      expect(
        within(cards[1]!)
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual(['Tracker', 'Yes']);
      const edit = within(cards[0]!).getByRole('link', { name: 'Edit Alpha' });
      // Tab reaches the row's action after the filters and the column menu.
      for (let i = 0; i < 10 && document.activeElement !== edit; i++) await user.tab();
      expect(edit).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() => expect(address().get('page')).toBe('2'));
    } finally {
      window.matchMedia = wide;
    }
  });
});
