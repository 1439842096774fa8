import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { type TDrop, useDropToMove } from './use-drop-to-move';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const REQUEST_ID = hexId('c');

/** The drop handler of a signed-in page, the server answering Move with `answer`. */
async function dropHandler(answer: { status?: number; body: unknown }) {
  const puts: unknown[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(makeUser(), scopesFrom({ 'work-calendar': true }), (url, init) => {
      if (url.pathname === `/api/v1/work-calendar/request/${REQUEST_ID}` && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return answer;
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  let handler: ((drop: TDrop) => Promise<void>) | null = null;
  function Probe() {
    handler = useDropToMove();
    return <p>ready</p>;
  }
  renderWithProviders(
    <SignedIn>
      <Probe />
    </SignedIn>,
  );
  await screen.findByText('ready', {}, { timeout: 10_000 });
  return { drop: handler as unknown as (drop: TDrop) => Promise<void>, puts };
}

const dropAt = (start: string, allDay = false) => ({ event: { id: REQUEST_ID, start: new Date(start), allDay }, revert: vi.fn() });

describe('dragging a scheduled cancellation', () => {
  it('moves it to the India time it was dropped on', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { drop, puts } = await dropHandler({ body: { success: true, message: 'Moved' } });
    // Dropped on 09:30 of 3 December in the calendar (India time): 04:00 UTC.
    const arg = dropAt('2030-12-03T09:30:00.000Z');
    await drop(arg);
    expect(puts).toEqual([{ scheduledAt: '2030-12-03T04:00:00.000Z' }]);
    expect(arg.revert).not.toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith('Moved');
  });

  it('puts it back, with the server’s reason, when the server refuses', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { drop } = await dropHandler({
      status: 422,
      body: {
        success: false,
        code: 'UNPROCESSABLE',
        message: 'scheduledAt: scheduledAt must be in the future',
        errors: [{ path: 'scheduledAt', message: 'scheduledAt must be in the future' }],
      },
    });
    const arg = dropAt('2020-01-01T09:30:00.000Z');
    await drop(arg);
    expect(arg.revert).toHaveBeenCalledOnce();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Choose a time in the future'));
  });

  it('puts it back without asking the server when it is dropped in the all-day row', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { drop, puts } = await dropHandler({ body: { success: true, message: 'Moved' } });
    const arg = dropAt('2030-12-03T00:00:00.000Z', true);
    await drop(arg);
    expect(arg.revert).toHaveBeenCalledOnce();
    expect(puts).toEqual([]);
  });
});
