import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSimBatchResult, TSimFilter } from '@tarang/shared/sims/sim.schemas';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organizationOptionsQueryOptions } from '@/api/get-organization-options';
import { OrganizationSelect } from '@/components/ui/organization-select';
import { useSignedIn } from '@/lib/auth';
import { isFinished, useSimOperation } from '../api/get-operation';
import { simsResource } from '../api/get-sims';
import { type TMoveKind, useMoveSims } from '../api/move-sims';
import { useNumberFormat } from '../hooks/use-number-format';
import { useSimMessages } from '../utils/messages';
import { MoveResult, RefusedSimsTable, refusedSimsOf } from './move-result';
import { OperationProgress } from './operation-progress';

/** Which SIMs move: the ones named, or every SIM matching the list's filter (about `count` of them). */
export type TMoveTarget = { kind: 'iccids'; iccids: string[] } | { kind: 'filter'; filter: TSimFilter; count: number; estimate: boolean };

type TMoveSimsDialogProps = {
  kind: TMoveKind;
  target: TMoveTarget;
  onClose: (moved: boolean) => void;
};

/**
 * Allocate SIMs to an organisation of the caller's reach, or roll them back (to stock for staff, to the
 * caller's own organisation for an organisation). Small sets answer at once with the SIMs that could not
 * move; large ones run in the background and show a progress bar until they are done.
 */
export function MoveSimsDialog({ kind, target, onClose }: TMoveSimsDialogProps) {
  const { t } = useTranslation('sims');
  const { t: tUi } = useTranslation('ui');
  const id = useId();
  const number = useNumberFormat();
  const { failure } = useSimMessages();
  const { user } = useSignedIn();
  const ownOrganization = user.organization;
  // Asked again when the dialog opens: an organisation added a moment ago must be a choice.
  const organizations = useQuery({ ...organizationOptionsQueryOptions(), enabled: kind === 'allocate', refetchOnMount: 'always' });
  const queryClient = useQueryClient();
  const mutation = useMoveSims();
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<TSimBatchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ iccid: string; reason: string }[]>([]);

  const running = result && !isFinished(result.operation) ? result.operation.id : null;
  const progress = useSimOperation('move', running);
  const polled = progress.data;
  // A queued move is followed until it is done; then its counts are the result.
  useEffect(() => {
    if (!polled || !isFinished(polled) || polled.id !== running) return;
    setResult((current) => (current ? { ...current, operation: polled } : current));
    void queryClient.invalidateQueries({ queryKey: simsResource.keys.all });
  }, [polled, running, queryClient]);

  const targetName =
    kind === 'allocate'
      ? (organizations.data?.find((o) => o.id === organizationId)?.tradeName ?? '')
      : (ownOrganization?.tradeName ?? t('move.stock'));

  const count =
    target.kind === 'iccids'
      ? t('move.countNamed', { count: target.iccids.length, formatted: number.format(target.iccids.length) })
      : t(target.estimate ? 'move.countMatchingAbout' : 'move.countMatching', {
          count: target.count,
          formatted: number.format(target.count),
        });

  const submit = async () => {
    setTouched(true);
    if (kind === 'allocate' && !organizationId) return;
    setError(null);
    setRefused([]);
    const which = target.kind === 'iccids' ? { iccids: target.iccids } : { filter: target.filter };
    try {
      const answer = await mutation.mutateAsync(
        kind === 'allocate' ? { kind, body: { ...which, organizationId: organizationId! } } : { kind, body: which },
      );
      setResult(answer);
    } catch (e) {
      setError(failure(e));
      setRefused(refusedSimsOf(e));
    }
  };

  const done = result !== null && running === null;
  const title = t(kind === 'allocate' ? 'move.allocateTitle' : 'move.rollbackTitle');
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : () => onClose(result !== null)}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {!result && (
          <>
            <DialogContentText sx={{ mb: 2 }}>
              {kind === 'allocate'
                ? t('move.allocateText', { count })
                : ownOrganization
                  ? t('move.rollbackTextOrganization', { count, name: ownOrganization.tradeName })
                  : t('move.rollbackTextStaff', { count })}
            </DialogContentText>
            {kind === 'allocate' && (
              <OrganizationSelect
                organizations={organizations.data ?? []}
                loading={organizations.isFetching}
                value={organizationId}
                onChange={setOrganizationId}
                exclude={ownOrganization?.id}
                label={t('move.organization')}
                required
                error={touched && !organizationId}
                helperText={touched && !organizationId ? t('move.chooseOrganization') : t('move.organizationHint')}
              />
            )}
            {error && (
              <Alert severity="error" role="alert" sx={{ mt: 2, mb: refused.length ? 1 : 0 }}>
                {error}
              </Alert>
            )}
            {refused.length > 0 && <RefusedSimsTable refused={refused} />}
          </>
        )}
        {result && running && <OperationProgress op={polled ?? result.operation} label={title} />}
        {result && progress.isError && (
          <Alert severity="error" role="alert">
            {failure(progress.error)}
          </Alert>
        )}
        {done && <MoveResult kind={kind} result={result} targetName={targetName} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {!result ? (
          <>
            <Button onClick={() => onClose(false)} disabled={mutation.isPending}>
              {tUi('cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void submit()}
              disabled={mutation.isPending}
              color={kind === 'rollback' ? 'warning' : 'primary'}
            >
              {t(kind === 'allocate' ? 'actions.allocate' : 'actions.rollBack')}
            </Button>
          </>
        ) : (
          <Button variant={done ? 'contained' : 'text'} onClick={() => onClose(true)}>
            {done ? tUi('close') : t('move.runInBackground')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
