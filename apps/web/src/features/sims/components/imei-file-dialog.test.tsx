import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { ImeiFileDialog } from './imei-file-dialog';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

function renderDialog(answer: { status?: number; body: unknown }) {
  let sent: unknown = null;
  const fetchMock = answerFetch(
    sessionAnswers(makeUser(), scopesFrom({ 'sim-actions': true }), (url, init) => {
      if (url.pathname === '/api/v1/sim/imeis/file' && init.method === 'POST') {
        sent = init.body;
        return answer;
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <ImeiFileDialog onClose={() => {}} />
    </SignedIn>,
  );
  return { user: userEvent.setup(), sent: () => sent as FormData | null };
}

describe('ImeiFileDialog', () => {
  it('sends the file of pairs and lists the rows the server did not take, by line', async () => {
    const { user, sent } = renderDialog({
      body: {
        success: true,
        message: '2 SIMs IMEI-locked; 1 row not taken',
        data: { updated: 2, rejected: 1, rows: [{ row: 3, iccid: '89911000000000010019', reason: 'IMEI check digit is wrong' }] },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Lock SIMs to IMEIs from a file' }, { timeout: 10_000 });
    const submit = within(dialog).getByRole('button', { name: 'Lock IMEIs' });
    expect(submit).toBeDisabled();
    await user.upload(
      within(dialog).getByLabelText('CSV or XLSX file of ICCID–IMEI pairs'),
      new File(['iccid,imei\n'], 'pairs.csv', { type: 'text/csv' }),
    );
    await user.click(submit);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('2 SIMs locked to their IMEIs');
    expect(within(within(dialog).getByRole('list')).getByRole('listitem')).toHaveTextContent(
      'Row 3, 89911000000000010019: IMEI check digit is wrong',
    );
    expect((sent()?.get('file') as File).name).toBe('pairs.csv');
  });

  it('refuses a file that is not CSV or XLSX before sending', async () => {
    const { user, sent } = renderDialog({ body: { success: true, data: { updated: 0, rejected: 0, rows: [] } } });
    const dialog = await screen.findByRole('dialog', { name: 'Lock SIMs to IMEIs from a file' }, { timeout: 10_000 });
    await user.upload(
      within(dialog).getByLabelText('CSV or XLSX file of ICCID–IMEI pairs'),
      new File(['x'], 'pairs.txt', { type: 'text/csv' }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a .csv or .xlsx file');
    expect(within(dialog).getByRole('button', { name: 'Lock IMEIs' })).toBeDisabled();
    expect(sent()).toBeNull();
  });
});
