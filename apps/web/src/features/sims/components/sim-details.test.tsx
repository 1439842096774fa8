import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { ALLOCATED_SIM } from '../testing/make-sim';
import { SimDetails } from './sim-details';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const DETAIL: TSimDetail = {
  ...ALLOCATED_SIM,
  history: [
    {
      id: 'e2',
      occurredAt: '2026-11-21T18:45:00.000Z',
      action: 'sim.update',
      actorLabel: 'Asha Rao',
      before: { iccid: ALLOCATED_SIM.iccid, label: null, tags: [] },
      after: { iccid: ALLOCATED_SIM.iccid, label: 'Gateway 7' },
    },
    {
      id: 'e1',
      occurredAt: '2026-11-20T04:30:00.000Z',
      action: 'sim.allocate',
      actorLabel: 'Asha Rao',
      before: null,
      after: { organizationId: ORG_A.id, moved: 40 },
    },
    {
      id: 'e0',
      occurredAt: '2026-11-19T04:30:00.000Z',
      action: 'sim.upload',
      actorLabel: 'Asha Rao',
      before: null,
      after: { fileName: 'stock.csv', added: 40, rejected: 2 },
    },
  ],
};

function renderDetails(scopes: Parameters<typeof scopesFrom>[0], status = 200) {
  const fetchMock = answerFetch(
    sessionAnswers(makeUser(), scopesFrom(scopes), (url, init) => {
      if (url.pathname === `/api/v1/sim/${ALLOCATED_SIM.iccid}`) {
        return status === 200
          ? { body: { success: true, data: DETAIL } }
          : { status, body: { success: false, code: 'NOT_FOUND', message: 'SIM not found' } };
      }
      if (url.pathname === '/api/v1/sim' && init.method === 'PUT') return { body: { success: true, data: { updated: 1, notFound: [] } } };
      if (url.pathname === '/api/v1/sim/device-details' && url.searchParams.get('iccid') === ALLOCATED_SIM.iccid) {
        return {
          body: {
            success: true,
            data: {
              iccid: ALLOCATED_SIM.iccid,
              imei: '867169050000019',
              seenAt: '2026-11-25T04:30:00.000Z',
              source: 'OPERATOR',
              tac: { tac: '86716905', make: 'Tarang simulator', model: 'Simulated NB-IoT module', kind: 'module' },
              device: null,
            },
          },
        };
      }
      if (url.pathname === '/api/v1/organization') return { body: { success: true, data: [], meta: { page: 1, limit: 500, total: 0 } } };
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <SimDetails iccid={ALLOCATED_SIM.iccid} />
    </SignedIn>,
  );
  return fetchMock.calls;
}

describe('SimDetails', () => {
  it('Fetch Device Details shows the IMEI last seen with its make and model, for a role that may fetch them', async () => {
    renderDetails({ 'sim-inventory': ['viewDetails'], 'sim-details': ['fetchDeviceDetails'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fetch Device Details' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Device details' });
    const details = await within(dialog).findByTestId('device-details');
    expect(details).toHaveTextContent('IMEI867169050000019');
    expect(details).toHaveTextContent('By the operator, last at 25/11/2026 10:00 AM');
    expect(details).toHaveTextContent('Make and modelTarang simulator Simulated NB-IoT module');
    expect(details).toHaveTextContent('Registered deviceNone registered with this IMEI');
  });

  it('offers no Fetch Device Details without its permission', async () => {
    renderDetails({ 'sim-inventory': ['viewDetails'], 'sim-details': ['diagnose'] });
    await screen.findByRole('table', { name: 'Profiles' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Fetch Device Details' })).not.toBeInTheDocument();
  });

  it('shows both profiles, the settings and the history as a timeline in Indian time', async () => {
    renderDetails({ 'sim-inventory': ['viewDetails'], 'sim-details': true });
    const profiles = await screen.findByRole('table', { name: 'Profiles' }, { timeout: 10_000 });
    const rows = within(profiles).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(`Primary${ALLOCATED_SIM.iccid}`);
    expect(rows[2]).toHaveTextContent('Provisioned8991400000000000016404530000000008—BSNL');
    expect(screen.getByText('Gateway 7')).toBeInTheDocument();
    const entries = screen.getAllByTestId('history-entry');
    expect(entries.map((e) => e.querySelector('p')?.textContent)).toEqual([
      'Details changed',
      'Allocated to Sanchar Connect',
      'Added by the upload of stock.csv',
    ]);
    expect(entries[0]).toHaveTextContent('Label: none → Gateway 7');
    expect(entries[0]).toHaveTextContent('Asha Rao · 22/11/2026 12:15 AM');
    expect(entries[1]).toHaveTextContent('40 SIMs moved together');
    expect(entries[2]).toHaveTextContent('40 SIMs added, 2 rows rejected');
    // Changes to a SIM belong to Sim Actions; allocation and roll-back to their own actions.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Roll Back' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Diagnose' })).toHaveAttribute('href', `/sim-diagnosis?number=${ALLOCATED_SIM.iccid}`);
  });

  it('edits label and tags with the shared rules and sends only what changed', async () => {
    const calls = renderDetails({ 'sim-inventory': true, 'sim-details': true, 'sim-actions': true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SIM' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Static IP' }), '10.0.0.300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('staticIp must be an IPv4 or IPv6 address')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Static IP' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'north{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.url.pathname === '/api/v1/sim' && c.method === 'PUT')!;
    expect(put.body).toEqual({ iccids: [ALLOCATED_SIM.iccid], tags: ['meters', 'north'] });
  });

  it('says when the SIM is out of reach', async () => {
    renderDetails({ 'sim-inventory': ['viewDetails'], 'sim-details': true }, 404);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      `No SIM with ICCID ${ALLOCATED_SIM.iccid} is within your reach.`,
    );
  });
});
