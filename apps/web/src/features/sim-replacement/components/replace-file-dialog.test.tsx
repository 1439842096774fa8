import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRequest } from '@/features/requests/testing/make-request';
import { watchedRequests } from '@/features/requests/utils/watched-requests';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { NEW_ICCID_2, OLD_ICCID_2 } from '../testing/make-replacement';
import { ReplaceFileDialog } from './replace-file-dialog';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const ME = makeUser({ id: hexId('2'), organization: ORG_A });
const REFUSED = {
  row: 3,
  oldIccid: OLD_ICCID_2,
  newIccid: NEW_ICCID_2,
  field: 'newIccid',
  reason: 'The new SIM is on BSNL; the old one is on AIRTEL',
};

type TCall = { dryRun: string | null; reason: string | null; file: File; key: string | null };

function renderDialog(answers: { check: { status?: number; body: unknown }; send?: { status?: number; body: unknown } }) {
  const calls: TCall[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom({ 'replace-sim': true, request: true }), (url, init) => {
      if (url.pathname === '/api/v1/sim/replace/file' && init.method === 'POST') {
        const dryRun = url.searchParams.get('dryRun');
        calls.push({
          dryRun,
          reason: url.searchParams.get('reason'),
          file: (init.body as FormData).get('file') as File,
          key: (init.headers as Record<string, string>)['idempotency-key'] ?? null,
        });
        return dryRun === 'true' ? answers.check : (answers.send ?? answers.check);
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <ReplaceFileDialog onClose={() => {}} />
    </SignedIn>,
  );
  return { user: userEvent.setup(), calls };
}

const pairs = () => new File(['oldIccid,newIccid,reason\n'], 'pairs.csv', { type: 'text/csv' });

describe('ReplaceFileDialog', () => {
  it('checks the file first and lists the pairs refused by line, then sends the good ones as one request', async () => {
    const { user, calls } = renderDialog({
      check: { body: { success: true, data: { request: null, accepted: 2, rejectedCount: 1, rejected: [REFUSED], replayed: false } } },
      send: {
        status: 201,
        body: {
          success: true,
          data: {
            request: makeRequest({ id: hexId('7'), batchJobId: 'BJ00000081', type: 'REPLACE', simsCount: 2 }),
            accepted: 2,
            rejectedCount: 1,
            rejected: [REFUSED],
            replayed: false,
          },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Replace SIMs from a file' }, { timeout: 10_000 });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for rows that give none' }), 'Batch of damaged SIMs');
    await user.upload(within(dialog).getByLabelText('CSV or XLSX file of old and new ICCIDs'), pairs());
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));

    expect(await within(dialog).findByTestId('file-check')).toHaveTextContent('2 pairs can be replaced.');
    expect(within(within(dialog).getByRole('list')).getByRole('listitem')).toHaveTextContent(
      `Row 3, ${OLD_ICCID_2} → ${NEW_ICCID_2}: The new SIM is on BSNL; the old one is on AIRTEL`,
    );
    expect(calls.map((c) => [c.dryRun, c.reason, c.file.name])).toEqual([['true', 'Batch of damaged SIMs', 'pairs.csv']]);

    await user.click(within(dialog).getByRole('button', { name: 'Replace 2 SIMs' }));
    expect(await within(dialog).findByText('Request BJ00000081 made: 2 SIMs are being replaced.', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View request BJ00000081' })).toHaveAttribute('href', `/request/${hexId('7')}`);
    expect(calls[1]).toMatchObject({ dryRun: 'false', reason: 'Batch of damaged SIMs' });
    expect(calls[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(watchedRequests(ME.id).map((w) => w.batchJobId)).toEqual(['BJ00000081']);
  });

  it('asks for the check again when the reason changes', async () => {
    const { user, calls } = renderDialog({
      check: { body: { success: true, data: { request: null, accepted: 1, rejectedCount: 0, rejected: [], replayed: false } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Replace SIMs from a file' }, { timeout: 10_000 });
    await user.upload(within(dialog).getByLabelText('CSV or XLSX file of old and new ICCIDs'), pairs());
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    await within(dialog).findByRole('button', { name: 'Replace 1 SIM' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for rows that give none' }), 'Lost');
    expect(within(dialog).getByRole('button', { name: 'Check file' })).toBeEnabled();
    expect(within(dialog).queryByTestId('file-check')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('shows the rows of a file with no usable pair, and sends nothing', async () => {
    const { user, calls } = renderDialog({
      check: {
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: 'file: The file holds no pair that can be replaced',
          errors: [
            { path: 'file', message: 'The file holds no pair that can be replaced' },
            { path: 'file.row.2', message: `${OLD_ICCID_2}: SIM not found` },
          ],
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Replace SIMs from a file' }, { timeout: 10_000 });
    await user.upload(within(dialog).getByLabelText('CSV or XLSX file of old and new ICCIDs'), pairs());
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file holds no pair that can be replaced');
    expect(within(within(dialog).getByRole('list')).getByRole('listitem')).toHaveTextContent(`Row 2: ${OLD_ICCID_2}: SIM not found`);
    expect(calls.map((c) => c.dryRun)).toEqual(['true']);
    expect(within(dialog).queryByRole('button', { name: /^Replace \d/ })).not.toBeInTheDocument();
  });
});
