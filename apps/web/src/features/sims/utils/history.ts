import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import type { TFunction } from 'i18next';

type TEvent = TSimDetail['history'][number];
type TJson = Record<string, unknown>;

const asObject = (v: unknown): TJson => (v && typeof v === 'object' && !Array.isArray(v) ? (v as TJson) : {});
const show = (v: unknown, empty: string): string => {
  if (v === null || v === undefined || v === '') return empty;
  if (Array.isArray(v)) return v.length ? v.join(', ') : empty;
  return String(v);
};

const FIELD_KEYS: Record<string, string> = {
  label: 'fields.label',
  tags: 'fields.tags',
  addTags: 'history.addTags',
  removeTags: 'history.removeTags',
  apn: 'fields.apn',
  staticIp: 'fields.staticIp',
};

/**
 * One history entry in words: what happened to the SIM, and the details that matter (the file, the
 * organisation, how many SIMs moved together, each changed field as before → after).
 */
export function describeHistory(event: TEvent, t: TFunction, organizationName: (id: string) => string | null) {
  const after = asObject(event.after);
  const before = asObject(event.before);
  const empty = t('history.empty');
  const details: string[] = [];
  let title: string;
  switch (event.action) {
    case 'sim.upload':
      title = t('history.upload', { name: show(after.fileName, empty) });
      if (typeof after.added === 'number') details.push(t('history.uploadCounts', { added: after.added, rejected: after.rejected ?? 0 }));
      break;
    case 'sim.allocate': {
      const id = typeof after.organizationId === 'string' ? after.organizationId : null;
      title = t('history.allocate', { name: (id && organizationName(id)) || t('history.anOrganization') });
      if (typeof after.moved === 'number' && after.moved > 1) details.push(t('history.together', { count: after.moved }));
      break;
    }
    case 'sim.rollback':
      title = t('history.rollback');
      if (typeof after.moved === 'number' && after.moved > 1) details.push(t('history.together', { count: after.moved }));
      break;
    case 'sim.update':
      title = t('history.update');
      for (const [key, labelKey] of Object.entries(FIELD_KEYS)) {
        if (!(key in after)) continue;
        details.push(
          key in before
            ? t('history.change', { field: t(labelKey), from: show(before[key], empty), to: show(after[key], empty) })
            : t('history.set', { field: t(labelKey), to: show(after[key], empty) }),
        );
      }
      if (typeof after.count === 'number' && after.count > 1) details.push(t('history.together', { count: after.count }));
      break;
    case 'sim.status':
      title = t('history.status', {
        from: before.status ? t(`status.${String(before.status)}`) : empty,
        to: after.status ? t(`status.${String(after.status)}`) : empty,
      });
      if (after.reason) details.push(t('history.reason', { reason: String(after.reason) }));
      break;
    case 'sim.imei_lock':
      title = after.lockedImei ? t('history.imeiLockTo', { imei: String(after.lockedImei) }) : t('history.imeiLock');
      break;
    case 'sim.imei_unlock':
      title = t('history.imeiUnlock');
      break;
    default:
      title = event.action;
  }
  return { title, details };
}
