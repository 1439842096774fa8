import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRequest } from '@/features/requests/testing/make-request';
import { watchedRequests } from '@/features/requests/utils/watched-requests';
import { i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { NEW_ICCID, OLD_ICCID } from '../testing/make-replacement';
import { ReplaceSimForm } from './replace-sim-form';

let restore: (() => void) | null = null;
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const ME = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

type TAnswer = { status?: number; body: unknown };
type TSent = { body: Record<string, unknown>; key: string | null };

const checked: TAnswer = {
  body: {
    success: true,
    message: '1 pair can be replaced',
    data: { request: null, accepted: 1, rejectedCount: 0, rejected: [], replayed: false },
  },
};
const made: TAnswer = {
  status: 201,
  body: {
    success: true,
    message: 'Request BJ00000077 created',
    data: {
      request: makeRequest({ id: hexId('7'), batchJobId: 'BJ00000077', type: 'REPLACE', simsCount: 1 }),
      accepted: 1,
      rejectedCount: 0,
      rejected: [],
      replayed: false,
    },
  },
};

/** The form, with the server answering the dry run (`check`) and the replacement itself (`send`). */
function renderForm({ check = checked, send = made }: { check?: TAnswer; send?: TAnswer } = {}) {
  const sent: TSent[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom({ 'replace-sim': true, request: true }), (url, init) => {
      if (url.pathname === '/api/v1/sim/replace' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push({ body, key: (init.headers as Record<string, string>)['idempotency-key'] ?? null });
        return body.dryRun ? check : send;
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <ReplaceSimForm />
    </SignedIn>,
    { route: '/replace-sim' },
  );
  return { user: userEvent.setup(), sent };
}

async function fillPair(user: ReturnType<typeof userEvent.setup>, oldIccid = OLD_ICCID, newIccid = NEW_ICCID) {
  const form = await screen.findByRole('form', { name: 'Replace a SIM' }, { timeout: 10_000 });
  await user.type(within(form).getByRole('textbox', { name: 'Old SIM ICCID' }), oldIccid);
  await user.type(within(form).getByRole('textbox', { name: 'New SIM ICCID' }), newIccid);
  await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Damaged in the meter box');
  await user.click(within(form).getByRole('button', { name: 'Check and replace' }));
  return form;
}

describe('ReplaceSimForm', () => {
  it('says what the new SIM must be, and checks the ICCIDs before asking the server', async () => {
    const { user, sent } = renderForm();
    const form = await screen.findByRole('form', { name: 'Replace a SIM' }, { timeout: 10_000 });
    expect(within(form).getByRole('textbox', { name: 'New SIM ICCID' })).toHaveAccessibleDescription(
      'Must be in stock or allocated to the same organisation, and on the same operator',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Old SIM ICCID' }), '8991100000000020008');
    await user.type(within(form).getByRole('textbox', { name: 'New SIM ICCID' }), '8991100000000020008');
    await user.click(within(form).getByRole('button', { name: 'Check and replace' }));
    // Both ICCIDs are refused (the last digit is off by one).
    expect(await within(form).findAllByText('ICCID check digit is wrong')).toHaveLength(2);
    expect(within(form).getByText('Give the reason for the replacement')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("puts the server's refusal of the pair on the fields it names, and asks nothing", async () => {
    const { user, sent } = renderForm({
      check: {
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: `newIccid: SIM ${NEW_ICCID} is BSNL and SIM ${OLD_ICCID} is AIRTEL: the new SIM must be of the same operator`,
          errors: [
            { path: 'oldIccid', message: `SIM ${OLD_ICCID} is IN_STOCK: only an active, suspended or barred SIM can be replaced` },
            {
              path: 'newIccid',
              message: `SIM ${NEW_ICCID} is BSNL and SIM ${OLD_ICCID} is AIRTEL: the new SIM must be of the same operator`,
            },
          ],
        },
      },
    });
    const form = await fillPair(user);
    expect(
      await within(form).findByText(`SIM ${NEW_ICCID} is BSNL and SIM ${OLD_ICCID} is AIRTEL: the new SIM must be of the same operator`),
    ).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Old SIM ICCID' })).toHaveAccessibleDescription(
      `SIM ${OLD_ICCID} is IN_STOCK: only an active, suspended or barred SIM can be replaced`,
    );
    expect(within(form).getByRole('textbox', { name: 'New SIM ICCID' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent.map((s) => s.body)).toEqual([
      { oldIccid: OLD_ICCID, newIccid: NEW_ICCID, reason: 'Damaged in the meter box', dryRun: true },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names a SIM that is not found on its field (404)', async () => {
    const { user } = renderForm({
      check: {
        status: 404,
        body: {
          success: false,
          code: 'NOT_FOUND',
          message: 'oldIccid: SIM not found',
          errors: [{ path: 'oldIccid', message: 'SIM not found' }],
        },
      },
    });
    const form = await fillPair(user);
    await within(form).findByText('SIM not found');
    expect(within(form).getByRole('textbox', { name: 'Old SIM ICCID' })).toHaveAccessibleDescription('SIM not found');
  });

  it('after the dry run asks to confirm what moves, then sends the pair once and names the request with a link', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, sent } = renderForm();
    const form = await fillPair(user);
    const dialog = await screen.findByRole('dialog', { name: `Replace SIM ${OLD_ICCID}?` });
    expect(dialog).toHaveTextContent(
      `SIM ${OLD_ICCID}'s number, plan, whitelists, IMEI lock, label and tags move to SIM ${NEW_ICCID}; ${OLD_ICCID} ends Replaced.`,
    );
    // Only the check so far.
    expect(sent).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));

    const done = await screen.findByTestId('replacement-made');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(done).toHaveTextContent('Request BJ00000077 made');
    expect(within(done).getByRole('link', { name: 'View request BJ00000077' })).toHaveAttribute('href', `/request/${hexId('7')}`);
    expect(success).toHaveBeenCalledWith('Replacement sent: request BJ00000077');
    expect(sent[1]?.body).toEqual({ oldIccid: OLD_ICCID, newIccid: NEW_ICCID, reason: 'Damaged in the meter box' });
    expect(sent[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(watchedRequests(ME.id).map((w) => w.batchJobId)).toEqual(['BJ00000077']);
    // Ready for the next pair.
    expect(within(form).getByRole('textbox', { name: 'Old SIM ICCID' })).toHaveValue('');
  });

  it('shows a refusal after the confirmation on its field', async () => {
    const { user } = renderForm({
      send: {
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: `newIccid: SIM ${NEW_ICCID} is in another request`,
          errors: [{ path: 'newIccid', message: `SIM ${NEW_ICCID} is in another request` }],
        },
      },
    });
    const form = await fillPair(user);
    const dialog = await screen.findByRole('dialog', { name: `Replace SIM ${OLD_ICCID}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await within(form).findByText(`SIM ${NEW_ICCID} is in another request`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(form).getByRole('textbox', { name: 'New SIM ICCID' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('replacement-made')).not.toBeInTheDocument();
  });

  it("gives a Hindi reader the server's refusal in Hindi, the SIM's status in their words", async () => {
    await act(() => i18n.changeLanguage('hi'));
    const { user } = renderForm({
      check: {
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: `oldIccid: SIM ${OLD_ICCID} is TERMINATED: only an active, suspended or barred SIM can be replaced`,
          errors: [
            { path: 'oldIccid', message: `SIM ${OLD_ICCID} is TERMINATED: only an active, suspended or barred SIM can be replaced` },
          ],
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'सिम बदलें' }, { timeout: 10_000 });
    await user.type(within(form).getByRole('textbox', { name: 'पुरानी सिम का ICCID' }), OLD_ICCID);
    await user.type(within(form).getByRole('textbox', { name: 'नई सिम का ICCID' }), NEW_ICCID);
    await user.type(within(form).getByRole('textbox', { name: 'कारण' }), 'खराब हो गई');
    await user.click(within(form).getByRole('button', { name: 'जाँचें और बदलें' }));
    expect(await within(form).findByText(`सिम ${OLD_ICCID} समाप्त है: केवल सक्रिय, निलंबित या अवरुद्ध सिम बदली जा सकती है`)).toBeInTheDocument();
  });
});
