import { describe, expect, it } from 'vitest';
import { cancelFormDefaults, cancelFormSchema, SCHEDULE_INVALID, SCHEDULE_PAST } from './cancel-form';

const NOW = Date.parse('2026-11-25T13:00:00.000Z');
const schema = cancelFormSchema(() => NOW);

describe('the Cancel Whitelist form', () => {
  it('sends no time for now', () => {
    expect(schema.parse({ when: 'now', at: '' })).toEqual({});
  });

  it('reads a time typed as India time, whatever the browser zone, as the UTC instant', () => {
    expect(schema.parse({ when: 'later', at: '2026-11-26T09:30' })).toEqual({ scheduledAt: '2026-11-26T04:00:00.000Z' });
    // Just after midnight in India is still the day before in UTC.
    expect(schema.parse({ when: 'later', at: '2026-11-27T00:15' })).toEqual({ scheduledAt: '2026-11-26T18:45:00.000Z' });
  });

  it('refuses a time that is missing or past', () => {
    const issue = (at: string) => schema.safeParse({ when: 'later', at }).error?.issues[0];
    expect(issue('')).toMatchObject({ path: ['at'], message: SCHEDULE_INVALID });
    // 18:00 in India is 12:30 UTC, before now.
    expect(issue('2026-11-25T18:00')).toMatchObject({ path: ['at'], message: SCHEDULE_PAST });
  });

  it('offers an hour from now, in India time', () => {
    expect(cancelFormDefaults(NOW)).toEqual({ when: 'now', at: '2026-11-25T19:30' });
  });
});
