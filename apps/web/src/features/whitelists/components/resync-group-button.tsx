import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Button from '@mui/material/Button';
import type { TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { TCreated } from '@/features/requests/api/create-request';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { newUuid } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { resyncSimWhitelists, useResyncSimWhitelists } from '../api/apply-sim-whitelist';
import { aboutGroup, useSimWhitelistMessages } from '../utils/sim-whitelist-messages';

type TProps = {
  kind: TWhitelistKind;
  group: { id: string; name: string };
  /** The request made: the list follows it until it finishes. */
  onMade: (result: TCreated & { message?: string }) => void;
};

/**
 * Re-sync a group (the whitelist list narrowed to one group): the server is asked first how many SIMs hold the group
 * and need it again — the operator drifted from it or refused it, or it changed since they were given it — and, once
 * confirmed, one request applies it again to them all. None needing it is said, and nothing is made.
 */
export function ResyncGroupButton({ kind, group, onMade }: TProps) {
  const { t } = useTranslation('whitelists');
  const { failure } = useSimWhitelistMessages();
  const number = useNumberFormat();
  const resync = useResyncSimWhitelists(kind);
  const [checking, setChecking] = useState(false);
  const [asking, setAsking] = useState<{ count: number; key: string } | null>(null);

  const check = async () => {
    setChecking(true);
    try {
      const { preview } = await resyncSimWhitelists({ kind, body: { groupId: group.id, dryRun: true } });
      // Every SIM needing it is busy in another request: it can be re-synced once that one ends.
      if (preview.valid === 0) notify.info(t('resync.busy', { count: preview.total, group: group.name }));
      else setAsking({ count: preview.valid, key: newUuid() });
    } catch (error) {
      // Nothing to re-sync is news, not a failure.
      if (aboutGroup(error) && (error as { status?: number }).status === 422) notify.info(failure(error));
      else notify.error(failure(error));
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!asking) return;
    try {
      onMade(await resync.mutateAsync({ kind, body: { groupId: group.id }, key: asking.key }));
      setAsking(null);
    } catch (error) {
      notify.error(failure(error));
      setAsking(null);
    }
  };

  return (
    <>
      <Button variant="outlined" color="warning" startIcon={<SyncOutlined />} onClick={() => void check()} disabled={checking}>
        {t('resync.button', { group: group.name })}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={t('resync.title', { group: group.name })}
        text={t('resync.text', { count: asking?.count ?? 0, formatted: number.format(asking?.count ?? 0), group: group.name })}
        confirmLabel={t('simWhitelists.actions.resync')}
        busy={resync.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
