import { describe, expect, it } from 'vitest';
import { readSimActionsEntry, simActionsHref } from './sim-actions-entry';

describe('the /sim-actions entry contract', () => {
  it('reads the action and the ICCIDs ticked in the inventory', () => {
    const entry = readSimActionsEntry(new URLSearchParams('action=SUSPEND'), { iccids: ['8991100000000010001', 42] });
    expect(entry).toEqual({ action: 'SUSPEND', iccids: ['8991100000000010001'], filter: null, limit: null });
    expect(simActionsHref('SUSPEND')).toBe('/sim-actions?action=SUSPEND');
  });

  it("reads the inventory's filter, checked against the shared schema", () => {
    const entry = readSimActionsEntry(new URLSearchParams('action=resume'), {
      filter: { status: ['SUSPENDED'], operator: ['BSNL'] },
      limit: 500,
    });
    expect(entry).toEqual({ action: 'RESUME', iccids: null, filter: { status: ['SUSPENDED'], operator: ['BSNL'] }, limit: 500 });
  });

  it('ignores an unknown action and a filter the API would refuse', () => {
    const entry = readSimActionsEntry(new URLSearchParams('action=EXPLODE'), { filter: { status: ['NOPE'] } });
    expect(entry).toEqual({ action: null, iccids: null, filter: null, limit: null });
    expect(readSimActionsEntry(new URLSearchParams(), null)).toEqual({ action: null, iccids: null, filter: null, limit: null });
  });
});
