import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RUNNING_UPLOAD_KEY } from '@/features/sims/hooks/use-running-upload';
import { listBody, makeOperation, makeSim } from '@/features/sims/testing/make-sim';
import { makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import SimInventoryRoute from './sim-inventory';

let restore: (() => void) | null = null;
const saved: string[] = [];
beforeEach(() => {
  // jsdom has no object URLs and does not download: record what would be saved.
  URL.createObjectURL = vi.fn(() => 'blob:tarang');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  restore?.();
  restore = null;
  saved.length = 0;
  vi.restoreAllMocks();
});

const STAFF = makeUser();
const OP_ID = makeOperation().id;

type TAnswer = { status?: number; body: unknown };

function renderPage(
  me = STAFF,
  scopes: Parameters<typeof scopesFrom>[0] = { 'sim-inventory': true },
  answer?: (url: URL, init: RequestInit) => TAnswer | undefined,
) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom(scopes), (url, init) => {
      const own = answer?.(url, init);
      if (own) return own;
      if (url.pathname === '/api/v1/sim') return { body: listBody([makeSim(0)]) };
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <SimInventoryRoute />
    </SignedIn>,
    { route: '/sim-inventory' },
  );
  return fetchMock.calls;
}

describe('Bulk Upload', () => {
  it('uploads a file, follows its progress to the summary and downloads the rejected rows', async () => {
    let polls = 0;
    const calls = renderPage(STAFF, { 'sim-inventory': true }, (url, init) => {
      if (url.pathname === '/api/v1/sim/large-data' && init.method === 'POST') {
        return { status: 202, body: { success: true, data: makeOperation({ status: 'QUEUED', processed: 0, succeeded: 0 }) } };
      }
      if (url.pathname === `/api/v1/sim/large-data/${OP_ID}`) {
        polls += 1;
        const done = polls > 1;
        return {
          body: {
            success: true,
            data: makeOperation({
              status: done ? 'DONE' : 'RUNNING',
              processed: done ? 10 : 4,
              succeeded: done ? 8 : 4,
              skipped: done ? 2 : 0,
              alreadyPresent: done ? 1 : 0,
            }),
          },
        };
      }
      if (url.pathname === `/api/v1/sim/large-data/${OP_ID}/rejected`) return { body: 'row,column,value,reason' };
      if (url.pathname === '/api/v1/sim/large-data/template') return { body: 'iccid,imsi' };
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bulk Upload' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload' });
    await user.click(within(dialog).getByRole('button', { name: 'Template (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['sim-upload-template.csv']));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Choose a file first')).toBeInTheDocument();
    const file = new File(['iccid,imsi,operator\n'], 'sims.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Choose a CSV or XLSX file'), file);
    expect(within(dialog).getByText('sims.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    // The running upload is remembered, so a reload shows it again.
    await waitFor(() => expect(localStorage.getItem(RUNNING_UPLOAD_KEY)).toBe(OP_ID));
    expect(await within(dialog).findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    const summary = await within(dialog).findByTestId('upload-summary', {}, { timeout: 5000 });
    expect(summary).toHaveTextContent('8added');
    expect(summary).toHaveTextContent('1rejected');
    expect(summary).toHaveTextContent('1already present');
    await user.click(within(dialog).getByRole('button', { name: 'Download rejected rows (CSV)' }));
    await waitFor(() => expect(saved).toContain(`rejected-${OP_ID}.csv`));
    expect(calls.some((c) => c.url.pathname === `/api/v1/sim/large-data/${OP_ID}/rejected`)).toBe(true);
    // Seen and closed: forgotten.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(localStorage.getItem(RUNNING_UPLOAD_KEY)).toBeNull());
  });

  it('says why the server refused the file', async () => {
    renderPage(STAFF, { 'sim-inventory': true }, (url, init) =>
      url.pathname === '/api/v1/sim/large-data' && init.method === 'POST'
        ? {
            status: 415,
            body: { success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file is neither CSV nor XLSX' },
          }
        : undefined,
    );
    // A file dropped on the zone is not filtered by the picker's accept list: the server decides by its bytes.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Bulk Upload' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload' });
    await user.upload(within(dialog).getByLabelText('Choose a CSV or XLSX file'), new File(['%PDF'], 'sims.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is neither CSV nor XLSX');
    expect(localStorage.getItem(RUNNING_UPLOAD_KEY)).toBeNull();
  });

  it('shows the progress of the upload it remembers after a reload', async () => {
    localStorage.setItem(RUNNING_UPLOAD_KEY, OP_ID);
    renderPage(STAFF, { 'sim-inventory': true }, (url) =>
      url.pathname === `/api/v1/sim/large-data/${OP_ID}`
        ? { body: { success: true, data: makeOperation({ processed: 4, total: 10 }) } }
        : undefined,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload' }, { timeout: 10_000 });
    expect(await within(dialog).findByText('4 of 10 (40%)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Closed while it runs: a banner keeps showing it, and the upload is still remembered.
    expect(await screen.findByTestId('upload-banner')).toHaveTextContent('Reading sims.csv…');
    expect(localStorage.getItem(RUNNING_UPLOAD_KEY)).toBe(OP_ID);
  });

  it('is not offered to organisation users, whose SIMs come from the provider', async () => {
    renderPage(makeUser({ organization: ORG_A }), { 'sim-inventory': true });
    await screen.findByText(makeSim(0).iccid, {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Bulk Upload' })).not.toBeInTheDocument();
  });
});
