import type { TFirmware } from '@tarang/shared/devices/firmware.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { FirmwareCatalogueButton } from './firmware-catalogue';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const STAFF = makeUser({ id: hexId('1') });
const CUSTOMER = makeUser({ id: hexId('2'), organization: ORG_A });
const CHECKSUM = `${'C0FFEE'.repeat(10)}ABCD`;
const PUBLISHED: TFirmware = {
  id: hexId('7'),
  make: 'Teltonika',
  model: 'FMB920',
  version: '03.27.07',
  releaseNotes: 'The version the devices came with.',
  checksum: 'ab'.repeat(32),
  createdAt: '2026-10-01T06:00:00.000Z',
};

type TAnswer = { status?: number; body: unknown };

function renderCatalogue({
  me = STAFF,
  scopes = scopesFrom({ device: true }),
  onPublish,
  onSave,
}: {
  me?: typeof STAFF;
  scopes?: ReturnType<typeof scopesFrom>;
  onPublish?: (body: Record<string, unknown>) => TAnswer;
  onSave?: (body: Record<string, unknown>) => TAnswer;
} = {}) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopes, (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/firmware' && method === 'GET') {
        return { body: { success: true, data: [PUBLISHED], meta: { page: 1, limit: 25, total: 1 } } };
      }
      if (url.pathname === '/api/v1/firmware' && method === 'POST' && onPublish) return onPublish(JSON.parse(String(init.body)));
      if (url.pathname === `/api/v1/firmware/${PUBLISHED.id}` && method === 'PUT' && onSave) return onSave(JSON.parse(String(init.body)));
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <FirmwareCatalogueButton />
      <span>page</span>
    </SignedIn>,
    { route: '/device' },
  );
  return { user: userEvent.setup(), changes: () => fetchMock.calls.filter((c) => c.method !== 'GET') };
}

async function openPublish(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Firmware catalogue' }, { timeout: 10_000 }));
  const catalogue = await screen.findByRole('dialog', { name: 'Firmware catalogue' });
  await within(catalogue).findByText('03.27.07');
  await user.click(within(catalogue).getByRole('button', { name: 'Publish firmware' }));
  return await screen.findByRole('dialog', { name: 'Publish firmware' });
}

describe('The firmware catalogue', () => {
  it('is for staff with Update Firmware only', async () => {
    renderCatalogue({ me: CUSTOMER });
    await screen.findByText('page', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Firmware catalogue' })).not.toBeInTheDocument();
  });

  it('checks the checksum as 64 hexadecimal characters before sending; a version already there is named on its field', async () => {
    const success = vi.spyOn(notify, 'success');
    const sent: Record<string, unknown>[] = [];
    const { user, changes } = renderCatalogue({
      onPublish: (body) => {
        sent.push(body);
        if (body.version === '03.27.07') {
          return {
            status: 409,
            body: {
              success: false,
              code: 'CONFLICT',
              message: 'version: Teltonika FMB920 already has firmware 03.27.07',
              errors: [{ path: 'version', message: 'Teltonika FMB920 already has firmware 03.27.07' }],
            },
          };
        }
        return { status: 201, body: { success: true, message: 'Firmware published', data: { ...PUBLISHED, ...body, id: hexId('8') } } };
      },
    });
    const form = await openPublish(user);
    await user.type(within(form).getByRole('textbox', { name: 'Make' }), 'Teltonika');
    await user.type(within(form).getByRole('textbox', { name: 'Model' }), 'FMB920');
    await user.type(within(form).getByRole('textbox', { name: 'Version' }), '03.27.07');
    await user.type(within(form).getByRole('textbox', { name: 'Checksum (SHA-256)' }), 'abc123');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('The checksum is the file’s SHA-256: 64 hexadecimal characters')).toBeInTheDocument();
    expect(changes()).toEqual([]);

    const checksum = within(form).getByRole('textbox', { name: 'Checksum (SHA-256)' });
    await user.clear(checksum);
    await user.type(checksum, `${CHECKSUM.slice(0, 63)}G`);
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('The checksum is the file’s SHA-256: 64 hexadecimal characters')).toBeInTheDocument();
    expect(changes()).toEqual([]);

    await user.clear(checksum);
    await user.type(checksum, CHECKSUM);
    await user.type(within(form).getByRole('textbox', { name: 'Release notes' }), 'Adds the CAN adapter.');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    // The server has this version: said on the version field.
    expect(await within(form).findByText('Teltonika FMB920 already has firmware 03.27.07')).toBeInTheDocument();
    // Sent as the shared schema makes it: the checksum in small letters.
    expect(sent[0]).toEqual({
      make: 'Teltonika',
      model: 'FMB920',
      version: '03.27.07',
      releaseNotes: 'Adds the CAN adapter.',
      checksum: CHECKSUM.toLowerCase(),
    });

    const version = within(form).getByRole('textbox', { name: 'Version' });
    await user.clear(version);
    await user.type(version, '03.28.01');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Firmware published'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish firmware' })).not.toBeInTheDocument());
    expect(sent.map((b) => b.version)).toEqual(['03.27.07', '03.28.01']);
  });

  it('edits a version’s release notes; withdrawing asks first', async () => {
    const saved: Record<string, unknown>[] = [];
    const { user } = renderCatalogue({
      onSave: (body) => {
        saved.push(body);
        return { body: { success: true, message: 'Firmware saved', data: { ...PUBLISHED, ...body } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Firmware catalogue' }, { timeout: 10_000 }));
    const catalogue = await screen.findByRole('dialog', { name: 'Firmware catalogue' });
    await within(catalogue).findByText('03.27.07');
    await user.click(within(catalogue).getByRole('button', { name: 'Edit the release notes of Teltonika FMB920 03.27.07' }));
    const notes = await screen.findByRole('dialog', { name: 'Release notes of Teltonika FMB920 03.27.07' });
    const field = within(notes).getByRole('textbox', { name: 'Release notes' });
    expect(field).toHaveValue('The version the devices came with.');
    await user.clear(field);
    await user.type(field, 'Shipped with the first batch.');
    await user.click(within(notes).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toEqual([{ releaseNotes: 'Shipped with the first batch.' }]));

    await user.click(within(catalogue).getByRole('button', { name: 'Withdraw Teltonika FMB920 03.27.07' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw this version?' });
    expect(confirm).toHaveTextContent('Teltonika FMB920 03.27.07 will no longer be offered in Update Firmware.');
  });
});
