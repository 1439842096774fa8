import { getModule, MODULE_GROUPS, MODULES } from '@tarang/shared/modules/module-catalogue';
import { scopesFrom, type TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { normalizeScopes, scopeSections } from '../utils/scopes';
import { AuthScopesEditor } from './auth-scopes-editor';

/** The editor with its value kept in state; `latest` holds what it last produced. */
function Harness({
  initial = {},
  grantable,
  onValue,
}: {
  initial?: TAuthScopes;
  grantable?: TAuthScopes;
  onValue: (v: TAuthScopes) => void;
}) {
  const [value, setValue] = useState<TAuthScopes>(initial);
  return (
    <AuthScopesEditor
      value={value}
      grantable={grantable}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

async function renderEditor(props: { initial?: TAuthScopes; grantable?: TAuthScopes } = {}) {
  let latest: TAuthScopes = props.initial ?? {};
  await renderWithProviders(<Harness {...props} onValue={(v) => (latest = v)} />);
  await screen.findByTestId('auth-scopes-editor');
  return { user: userEvent.setup(), latest: () => normalizeScopes(latest) };
}

const row = (moduleId: string) => document.querySelector(`[data-module-row="${moduleId}"]`) as HTMLElement;

describe('AuthScopesEditor', () => {
  it('lists every grantable module once, grouped like the sidebar: top-level modules first, then the groups in order', async () => {
    await renderEditor();
    const sections = scopeSections();
    expect(sections[0]!.group).toBeNull();
    expect(sections.slice(1).map((s) => s.group?.id)).toEqual(MODULE_GROUPS.map((g) => g.id));
    expect(sections[0]!.modules.slice(0, 3).map((m) => m.id)).toEqual(['dashboard', 'dashboardv2', 'sim-inventory']);
    const shown = [...document.querySelectorAll('[data-module-row]')].map((el) => el.getAttribute('data-module-row'));
    // Every module a role may be given: the outbox belongs to the built-in Super Admin role alone.
    expect([...shown].sort()).toEqual(
      MODULES.filter((m) => !m.builtInOnly)
        .map((m) => m.id)
        .sort(),
    );
    expect(shown).not.toContain('outbox');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Main menu', 'Requests', 'Report', 'Management', 'White-Listing']);
  });

  it("toggling a row's 'all' gives the module and every action, and toggling again takes them away", async () => {
    const { user, latest } = await renderEditor();
    await user.click(screen.getByRole('checkbox', { name: 'Everything in Organisation' }));
    expect(latest()).toEqual({
      organisation: {
        allowed: true,
        actions: { liveTracking: true, routePlayback: true, add: true, edit: true, delete: true, sendMail: true, editSettings: true },
      },
    });
    expect(screen.getByRole('checkbox', { name: 'Access to Organisation' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Organisation: Edit Settings' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Everything in Organisation' }));
    expect(latest()).toEqual({});
  });

  it('an action gives its module; taking the module away takes its actions; the row shows "some"', async () => {
    const { user, latest } = await renderEditor();
    await user.click(screen.getByRole('checkbox', { name: 'Role: Add' }));
    expect(latest()).toEqual({
      role: {
        allowed: true,
        actions: { liveTracking: false, routePlayback: false, add: true, edit: false, delete: false, sendMail: false },
      },
    });
    expect(screen.getByRole('checkbox', { name: 'Access to Role' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Everything in Role' })).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Access to Dashboard' }));
    await user.click(screen.getByRole('checkbox', { name: 'Access to Role' }));
    expect(latest()).toEqual({ dashboard: { allowed: true, actions: {} } });
    expect(within(row('role')).getByRole('checkbox', { name: 'Role: Add' })).not.toBeChecked();
  });

  it('cannot grant what the editor does not hold', async () => {
    const grantable = scopesFrom({ user: ['add', 'edit'], dashboard: true });
    const { user, latest } = await renderEditor({ grantable });
    expect(screen.getByRole('checkbox', { name: 'Access to Organisation' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'User: Delete' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Everything in User' }));
    const mod = getModule('user')!;
    expect(latest()).toEqual({
      user: { allowed: true, actions: Object.fromEntries(mod.actions.map((a) => [a.key, a.key === 'add' || a.key === 'edit'])) },
    });
  });
});
