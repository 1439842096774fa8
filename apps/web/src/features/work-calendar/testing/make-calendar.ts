import type { TCalendarRequest } from '@tarang/shared/work-calendar/work-calendar.schemas';

/** The day `days` after an India day (YYYY-MM-DD). */
export function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function makeCalendarRequest(overrides: Partial<TCalendarRequest> = {}): TCalendarRequest {
  return {
    requestId: 'c'.repeat(24),
    batchJobId: 'BJ00000077',
    type: 'WHITELIST_IP_CANCEL',
    scheduledAt: '2026-12-10T18:00:00.000Z',
    simsCount: 2,
    organization: { id: 'a'.repeat(24), tradeName: 'Sanchar Connect' },
    movable: true,
    ...overrides,
  };
}
