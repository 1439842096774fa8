import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import type { TRequest } from '../api/types';
import { ICCID_A, ICCID_B, makePreview, makeRequest } from '../testing/make-request';
import { watchedRequests } from '../utils/watched-requests';
import { allowedActions, SimActionForm } from './sim-action-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser({ id: hexId('1') });

type TCall = { path: string; body: Record<string, unknown>; key: string | null };
type TAnswer = { status?: number; body: unknown };

function setup(
  options: {
    actions?: Parameters<typeof SimActionForm>[0]['actions'];
    create?: (n: number) => 'network' | 'ok';
    /** The answer of POST /request/file to the file sent. */
    upload?: (file: File) => TAnswer;
  } = {},
) {
  const calls: TCall[] = [];
  const uploads: File[] = [];
  let creates = 0;
  const created = makeRequest({ status: 'QUEUED' });
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom({ 'sim-actions': true, termination: ['addTermination'], request: ['viewDetails'] }), (url, init) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const key = (init.headers as Record<string, string> | undefined)?.['idempotency-key'] ?? null;
      if (url.pathname === '/api/v1/request/file' && init.method === 'POST' && init.body instanceof FormData) {
        const file = init.body.get('file') as File;
        uploads.push(file);
        return options.upload?.(file) ?? { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
      }
      if ((url.pathname === '/api/v1/request' || url.pathname === '/api/v1/termination') && init.method === 'POST') {
        calls.push({ path: url.pathname, body, key });
        if (body.dryRun)
          return { body: { success: true, data: { request: null, preview: makePreview({ type: body.type as never }), replayed: false } } };
        creates++;
        if (options.create?.(creates) === 'network') throw new TypeError('Failed to fetch');
        return {
          status: 201,
          body: {
            success: true,
            message: 'Request BJ00000042 created',
            data: { request: created, preview: makePreview(), replayed: false },
          },
        };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  const onCreated = vi.fn<(r: TRequest) => void>();
  renderWithProviders(
    <SignedIn>
      <SimActionForm actions={options.actions ?? ['ACTIVATE', 'SUSPEND', 'RESUME', 'IMEI_LOCK', 'IMEI_UNLOCK']} onCreated={onCreated} />
    </SignedIn>,
  );
  return { calls, uploads, onCreated, created };
}

const FILE_ID = hexId('c');

/** The server's answer to a file with two ICCIDs and seven rows without one (rows 3 to 9). */
function fileRead(file: File): TAnswer {
  const rows = [
    { row: 3, value: 'abc', reason: 'ICCID must contain digits only' },
    { row: 4, value: '', reason: 'No ICCID in this row' },
    { row: 5, value: '8991', reason: 'ICCID must be 19 or 20 digits' },
    { row: 6, value: '', reason: 'No ICCID in this row' },
    { row: 7, value: '', reason: 'No ICCID in this row' },
    { row: 8, value: '', reason: 'No ICCID in this row' },
    { row: 9, value: '', reason: 'No ICCID in this row' },
  ];
  return {
    status: 201,
    body: {
      success: true,
      data: { id: FILE_ID, fileName: file.name, count: 2, rejected: rows.length, rows, createdAt: '2026-11-22T04:30:00.000Z' },
    },
  };
}

describe('allowedActions', () => {
  it('offers TERMINATE only with Add Termination, the others with Sim Actions', () => {
    expect(allowedActions({ simActions: true, addTermination: false })).toEqual([
      'ACTIVATE',
      'SUSPEND',
      'RESUME',
      'IMEI_LOCK',
      'IMEI_UNLOCK',
    ]);
    expect(allowedActions({ simActions: false, addTermination: true })).toEqual(['TERMINATE']);
  });
});

describe('SimActionForm', () => {
  it('shows the per-SIM preview in the rows the user gave, and sends the valid ones once with one Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { calls, onCreated, created } = setup({ create: (n) => (n === 1 ? 'network' : 'ok') });
    expect(await screen.findByRole('radio', { name: /Suspend/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Terminate/ })).not.toBeInTheDocument();

    // Row 1 is not an ICCID; rows 2-4 go to the server, which reports its third (row 4 here) as listed twice.
    await user.click(screen.getByRole('textbox', { name: 'ICCIDs' }));
    await user.paste(`hello\n${ICCID_A}\n${ICCID_B}\n${ICCID_A}`);
    expect(screen.getByTestId('source-count')).toHaveTextContent('3 ICCIDs · 1 value is not an ICCID');
    await user.click(screen.getByRole('radio', { name: /Suspend/ }));
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));

    const preview = await screen.findByTestId('request-preview');
    expect(within(preview).getByTestId('preview-summary')).toHaveTextContent('2 of 4 SIMs can take Suspend; 2 cannot.');
    const rows = within(screen.getByTestId('preview-rows')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'hello', 'Not an ICCID (19 or 20 digits)'],
      ['4', ICCID_A, 'Listed twice (first at row 2)'],
    ]);
    expect(calls[0]).toMatchObject({
      path: '/api/v1/request',
      body: { type: 'SUSPEND', iccids: [ICCID_A, ICCID_B, ICCID_A], dryRun: true },
    });

    // Nothing goes until the user agrees to leave the invalid SIMs out.
    const submit = screen.getByRole('button', { name: 'Suspend 2 SIMs' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Leave out the 2 SIMs/ }));
    await user.click(submit);
    expect(await screen.findByText('There is an error!')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    // The retry is the same submission: the same key.
    await user.click(screen.getByRole('button', { name: 'Suspend 2 SIMs' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const sends = calls.filter((c) => !c.body.dryRun);
    expect(sends).toHaveLength(2);
    expect(sends[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sends[1]!.key).toBe(sends[0]!.key);
    expect(sends[1]!.body).toEqual({ type: 'SUSPEND', iccids: [ICCID_A, ICCID_B, ICCID_A], proceedWithValid: true });
    // The console follows it, to say when it finishes.
    expect(watchedRequests(ME.id).map((w) => w.id)).toEqual([created.id]);
  }, 40_000);

  it('hides a preview that no longer matches the SIMs or the action', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('textbox', { name: 'ICCIDs' }, { timeout: 10_000 }));
    await user.paste(ICCID_A);
    await user.click(screen.getByRole('radio', { name: /Suspend/ }));
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    await screen.findByTestId('request-preview');
    await user.click(screen.getByRole('radio', { name: /Resume/ }));
    expect(screen.queryByTestId('request-preview')).not.toBeInTheDocument();
    expect(screen.getByText('The SIMs or the action changed since the last check: check again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send request' })).toBeDisabled();
  });

  it('terminates only with a reason and after a confirmation that says it is final, through /termination', async () => {
    const user = userEvent.setup();
    const { calls, onCreated } = setup({ actions: ['TERMINATE'] });
    await user.click(await screen.findByRole('textbox', { name: 'ICCIDs' }, { timeout: 10_000 }));
    await user.paste(`${ICCID_A}\n${ICCID_B}`);
    // The reason comes first: POST /termination checks it even on a dry run.
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    expect(await screen.findByText('Give the reason.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('textbox', { name: /Reason/ }));
    await user.paste('Fleet retired');
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    await screen.findByTestId('request-preview');
    const submit = screen.getByRole('button', { name: 'Terminate 2 SIMs' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Leave out/ }));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Terminate the SIMs?' });
    expect(dialog).toHaveTextContent('Termination is final: it cannot be undone');
    expect(calls.filter((c) => !c.body.dryRun)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Terminate for good' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const send = calls.find((c) => !c.body.dryRun)!;
    expect(send.path).toBe('/api/v1/termination');
    expect(send.body).toEqual({ iccids: [ICCID_A, ICCID_B], reason: 'Fleet retired', proceedWithValid: true });
    expect(calls[0]!.body).toEqual({ iccids: [ICCID_A, ICCID_B], reason: 'Fleet retired', dryRun: true });
  });

  it('sends a chosen file to the server, shows what it read, and names the file by its id in the request', async () => {
    const user = userEvent.setup();
    const { calls, uploads, onCreated } = setup({ upload: fileRead });
    await user.click(await screen.findByRole('button', { name: 'Upload a file' }, { timeout: 10_000 }));
    expect(screen.getByText(/up to 1,00,000 ICCIDs and 20 MB/)).toBeInTheDocument();

    const csv = new File([`iccid\n${ICCID_A}\nabc\n\n8991\n\n\n\n\n${ICCID_B}\n`], 'sims.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('File of ICCIDs'), csv);
    expect(await screen.findByText('2 ICCIDs read from the file')).toBeInTheDocument();
    expect(uploads.map((f) => f.name)).toEqual(['sims.csv']);
    expect(screen.getByText('sims.csv')).toBeInTheDocument();
    const rejected = screen.getByTestId('file-rejected');
    expect(rejected).toHaveTextContent('7 rows hold no ICCID and are left out:');
    expect(
      within(rejected)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 3: abc — ICCID must contain digits only',
      'Row 4 — No ICCID in this row',
      'Row 5: 8991 — ICCID must be 19 or 20 digits',
      'Row 6 — No ICCID in this row',
      'Row 7 — No ICCID in this row',
    ]);
    expect(rejected).toHaveTextContent('and 2 more rows');

    // The preview reports the file's rows; the rows without an ICCID were already left out at upload.
    await user.click(screen.getByRole('radio', { name: /Suspend/ }));
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    const preview = await screen.findByTestId('request-preview');
    expect(calls[0]).toEqual({ path: '/api/v1/request', body: { type: 'SUSPEND', fileId: FILE_ID, dryRun: true }, key: null });
    expect(within(preview).getByTestId('preview-summary')).toHaveTextContent('2 of 3 SIMs can take Suspend; 1 cannot.');
    const rows = within(screen.getByTestId('preview-rows')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([['3', ICCID_A, 'Listed twice (first at row 1)']]);

    await user.click(screen.getByRole('checkbox', { name: /Leave out the SIM that cannot take it/ }));
    await user.click(screen.getByRole('button', { name: 'Suspend 2 SIMs' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((c) => !c.body.dryRun)!.body).toEqual({ type: 'SUSPEND', fileId: FILE_ID, proceedWithValid: true });
  }, 40_000);

  it("shows the server's refusal of a file, and refuses a file over 20 MB before sending it", async () => {
    const user = userEvent.setup();
    const { calls, uploads } = setup({
      upload: () => ({
        status: 422,
        body: {
          success: false,
          message: 'The file holds no ICCID',
          code: 'UNPROCESSABLE',
          errors: [{ path: 'file', message: 'The file holds no ICCID' }],
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Upload a file' }, { timeout: 10_000 }));
    const input = screen.getByLabelText('File of ICCIDs');
    // Without a file there is nothing to check.
    await user.click(screen.getByRole('radio', { name: /Suspend/ }));
    await user.click(screen.getByRole('button', { name: 'Check SIMs' }));
    expect(await screen.findByText('Choose a file of ICCIDs.')).toBeInTheDocument();

    const big = new File(['iccid\n'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 20 MB.');
    expect(uploads).toHaveLength(0);

    await user.upload(input, new File(['name\nmeter 1\n'], 'names.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file holds no ICCID'));
    expect(uploads.map((f) => f.name)).toEqual(['names.csv']);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
