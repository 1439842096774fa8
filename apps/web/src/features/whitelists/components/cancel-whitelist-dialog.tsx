import type { TSimWhitelist } from '@tarang/shared/whitelists/whitelist.schemas';
import { useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormRadioGroup } from '@/components/form/fields/form-radio-group';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { useSignedIn } from '@/lib/auth';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { useCancelSimWhitelist } from '../api/apply-sim-whitelist';
import { cancelFormDefaults, cancelFormSchema } from '../utils/cancel-form';
import { useSimWhitelistMessages } from '../utils/sim-whitelist-messages';

/** The date and time field, shown once "At a date and time" is chosen. */
function LaterField() {
  const { t } = useTranslation('whitelists');
  const when = useWatch({ name: 'when' });
  if (when !== 'later') return null;
  return (
    <FormTextField
      name="at"
      type="datetime-local"
      label={t('simWhitelists.cancelDialog.at')}
      hint={t('simWhitelists.cancelDialog.atHint')}
      required
      sx={{ maxWidth: 320 }}
    />
  );
}

/**
 * Cancel Whitelist on one SIM: the whitelist of the kind taken off every profile of the SIM at its operator, now or
 * at a date and time in India time. It is one request; the console tells the user when it finishes.
 */
export function CancelWhitelistDialog({ row, onClose }: { row: TSimWhitelist; onClose: () => void }) {
  const { t } = useTranslation('whitelists');
  const { user } = useSignedIn();
  const messages = useSimWhitelistMessages();
  const cancel = useCancelSimWhitelist(row.kind);
  const schema = useMemo(() => cancelFormSchema(), []);
  const form = useSchemaForm(schema, { defaultValues: cancelFormDefaults() });
  // One submission, one key: a retry of the same choice after a lost answer is answered with the same request.
  const keeper = useRef(createIdempotencyKeeper());
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('simWhitelists.cancelDialog.title', { iccid: row.primaryIccid })}
      text={t('simWhitelists.cancelDialog.text')}
      submitLabel={t('simWhitelists.actions.cancel')}
      submitColor="warning"
      onClose={onClose}
      onSubmit={async (values) => {
        const body = { iccids: [row.primaryIccid], ...values };
        const result = await cancel.mutateAsync({ kind: row.kind, body, key: keeper.current.keyFor(body) });
        if (result.request) {
          watchRequest(user.id, { id: result.request.id, batchJobId: result.request.batchJobId, type: result.request.type });
        }
        notify.success(messages.success(result.message, 'requestCreatedPlain'));
        onClose();
      }}
    >
      <FormRadioGroup
        name="when"
        label={t('simWhitelists.cancelDialog.when')}
        options={[
          { value: 'now', label: t('simWhitelists.cancelDialog.now') },
          { value: 'later', label: t('simWhitelists.cancelDialog.later') },
        ]}
      />
      <LaterField />
    </FormDialog>
  );
}
