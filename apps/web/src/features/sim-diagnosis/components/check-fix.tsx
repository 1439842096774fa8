import Button from '@mui/material/Button';
import type { TDiagnosisCheck, TSimDiagnosis } from '@tarang/shared/sims/diagnosis.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCreateRequest } from '@/features/requests/api/create-request';
import { requestHref } from '@/features/requests/components/requests-table';
import { useRequestMessages } from '@/features/requests/utils/messages';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { useSetImeiLock } from '@/features/sims/api/update-sim';
import { useApplySimWhitelist } from '@/features/whitelists/api/apply-sim-whitelist';
import { useAccess, useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { newUuid } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { useSyncSimState } from '../api/sync-sim-state';

type TProps = {
  check: TDiagnosisCheck;
  diagnosis: TSimDiagnosis;
  /** Refresh (asks the operators again). */
  onRefresh: () => void;
  refreshing: boolean;
  /** Once a fix has changed something: the checks are read again. */
  onChanged: () => void;
};

/**
 * The fix a check names, as the role allows: a request on the SIM (Resume, Activate), the IMEI lock set or lifted, the
 * whitelist applied again, the SIM's state sent to its operators again, the operators asked again, or a link to the SIM's settings, the request under way or the
 * wallet to add money to. A change is confirmed first; the server checks the permission again.
 */
export function CheckFix({ check, diagnosis, onRefresh, refreshing, onChanged }: TProps) {
  const { t } = useTranslation('sim-diagnosis');
  const { failure } = useRequestMessages();
  const { user } = useSignedIn();
  const permissions = useAccess().permissions;
  const canRefresh = useCan('sim-diagnosis', 'refresh');
  const canViewRequest = useCan('request', 'viewDetails');
  const canWhitelist = useCan(check.key === 'WHITELIST_NUMBER' ? 'whitelist-numbers' : 'whitelist-ip', 'add');
  const createRequest = useCreateRequest();
  const setLock = useSetImeiLock();
  const syncState = useSyncSimState();
  const whitelist = useApplySimWhitelist(check.key === 'WHITELIST_NUMBER' ? 'NUMBER' : 'IP');
  const [asking, setAsking] = useState(false);
  const fix = check.fix;
  if (!fix) return null;
  const iccid = diagnosis.sim.iccid;
  const label = t(`fixes.${fix.action}`);

  switch (fix.action) {
    case 'REFRESH':
      return canRefresh ? (
        <Button size="small" variant="outlined" onClick={onRefresh} disabled={refreshing}>
          {label}
        </Button>
      ) : null;
    case 'EDIT_SIM':
      return permissions.has('sim-actions') ? (
        <Button size="small" variant="outlined" component={RouterLink} to={`/sim-details?number=${iccid}`}>
          {label}
        </Button>
      ) : null;
    case 'OPEN_REQUEST':
      return canViewRequest && fix.target ? (
        <Button size="small" variant="outlined" component={RouterLink} to={requestHref(fix.target)}>
          {label}
        </Button>
      ) : null;
    case 'TOP_UP':
      // The wallet page: an organisation's own wallet with Top up; staff's list of wallets, narrowed to the SIM's organisation.
      return permissions.has('wallet') ? (
        <Button
          size="small"
          variant="contained"
          color={check.outcome === 'FAIL' ? 'primary' : 'inherit'}
          component={RouterLink}
          to={fix.target ? `/wallet?organizationId=${encodeURIComponent(fix.target)}` : '/wallet'}
        >
          {label}
        </Button>
      ) : null;
    default:
      break;
  }

  const allowed = fix.action === 'RESYNC_WHITELIST' ? canWhitelist : permissions.has('sim-actions');
  if (!allowed) return null;

  const run = async () => {
    try {
      if (fix.action === 'RESUME' || fix.action === 'ACTIVATE') {
        const made = await createRequest.mutateAsync({ body: { type: fix.action, iccids: [iccid] }, key: newUuid() });
        if (made.request) watchRequest(user.id, { id: made.request.id, batchJobId: made.request.batchJobId, type: made.request.type });
        notify.success(t('done.request', { batchJobId: made.request?.batchJobId ?? '' }));
      } else if (fix.action === 'IMEI_LOCK' || fix.action === 'IMEI_UNLOCK') {
        const lock = fix.action === 'IMEI_LOCK';
        await setLock.mutateAsync({ lock, sims: [{ iccid, ...(lock && fix.target ? { imei: fix.target } : {}) }] });
        notify.success(t(lock ? 'done.locked' : 'done.unlocked'));
      } else if (fix.action === 'SYNC_STATE') {
        const made = await syncState.mutateAsync({ iccid, key: newUuid() });
        if (made.request) watchRequest(user.id, { id: made.request.id, batchJobId: made.request.batchJobId, type: made.request.type });
        notify.success(t('done.request', { batchJobId: made.request?.batchJobId ?? '' }));
      } else if (fix.action === 'RESYNC_WHITELIST' && fix.target) {
        const made = await whitelist.mutateAsync({
          kind: check.key === 'WHITELIST_NUMBER' ? 'NUMBER' : 'IP',
          method: 'POST',
          body: { groupId: fix.target, iccids: [iccid] },
          key: newUuid(),
        });
        if (made.request) watchRequest(user.id, { id: made.request.id, batchJobId: made.request.batchJobId, type: made.request.type });
        notify.success(t('done.request', { batchJobId: made.request?.batchJobId ?? '' }));
      }
      onChanged();
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setAsking(false);
    }
  };

  const busy = createRequest.isPending || setLock.isPending || whitelist.isPending || syncState.isPending;
  return (
    <>
      <Button size="small" variant="contained" color={check.outcome === 'FAIL' ? 'primary' : 'inherit'} onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('confirm.title', { action: label })}
        text={t(`confirm.${fix.action}`, { iccid, imei: fix.target ?? '', operation: fix.target ?? '' })}
        confirmLabel={label}
        busy={busy}
        onConfirm={() => void run()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
