import { imeiError } from '@tarang/shared/sims/identifiers';
import type { TSim } from '@tarang/shared/sims/sim.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useSetImeiLock } from '../api/update-sim';
import { useSimMessages } from '../utils/messages';
import { refusedSimsOf } from './move-result';

/** Locks the SIM to an IMEI (typed, or the one it was last seen in), or removes the lock (Sim Actions). */
export function ImeiLockDialog({ sim, onClose }: { sim: TSim; onClose: () => void }) {
  const { t } = useTranslation('sims');
  const messages = useSimMessages();
  const mutation = useSetImeiLock();
  const lock = !sim.imeiLock;
  const schema = useMemo(
    () =>
      z.object({
        imei: z
          .string()
          .trim()
          .superRefine((imei, ctx) => {
            const problem = !lock ? null : imei ? imeiError(imei) : t('details.imeiRequired');
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }),
      }),
    [lock, t],
  );
  const form = useSchemaForm(schema, { defaultValues: { imei: sim.lastImei ?? '' }, mode: 'onTouched' });

  /** Why the SIM did not take the change: skipped in the answer, or a 422 naming it (decision 022). */
  const refuse = (reason: string) => form.setError('root', { message: messages.message(reason) });

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t(lock ? 'details.lockTitle' : 'details.unlockTitle')}
      text={lock ? t('details.lockText') : t('details.unlockText', { imei: sim.lockedImei ?? '' })}
      submitLabel={t(lock ? 'details.lock' : 'details.unlock')}
      submitColor={lock ? 'primary' : 'warning'}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async ({ imei }) => {
        let result: Awaited<ReturnType<typeof mutation.mutateAsync>>;
        try {
          result = await mutation.mutateAsync({ lock, sims: [lock ? { iccid: sim.iccid, imei } : { iccid: sim.iccid }] });
        } catch (error) {
          const refused = refusedSimsOf(error)[0];
          if (!refused) throw error;
          refuse(refused.reason);
          return;
        }
        const skipped = result.skipped[0];
        if (skipped) {
          refuse(skipped.reason);
          return;
        }
        notify.success(lock ? t('details.lockedNotice', { imei }) : t('details.unlockedNotice'));
        onClose();
      }}
    >
      {lock && (
        <FormTextField
          name="imei"
          label={t('fields.imei')}
          hint={sim.lastImei ? t('details.lastSeen', { imei: sim.lastImei }) : t('details.imeiHint')}
          fullWidth
          inputProps={{ inputMode: 'numeric', maxLength: 15 }}
        />
      )}
    </FormDialog>
  );
}
